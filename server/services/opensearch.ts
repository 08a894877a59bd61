// OpenSearch 1.1: the description document browsers read to add the site as a search engine, and the
// suggestions answer (the OpenSearch Suggestions extension's JSON: [query, [completions]]) made from
// words that occur in the archive's pages.
import { foldToken, tokenize } from '../../contract/search/tokens';
import type { Store } from '../store';
import type { SiteRow } from '../store/types';
import { xmlEscape } from './sitemap';

import { OPENSEARCH_PATH, SEARCH_FEED_PATH as FEED_PATH, SUGGEST_PATH } from '../../contract/discovery';

export { FEED_PATH, SUGGEST_PATH };
/** Pages whose words are read for one suggestion list: enough to rank common completions, bounded in cost. */
const SAMPLE_PAGES = 60;
const MAX_SUGGESTIONS = 8;
const MIN_PREFIX = 2;

/** ShortName may hold at most 16 characters (OpenSearch 1.1). */
const shortName = (title: string) => (title.length <= 16 ? title : `${title.slice(0, 15).trimEnd()}…`);

export function buildOpenSearchDescription(origin: string, siteTitle: string): string {
  const title = siteTitle.trim() || 'Newspaper archive';
  const url = (type: string, template: string, rel = '') =>
    `  <Url type="${type}"${rel ? ` rel="${rel}"` : ''} method="get" template="${xmlEscape(origin + template)}"/>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/">',
    `  <ShortName>${xmlEscape(shortName(title))}</ShortName>`,
    `  <LongName>${xmlEscape(title.slice(0, 48))}</LongName>`,
    `  <Description>${xmlEscape(`Search the newspaper pages of ${title}`.slice(0, 1024))}</Description>`,
    '  <InputEncoding>UTF-8</InputEncoding>',
    '  <OutputEncoding>UTF-8</OutputEncoding>',
    `  <Image type="image/svg+xml" width="64" height="64">${xmlEscape(`${origin}/favicon.svg`)}</Image>`,
    url('text/html', '/search?k={searchTerms}&ord=k1'),
    url('application/x-suggestions+json', `${SUGGEST_PATH}?q={searchTerms}`),
    url('application/atom+xml', `${FEED_PATH}?k={searchTerms}&ord=k1`),
    url('application/opensearchdescription+xml', OPENSEARCH_PATH, 'self'),
    '</OpenSearchDescription>',
    '',
  ].join('\n');
}

/**
 * Completions of the last word typed, from words in the site's pages: the pages holding a word with that
 * prefix (a sample, found by the full-text index) are read and their words ranked by how many of those
 * pages hold them. Earlier words are kept as typed: "civil wa" -> "civil war", "civil wagon".
 */
export async function suggestions(store: Store, site: SiteRow, typed: string): Promise<[string, string[]]> {
  const words = typed.trim().split(/\s+/).filter(Boolean);
  const last = words.length ? foldToken(words[words.length - 1]) : '';
  if (!/^[\p{L}\p{N}]+$/u.test(last) || last.length < MIN_PREFIX) return [typed, []];
  const head = words.slice(0, -1).join(' ');
  const texts = await store.discovery.textsWithPrefix(last, await store.sites.getTitleIds(site.id), SAMPLE_PAGES);
  const pages = new Map<string, number>();
  for (const text of texts) {
    for (const word of new Set(tokenize(text))) if (word.startsWith(last) && word.length > 1) pages.set(word, (pages.get(word) ?? 0) + 1);
  }
  const ranked = [...pages].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, MAX_SUGGESTIONS);
  return [typed, ranked.map(([w]) => (head ? `${head} ${w}` : w))];
}
