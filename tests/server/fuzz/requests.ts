// Generated requests for the route fuzzers (in-process and over real sockets): one shape, two transports.
import fc from 'fast-check';
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { RouteEntry } from '../../../server/plugins/route-table';
import { IIIF_STRINGS, NASTY_STRINGS, RAW_QUERIES, encodePart, jsonValue, scalar } from './hostile';

export const BODY_FIELDS = [
  'username',
  'password',
  'role',
  'slug',
  'name',
  'isDefault',
  'origins',
  'titleIds',
  'sourcePath',
  'marcPath',
  'kind',
  'caption',
  'pageUid',
  'x',
  'y',
  'w',
  'h',
  'url',
  'email',
  'subject',
  'message',
  'current',
  'next',
  'Status',
  'BannerHeading',
  'BannerContent',
  'header',
  'footer',
  'MenuLink',
  'MenuText',
  'SiteTitle',
  'PrimaryColor',
];
const QUERY_KEYS = [
  'url',
  'q',
  'k',
  'e',
  'o',
  'n',
  'ord',
  'm',
  'd',
  'co',
  'st',
  'ci',
  't',
  'ti',
  'bdd',
  'by',
  'p',
  'page',
  'sort',
  'clip',
  'exact',
  'download',
  'titleIds',
  'decades',
  'solrType',
  'ts',
];
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=zz',
  'application/xml',
  '',
];

/** Fills a route pattern's parameters (":id", "*") with generated path segments. */
export function pathFor(url: string, values: string[]): string {
  let i = 0;
  const next = () => encodePart(values[i++ % values.length] ?? '');
  return url.replace(/:[A-Za-z_]+/g, () => next()).replace(/\*/g, () => values.slice(0, 3).map(encodePart).join('/'));
}

/**
 * A real folder given to POST /Api/Admin/Jobs starts a real ingest of it: an admin's legitimate action, not
 * a fuzz target (".", "/" and ".." are all folders). Such values are swapped for a missing folder.
 */
export function noRealFolders(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const out = { ...(body as Record<string, unknown>) };
  for (const k of ['sourcePath', 'marcPath']) {
    const v = out[k];
    if (typeof v === 'string' && v.trim() && existsSync(resolve(v.trim())) && statSync(resolve(v.trim())).isDirectory()) out[k] = 'no-such-folder';
  }
  return out;
}

export function requestArb(routes: RouteEntry[], real: string[]) {
  const s = scalar(real);
  const fieldName = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...BODY_FIELDS) }, { weight: 1, arbitrary: fc.constantFrom(...NASTY_STRINGS) });
  const body = fc.oneof(
    { weight: 5, arbitrary: fc.dictionary(fieldName, jsonValue(real), { maxKeys: 8 }) },
    { weight: 1, arbitrary: jsonValue(real) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('{', '{"a":', 'null', '[]', '"x"', '{"__proto__":{"isAdmin":true}}', `{"caption":"${'x'.repeat(200_000)}"}`, '\u0000'),
    },
  );
  return fc.record({
    route: fc.constantFrom(...routes),
    who: fc.constantFrom('anonymous', 'admin', 'no-xsrf'),
    params: fc.oneof(
      fc.array(s, { minLength: 1, maxLength: 6 }),
      // Shaped like an image request (a real page, then region/size/rotation/quality.format edge values).
      fc.tuple(fc.constantFrom(...real.slice(0, 3)), ...Array.from({ length: 4 }, () => fc.constantFrom(...IIIF_STRINGS))),
    ),
    query: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), s), s), { maxLength: 5 }),
    body,
    contentType: fc.constantFrom(...CONTENT_TYPES),
    rawBody: fc.boolean(),
    rawQuery: fc.oneof({ weight: 3, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constantFrom(...RAW_QUERIES) }),
  });
}

export type FuzzRequest = ReturnType<typeof requestArb> extends fc.Arbitrary<infer T> ? T : never;
export type Who = FuzzRequest['who'];

/** Method, URL, headers and body of a generated request; `session` is the admin cookie value when signed in. */
export function materialise(r: FuzzRequest, xsrf: string, session?: string) {
  const url = pathFor(r.route.url, r.params);
  const qs = [...r.query.map(([k, v]) => `${encodePart(k)}=${encodePart(v)}`), ...(r.rawQuery ? [r.rawQuery] : [])].join('&');
  const headers: Record<string, string> = {};
  const cookies: Record<string, string> = { 'XSRF-TOKEN': xsrf };
  if (r.who !== 'no-xsrf') headers['x-xsrf-token'] = xsrf;
  if (session) cookies.archive_session = session;
  let payload: string | undefined;
  if (!['GET', 'HEAD', 'OPTIONS'].includes(r.route.method)) {
    const b = noRealFolders(r.body);
    payload = typeof b === 'string' && r.rawBody ? b : JSON.stringify(b ?? null);
    if (r.contentType) headers['content-type'] = r.contentType;
  }
  return { method: r.route.method, url: qs ? `${url}?${qs}` : url, headers, cookies, payload };
}
