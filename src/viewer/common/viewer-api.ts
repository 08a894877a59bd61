// The viewers' calls to the API (through src/shared/data/http, the only code that talks HTTP).
import { getJson, getJsonUrl } from '../../shared/data/http';
import type { AudioItemResponse, ClipResponse, PageSearchResponse, ViewerPageResponse } from '../../../contract/viewer';

const enc = encodeURIComponent;

export const fetchViewerPage = (uid: string, signal?: AbortSignal, cache?: RequestCache) =>
  getJson<ViewerPageResponse>(`Viewer/Page/${enc(uid)}`, {}, signal, cache);

/** Hits of a text typed in the viewer (exact = one phrase). */
export const searchInPage = (uid: string, q: string, exact: boolean, signal?: AbortSignal) =>
  getJson<PageSearchResponse>(`Viewer/Page/${enc(uid)}/search`, { q, exact: exact ? '1' : '0' }, signal);

/** Hits of the search that led here: the /search parameters (k, e, o, n, ord) passed through. */
export function searchHitsFromQuery(uid: string, search: URLSearchParams, signal?: AbortSignal) {
  const params: Record<string, string> = {};
  for (const key of ['k', 'e', 'o', 'n', 'ord']) {
    const v = search.get(key);
    if (v) params[key] = v;
  }
  return getJson<PageSearchResponse>(`Viewer/Page/${enc(uid)}/search`, params, signal);
}

export const fetchAudioItem = (uid: string, signal?: AbortSignal) => getJson<AudioItemResponse>(`Viewer/Audio/${enc(uid)}`, {}, signal);
export const fetchClip = (id: string, signal?: AbortSignal) => getJson<ClipResponse>(`Viewer/Clip/${enc(id)}`, {}, signal);

/** True when the URL carries words from a search (so the viewer has hits to show). */
export const hasSearchTerms = (search: URLSearchParams) => ['k', 'e', 'o'].some((k) => (search.get(k) ?? '').trim() !== '');

/** A IIIF document (manifest or Content Search response) by URL. */
export const fetchIiif = <T = unknown>(url: string, signal?: AbortSignal) => getJsonUrl<T>(url, signal);
