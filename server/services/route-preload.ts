// A screen's code is a chunk the app imports only after its own entry has loaded and run, and the page
// viewer's data is asked for only after that chunk has run: three round trips in a row before the first
// words of the screen can show (issue #19: LCP on /search and /viewer). Named in the served HTML instead,
// the browser fetches the screen's chunks (and the viewer's page data) while the entry still loads.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { apiAnswerUrl, HOME_ENDPOINTS } from '../../contract/api';
import { parseSearchParams, searchApiParams } from '../../contract/search/query';
import { escapeHtml } from '../presentation/social';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The screens worth a head start: the routes people land on from search engines, links and shares. */
const SCREENS: [RegExp, string][] = [
  [/^\/(home)?\/?$/i, 'src/home/HomeScreen.tsx'],
  [/^\/search\/?$/i, 'src/search/SearchScreen.tsx'],
  [/^\/viewer\/?$/i, 'src/viewer/page/ViewerScreen.tsx'],
];

/** Reads Vite's build manifest once; null when the build has none (then nothing is preloaded). */
export function loadManifest(distDir: string): Manifest | null {
  const file = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

/** A chunk's own file, its static imports' files and their stylesheets, less what the entry already loads. */
function closure(manifest: Manifest, key: string): { js: string[]; css: string[] } {
  const seen = new Set<string>();
  const js: string[] = [];
  const css: string[] = [];
  const entry = new Set<string>(['index.html', ...(manifest['index.html']?.imports ?? [])]);
  const walk = (k: string) => {
    if (seen.has(k) || entry.has(k)) return;
    seen.add(k);
    const chunk = manifest[k];
    if (!chunk) return;
    js.push(chunk.file);
    for (const c of chunk.css ?? []) css.push(c);
    for (const i of chunk.imports ?? []) walk(i);
  };
  walk(key);
  return { js, css };
}

/** An API answer the app will ask for, as it will ask (src/shared/data/http.ts apiUrl: `?url={origin}` first). */
function apiPreload(req: FastifyRequest, endpoint: string, params: Record<string, string> = {}): string {
  // The origin the browser sees (location.origin in the app), not the site's canonical one.
  const origin = `${req.protocol}://${req.headers.host ?? req.hostname}`;
  const href = apiAnswerUrl(origin, endpoint, params).slice(origin.length);
  return `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeHtml(href)}" />`;
}

/** Whether /search's address is one the screen searches for (it shows an error for the others). */
function readable(query: string): boolean {
  try {
    parseSearchParams(query);
    return true;
  } catch {
    return false;
  }
}

/**
 * `<link>` tags that start early what the request's page needs first: the site's settings and theme (every
 * screen waits for them), the screen's chunks, and on /viewer?page= the page's data.
 */
export function routePreloadTags(req: FastifyRequest, path: string, manifest: Manifest | null): string {
  const tags = [apiPreload(req, HOME_ENDPOINTS.settings), apiPreload(req, HOME_ENDPOINTS.theme)];
  const screen = SCREENS.find(([re]) => re.test(path))?.[1];
  if (manifest && screen) {
    const { js, css } = closure(manifest, screen);
    for (const f of css) tags.push(`<link rel="preload" as="style" crossorigin href="/${escapeHtml(f)}" />`);
    for (const f of js) tags.push(`<link rel="modulepreload" crossorigin href="/${escapeHtml(f)}" />`);
  }
  const query = req.url.split('?')[1] ?? '';
  const page = screen?.includes('/viewer/') ? new URLSearchParams(query).get('page') : null;
  if (page) tags.push(apiPreload(req, `Viewer/Page/${encodeURIComponent(page)}`));
  // /search's results, asked for as the screen asks (use-search-results.ts), when the address is a search.
  if (screen?.includes('/search/') && readable(query)) tags.push(apiPreload(req, 'Search', searchApiParams(query)));
  return tags.join('\n    ');
}
