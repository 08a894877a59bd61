// Which site a request is for: the one whose origin (or bare host) matches `url`, else the default site.
import type { Store } from '../store';
import type { SiteRow } from '../store/types';

/** Stands in when no site is configured at all (a store before the demo or the admin created one). */
const UNCONFIGURED: SiteRow = { id: 0, slug: 'default', name: 'Historic Newspaper Archive', isDefault: true, origins: [], updatedAt: '' };

export async function resolveSite(store: Store, origin: string): Promise<SiteRow> {
  const found = await store.sites.findByOrigin(origin);
  if (found) return found;
  try {
    return await store.sites.getDefault();
  } catch (err) {
    if ((await store.sites.list()).length === 0) return UNCONFIGURED;
    throw err;
  }
}

/**
 * resolveSite with a memo per data version: every site change bumps the version (sites repository),
 * so a lookup is reused only while nothing about the sites can have changed. Bounded: an origin is
 * whatever a client sends.
 */
export class SiteResolver {
  private version = -1;
  private readonly byOrigin = new Map<string, SiteRow>();

  constructor(
    private readonly store: Store,
    private readonly maxOrigins = 1000,
  ) {}

  async resolve(origin: string, version: number): Promise<SiteRow> {
    if (version !== this.version) {
      this.byOrigin.clear();
      this.version = version;
    }
    const known = this.byOrigin.get(origin);
    if (known) return known;
    const site = await resolveSite(this.store, origin);
    if (this.byOrigin.size >= this.maxOrigins) this.byOrigin.clear();
    if (this.version === version) this.byOrigin.set(origin, site);
    return site;
  }
}
