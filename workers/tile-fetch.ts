// Fetching a kept page's image tiles, off the main thread: adding a page to a list keeps it for offline
// (src/shared/lists/keep-page.ts), and a few dozen tile requests, with their bodies read, would otherwise run
// on the thread that answers the visitor. The requests go through the service worker (a dedicated worker
// is controlled like its page), which keeps them in the tile cache and the page's ledger as when the visitor
// reads; what it could not write is put into the cache here.

/** Resolves after `ms`: the service worker writes its cache and ledger just after answering. */
const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Fetches `urls`, `parallel` at a time (the first failure stops the rest, as a save does), makes sure each is
 * in the Cache Storage cache `cacheName`, and returns each URL's bytes.
 */
export async function fetchTilesToCache(urls: string[], cacheName: string, parallel = 4, settleMs = 300): Promise<Record<string, number>> {
  // Bodies as ArrayBuffers, not Blobs: each Blob made here is registered with the browser through the page's
  // thread (a hundred small tasks there for a page's tiles: bench/lists.ts traces).
  const kept = new Map<string, { bytes: ArrayBuffer; type: string }>();
  const queue = [...urls];
  const worker = async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      const res = await fetch(url, { credentials: 'same-origin' });
      if (!res.ok) throw new Error(`${res.status} ${res.statusText || 'error'} for ${new URL(url).pathname}`);
      kept.set(url, { bytes: await res.arrayBuffer(), type: res.headers.get('content-type') ?? '' });
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, queue.length) }, worker));
  await pause(settleMs);
  if (typeof caches !== 'undefined') {
    const cache = await caches.open(cacheName);
    for (const [url, body] of kept) {
      if (await cache.match(url)) continue;
      await cache.put(
        url,
        new Response(body.bytes, { headers: { 'content-type': body.type || 'application/octet-stream', 'content-length': String(body.bytes.byteLength) } }),
      );
    }
  }
  return Object.fromEntries([...kept].map(([url, body]) => [url, body.bytes.byteLength]));
}
