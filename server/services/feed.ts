// Any search as an Atom 1.0 feed (RFC 4287): the newest pages first, each entry the page's title, date and
// snippet, linking to the viewer. `updated` comes from the data: when the page's batch was loaded.
import type { SearchResponse } from '../../contract/search/query';
import { xmlEscape } from './sitemap';
import * as urls from '../presentation/urls';

const ATOM_NS = 'http://www.w3.org/2005/Atom';

const dayTime = (isoDate: string) => `${isoDate}T00:00:00Z`;

/** A short, human title for the feed from the query string's words (rows k/e/o). */
export function feedTitle(siteTitle: string, qs: URLSearchParams): string {
  const words = ['k', 'e', 'o']
    .flatMap((k) => (qs.get(k) ?? '').split(','))
    .map((s) => s.trim())
    .filter(Boolean);
  const what = words.length ? `“${words.join(', ').slice(0, 120)}”` : 'newest pages';
  return `${siteTitle || 'Newspaper archive'}: ${what}`;
}

export interface FeedInput {
  origin: string;
  /** The feed's own URL (path and query), for its id and rel="self". */
  selfPath: string;
  /** The same search on the results screen, for rel="alternate". */
  searchPath: string;
  /** The feed's next page (older pages), when there is one. */
  nextPath?: string;
  title: string;
  answer: SearchResponse;
  /** When each page's batch was loaded, by page uid. */
  loaded: Map<string, string>;
  /** Fallback for `updated` when no entry has a load time (the site's last change). */
  fallbackUpdated: string;
}

export function buildAtomFeed(f: FeedInput): string {
  const entries = f.answer.results.map((r) => {
    const link = f.origin + urls.viewerPage(r.pageUid);
    const updated = f.loaded.get(r.pageUid) ?? dayTime(r.date);
    const page = r.pageNumber || String(r.sequence);
    return [
      '  <entry>',
      `    <id>${xmlEscape(link)}</id>`,
      `    <title>${xmlEscape(`${r.title}, ${r.date}, page ${page}`)}</title>`,
      `    <link rel="alternate" type="text/html" href="${xmlEscape(link)}"/>`,
      `    <published>${dayTime(r.date)}</published>`,
      `    <updated>${xmlEscape(updated)}</updated>`,
      // The snippet is escaped text with <mark> only; as type="html" it is escaped once more for XML.
      `    <summary type="html">${xmlEscape(r.snippet)}</summary>`,
      `    <category term="${xmlEscape(String(r.titleId))}" label="${xmlEscape(r.title)}"/>`,
      '  </entry>',
    ].join('\n');
  });
  const times = [...f.loaded.values()].sort();
  const updated = times.length ? times[times.length - 1] : f.fallbackUpdated || '1970-01-01T00:00:00Z';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<feed xmlns="${ATOM_NS}">`,
    `  <id>${xmlEscape(f.origin + f.selfPath)}</id>`,
    `  <title>${xmlEscape(f.title)}</title>`,
    `  <updated>${xmlEscape(updated)}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${xmlEscape(f.origin + f.selfPath)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xmlEscape(f.origin + f.searchPath)}"/>`,
    ...(f.nextPath ? [`  <link rel="next" type="application/atom+xml" href="${xmlEscape(f.origin + f.nextPath)}"/>`] : []),
    `  <author><name>${xmlEscape(f.title.split(':')[0])}</name></author>`,
    `  <generator>newspaper-archive</generator>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
