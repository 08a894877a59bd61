/// <reference lib="webworker" />
// A page kept for a list (or saved) needs its tiles: the app sends their URLs here (contract/saved-files.ts
// KEEP_TILES_MESSAGE) and this worker fetches them with the tile route's own strategy, so they land in the
// tile cache and the page's ledger exactly as when the visitor reads, and answers each URL's bytes on the
// message's port. Fetched by the archive worker instead, every tile request was reported to the page's
// thread (Chromium's resource-load notifications): a hundred small tasks there after "Add to list".
import { eachLimited } from '../contract/each-limited';
import { KEEP_TILES_MESSAGE, type KeepTilesAnswer, type KeepTilesRequest } from '../contract/saved-files';
import { pageTileStrategy } from './images';
import { pageUidOfTile } from './rules';

declare const self: ServiceWorkerGlobalScope;

/** Requests at once: tiles are small, and the visitor may be reading meanwhile. */
const PARALLEL = 4;

async function keepTiles(urls: string[], event: ExtendableEvent): Promise<Record<string, number>> {
  const sizes: Record<string, number> = {};
  await eachLimited(urls, PARALLEL, async (url) => {
    const res = await pageTileStrategy.handle({ request: new Request(url, { credentials: 'same-origin' }), event });
    if (!res?.ok) throw new Error(`${res?.status ?? 'no answer'} for ${new URL(url).pathname}`);
    const declared = Number(res.headers.get('content-length'));
    sizes[url] = declared > 0 ? declared : (await res.arrayBuffer()).byteLength;
  });
  return sizes;
}

export function registerKeepTiles(origin: string) {
  self.addEventListener('message', (event) => {
    const data = event.data as Partial<KeepTilesRequest> | null;
    const port = event.ports[0];
    if (data?.type !== KEEP_TILES_MESSAGE || !port || !Array.isArray(data.urls)) return;
    // Only this site's page images: the message cannot make this worker fetch anything else.
    const urls = data.urls.filter((u): u is string => {
      try {
        const url = new URL(String(u));
        return url.origin === origin && pageUidOfTile(url) !== null;
      } catch {
        return false;
      }
    });
    const answer = (a: KeepTilesAnswer) => port.postMessage(a);
    event.waitUntil(
      keepTiles(urls, event).then(
        (sizes) => answer({ sizes }),
        (error) => answer({ error: error instanceof Error ? error.message : String(error) }),
      ),
    );
  });
}
