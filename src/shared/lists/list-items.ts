// What each place that offers "Add to list" hands to the list store (device-db/lists.ts): the item's display
// data, so a list shows it offline even when the page itself was never kept on this device.
import { pageText, type ListItemInput } from '../../../device-db/lists';
import type { Box, ClipResponse, ViewerPageResponse } from '../../../contract/viewer';
import type { SearchResult } from '../../../contract/search/query';
import { resultThumbnailPath } from '../../../contract/saved-files';
import { pageLabel } from '../lib/format';

/** A site-relative address always starts with one '/' (what the list file's import accepts). */
const rooted = (path: string) => (path ? `/${path.replace(/^\/+/, '')}` : '');

export function pageListItem(page: ViewerPageResponse): ListItemInput {
  return {
    kind: 'page',
    ref: page.uid,
    title: page.title,
    date: page.date,
    page: pageLabel(page),
    thumbnail: page.imageService ? rooted(resultThumbnailPath(page.uid)) : '',
    href: `/viewer?page=${encodeURIComponent(page.uid)}`,
    text: pageText(page),
  };
}

/** A result's snippet as plain text: its HTML holds only escaped text and <mark> elements. */
export function snippetText(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

export function resultListItem(hit: SearchResult, href: string): ListItemInput {
  return {
    kind: 'page',
    ref: hit.pageUid,
    title: hit.title,
    date: hit.date,
    page: pageLabel({ number: hit.pageNumber, sequence: hit.sequence }),
    thumbnail: rooted(hit.thumbnail),
    snippet: snippetText(hit.snippet),
    href: href.startsWith('/') ? href : `/viewer?page=${encodeURIComponent(hit.pageUid)}`,
  };
}

/** A search, named as the results screen describes it; `query` is its query string without '?'. */
export function searchListItem(query: string, label: string): ListItemInput {
  return { kind: 'search', ref: query, title: label, href: `/search?${query}` };
}

/** The site-relative form of an address of this site ('' for another host's). */
function sitePath(url: string): string {
  try {
    const u = new URL(url, location.origin);
    return u.origin === location.origin ? `${u.pathname}${u.search}` : '';
  } catch {
    return '';
  }
}

/** A clipping: its region of the page, its caption as the snippet, its image as the thumbnail. */
export function clipListItem(clip: ClipResponse): ListItemInput {
  return {
    kind: 'clip',
    ref: clip.id,
    title: clip.title,
    date: clip.date,
    page: pageLabel(clip),
    thumbnail: sitePath(clip.imageUrl),
    snippet: clip.caption,
    region: { x: clip.x, y: clip.y, w: clip.w, h: clip.h },
    href: `/clipsocialsharing?clip=${encodeURIComponent(clip.id)}`,
  };
}

/** The IIIF canvas of a page (site-relative): the manifest's sibling, as the server names canvases. */
export const pageCanvas = (page: Pick<ViewerPageResponse, 'manifest' | 'uid'>): string => {
  const path = new URL(page.manifest, location.origin).pathname;
  return path.endsWith('/manifest.json') ? path.replace(/manifest\.json$/, `canvas/${encodeURIComponent(page.uid)}`) : '';
};

/** A note pinned to a region of a page (drawn with the viewer's box tool): the words inside it as its snippet. */
export function regionListItem(page: ViewerPageResponse, [x, y, w, h]: Box): ListItemInput {
  const region = { x: Math.round(x), y: Math.round(y), w: Math.round(w), h: Math.round(h) };
  const inside = page.words
    .slice(0, page.correctedWordsFrom ?? page.words.length)
    .filter(([, wx, wy, ww, wh]) => wx + ww / 2 >= x && wx + ww / 2 <= x + w && wy + wh / 2 >= y && wy + wh / 2 <= y + h)
    .map((word) => word[0])
    .join(' ');
  const xywh = `${region.x},${region.y},${region.w},${region.h}`;
  return {
    kind: 'clip',
    ref: `${page.uid}#xywh=${xywh}`,
    title: page.title,
    date: page.date,
    page: pageLabel(page),
    thumbnail: page.imageService ? sitePath(`${page.imageService}/${xywh}/!200,300/0/default.jpg`) : '',
    snippet: inside.slice(0, 5000),
    region,
    canvas: pageCanvas(page) || undefined,
    href: `/viewer?page=${encodeURIComponent(page.uid)}&region=${xywh}`,
  };
}
