// Messages from our service worker (sw/broadcast.ts): a stale-while-revalidate answer changed on the
// server, so whoever shows it should read it again. The fresh copy is already in Cache Storage.

export const CACHE_UPDATED = 'archive:cache-updated';

export interface CacheUpdatedMessage {
  type: typeof CACHE_UPDATED;
  url: string;
  cacheName: string;
}

type Listener = (url: string) => void;
const listeners = new Set<Listener>();
let listening = false;

function listen() {
  if (listening || typeof navigator === 'undefined' || !navigator.serviceWorker) return;
  listening = true;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    const msg = event.data as Partial<CacheUpdatedMessage> | undefined;
    if (msg?.type === CACHE_UPDATED && typeof msg.url === 'string') listeners.forEach((l) => l(msg.url!));
  });
}

/** Calls `listener` with the full URL of every cached API answer that changed. */
export function onCachedAnswerUpdated(listener: Listener): () => void {
  listen();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Reads an updated answer straight from Cache Storage (no network, so no second revalidation). */
export async function readCachedJson<T>(url: string): Promise<T | undefined> {
  if (typeof caches === 'undefined') return undefined;
  const res = await caches.match(url);
  return res ? ((await res.json()) as T) : undefined;
}
