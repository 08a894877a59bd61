// Which routes need the network, and how to say so (the offline banner and screens use the same words).
// Contact Us is not here: a message written offline waits in the outbox (outbox.ts).

const NEEDS_NETWORK: Array<{ prefix: string; what: string }> = [
  { prefix: '/search', what: 'Searching the archive' },
  { prefix: '/pdfviewer', what: 'The PDF viewer' },
  { prefix: '/audioviewer', what: 'The audio viewer' },
  { prefix: '/universalviewer', what: 'The universal viewer' },
  { prefix: '/clipsocialsharing', what: 'Sharing a clipping' },
  { prefix: '/sitedirectory', what: 'The site directory' },
  { prefix: '/admin', what: 'The admin area' },
];

/** What on this path needs a connection, or null when the path works from saved data. */
export function needsNetwork(path: string): string | null {
  const p = path.toLowerCase();
  return NEEDS_NETWORK.find((n) => p === n.prefix || p.startsWith(`${n.prefix}/`))?.what ?? null;
}

export const OFFLINE_SAVED = 'You are offline — showing saved data.';
export const OFFLINE_LIMITS = 'Searching the whole archive, pages not opened before on this device and narrowing titles by decade need a connection.';
export const needsConnectionText = (what: string) => `${what} needs a network connection. It will work again when you are back online.`;

/** What still opens offline on a path that needs the network, from what this device keeps (or null). */
export function keptOffline(path: string): string | null {
  return /^\/search(\/|$)/i.test(path) ? 'Results pages you have already seen open from this device. Other searches look through the pages saved on it.' : null;
}
