// The origin written into absolute URLs of public, cacheable answers (sitemaps, robots.txt, OpenSearch,
// feeds, the OpenAPI servers, share pages, IIIF ids). It comes from the sites' configured origins, never
// from the Host header as sent: a Host (or, with TRUST_PROXY, an X-Forwarded-Host) that no site lists is
// answered with the default site's canonical origin, so a hostile header cannot poison a cache.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Store } from '../store';
import type { SiteRow } from '../store/types';

declare module 'fastify' {
  interface FastifyRequest {
    /** This request's site and its canonical origin (set for every request by registerCanonicalOrigin). */
    site: { row: SiteRow; origin: string };
  }
}

const FULL_ORIGIN = /^https?:\/\/[^/]+$/i;

/** The site list, reloaded when the data version moves (every site change bumps it). */
class OriginBook {
  private version = -1;
  private sites: SiteRow[] = [];

  constructor(private readonly store: Store) {}

  async refresh(): Promise<void> {
    const version = await this.store.meta.dataVersion();
    if (version === this.version) return;
    this.sites = await this.store.sites.list();
    this.version = version;
  }

  /**
   * The site for the origin the client asked for and that site's canonical origin: the asked origin when a
   * site lists it exactly; the scheme and port asked with the listed host when a site lists the bare host;
   * otherwise the default site and its first configured origin.
   */
  resolve(protocol: string, host: string, fallback: string): { row: SiteRow; origin: string } {
    let asked: URL | null = null;
    try {
      asked = new URL(`${protocol}://${host}`);
    } catch {
      asked = null;
    }
    if (asked && !asked.username && !asked.password && asked.pathname === '/') {
      const origin = asked.origin.toLowerCase();
      for (const row of this.sites) if (row.origins.some((o) => o.toLowerCase() === origin)) return { row, origin };
      for (const row of this.sites) {
        if (row.origins.some((o) => !o.includes('/') && o.toLowerCase() === asked.hostname)) return { row, origin };
      }
    }
    const row = this.sites.find((s) => s.isDefault) ?? this.sites[0] ?? UNCONFIGURED;
    return { row, origin: defaultOrigin(row, protocol, fallback) };
  }
}

const UNCONFIGURED: SiteRow = { id: 0, slug: 'default', name: 'Historic Newspaper Archive', isDefault: true, origins: [], updatedAt: '' };

/** A site's own origin: its first full origin, else the scheme asked with its first bare host, else the server's address. */
export function defaultOrigin(row: SiteRow, protocol: string, fallback: string): string {
  const full = row.origins.find((o) => FULL_ORIGIN.test(o));
  if (full) return full.toLowerCase().replace(/\/+$/, '');
  const bare = row.origins.find((o) => /^[a-z0-9.-]+$/i.test(o));
  if (bare) return `${protocol === 'https' ? 'https' : 'http'}://${bare.toLowerCase()}`;
  return fallback;
}

/**
 * Sets req.site on every request but image tiles and media files (which write no URL). Fastify's req.host
 * already reads X-Forwarded-Host when TRUST_PROXY is on, and that value is checked like any Host.
 */
export function registerCanonicalOrigin(app: FastifyInstance) {
  const book = new OriginBook(app.store);
  const fallback = `http://${app.config.host === '0.0.0.0' || app.config.host === '::' ? 'localhost' : app.config.host}:${app.config.port}`;
  app.decorateRequest('site', null as unknown as FastifyRequest['site']);
  app.addHook('onRequest', async (req) => {
    // The path only: a query string may hold slashes of its own ('info.json?a=/b/c').
    const q = req.url.indexOf('?');
    const path = q < 0 ? req.url : req.url.slice(0, q);
    if (/^\/(media|assets)\//.test(path) || /^\/iiif\/3\/[^/]+\/[^/]+\/[^/]+\//.test(path)) return;
    await book.refresh();
    req.site = book.resolve(req.protocol, req.host, fallback);
  });
}

/** The canonical origin of a request's site ("https://archive.example"), for absolute URLs. */
export const canonicalOrigin = (req: FastifyRequest): string => req.site.origin;
