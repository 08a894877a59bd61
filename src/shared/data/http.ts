// The only place that talks HTTP to our API. Screens use the hooks in src/shared/data, never fetch directly.
import { apiAnswerUrl, type ApiError } from '../../../contract/api';

export class ApiRequestError extends Error {
  constructor(
    message: string,
    public readonly status: number,
    public readonly offline: boolean,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

export const apiBase = () => `${location.origin}/Api/`;
export const currentOrigin = () => location.origin;

export function readCookie(name: string): string | null {
  const m = document.cookie.match(new RegExp(`(?:^|; )${name.replace(/[-.]/g, '\\$&')}=([^;]*)`));
  return m ? decodeURIComponent(m[1]) : null;
}

/** The full URL of GET {apiURL}{endpoint}?url={origin}&...: also the key of its cached copy. */
export const apiUrl = (endpoint: string, params: Record<string, string | number | undefined> = {}): string => apiAnswerUrl(currentOrigin(), endpoint, params);

/** GET {apiURL}{endpoint}?url={origin}&... and parse JSON; failures become ApiRequestError. */
export async function getJson<T>(
  endpoint: string,
  params: Record<string, string | number | undefined> = {},
  signal?: AbortSignal,
  cache?: RequestCache,
): Promise<T> {
  return request<T>(apiUrl(endpoint, params), { signal, cache });
}

const taken = new Set<string>();
/**
 * The cache mode a GET of `url` goes out with. The served page's head may ask for a screen's first answer
 * (server/services/route-preload.ts). The first request of that URL, whatever its mode, takes it: a 'no-cache'
 * request would not match the preload, so it goes out as 'default'. Every later request of the URL keeps its mode,
 * so a refetch (after a correction, say) asks the server again instead of reading the page's first answer.
 */
function cacheFor(url: string, cache: RequestCache | undefined): RequestCache | undefined {
  if (taken.has(url) || typeof document === 'undefined') return cache;
  if (![...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]')].some((l) => l.href === url)) return cache;
  taken.add(url);
  return cache === 'no-cache' ? 'default' : cache;
}

/** GET any same-origin JSON document by its URL (IIIF manifests and search services live outside /Api/). */
export async function getJsonUrl<T>(url: string, signal?: AbortSignal): Promise<T> {
  return request<T>(new URL(url, location.origin).toString(), { signal });
}

/** POST/PUT/DELETE JSON with the X-XSRF-TOKEN header (spec 7.1). */
export async function sendJson<T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', endpoint: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const headers: Record<string, string> = { 'X-XSRF-TOKEN': readCookie('XSRF-TOKEN') ?? '' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return request<T>(`${apiBase()}${endpoint}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal, credentials: 'same-origin' });
}

/** Like getJson, also giving the answer's ETag (to skip re-saving an answer already saved). */
export async function getJsonWithEtag<T>(endpoint: string, params: Record<string, string | number | undefined> = {}, signal?: AbortSignal): Promise<{ data: T; etag: string | null }> {
  let etag: string | null = null;
  const data = await request<T>(apiUrl(endpoint, params), { signal }, (res) => (etag = res.headers.get('etag')));
  return { data, etag };
}

async function request<T>(url: string, init: RequestInit, onResponse?: (res: Response) => void): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, init.method && init.method !== 'GET' ? init : { ...init, cache: cacheFor(url, init.cache) });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiRequestError('You appear to be offline: this needs a network connection.', 0, true);
  }
  if (!res.ok) {
    let message = `The server answered ${res.status}.`;
    let explained = false;
    try {
      const error = ((await res.json()) as ApiError).error;
      explained = !!error;
      message = error || message;
    } catch {
      /* not JSON */
    }
    // A 503 the archive explains with Retry-After (a search over its time budget) is its answer, not an outage.
    const busy = res.status === 503 && explained && res.headers.has('retry-after');
    throw new ApiRequestError(message, res.status, (res.status === 503 || res.status === 504) && !busy);
  }
  onResponse?.(res);
  return (await res.json()) as T;
}
