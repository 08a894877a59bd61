// Fetching a kept page's image tiles in the archive worker, when no service worker controls the page to fetch
// them itself (sw/keep-tiles.ts; a page in a list is kept by workers/list-writes.ts). The requests still go
// through a service worker when one takes over meanwhile (a dedicated worker is controlled like its page), which
// keeps them in the tile cache and the page's ledger as when the visitor reads; what it did not write is put
// into the cache here.
import { eachLimited } from '../contract/each-limited';

/** Resolves after `ms`: the service worker writes its cache and ledger just after answering. */
const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Fetches `urls`, `parallel` at a time (the first failure stops the rest, as a save does), makes sure each is
 * in the Cache Storage cache `cacheName`, and returns each URL's bytes.
 */
export async function fetchTilesToCache(urls: string[], cacheName: string, parallel = 4, settleMs = 300): Promise<Record<string, number>> {
  const kept = new Map<string, Blob>();
  await eachLimited(urls, parallel, async (url) => {
    const res = await fetch(url, { credentials: 'same-origin' });
    if (!res.ok) throw new Error(`${res.status} ${res.statusText || 'error'} for ${new URL(url).pathname}`);
    kept.set(url, await res.blob());
  });
  await pause(settleMs);
  if (typeof caches !== 'undefined') {
    const cache = await caches.open(cacheName);
    for (const [url, blob] of kept) {
      if (await cache.match(url)) continue;
      await cache.put(url, new Response(blob, { headers: { 'content-type': blob.type || 'application/octet-stream', 'content-length': String(blob.size) } }));
    }
  }
  return Object.fromEntries([...kept].map(([url, blob]) => [url, blob.size]));
}
