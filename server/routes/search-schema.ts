// The query string of GET /Api/Search (and its Atom feed): the /search screen's parameters (spec 7.3).
// zod checks each is given once and not absurdly long; parseSearchParams (contract/search/query.ts, shared
// with the screen) then reads their meaning and answers 400 for a malformed value.
import { z } from 'zod';

const once = (name: string, max: number, description: string) =>
  z
    .string({ error: `'${name}' must be given once` })
    .max(max, `'${name}' is too long (at most ${max} characters)`)
    .optional()
    .describe(description);

export const searchQuerySchema = z.looseObject({
  k: once('k', 20_000, 'All-words rows, comma-separated'),
  e: once('e', 20_000, 'Exact-phrase rows, comma-separated'),
  o: once('o', 20_000, 'Any-word rows, comma-separated'),
  n: once('n', 20_000, 'None-of-these-words rows, comma-separated'),
  ord: once('ord', 400, "Row order: tokens k1, e2, ... joined by ',' (AND) or '_' (OR)"),
  m: once('m', 20, 'Date mode: between (default), on, before, after'),
  d: once('d', 40, 'Dates MM/DD/YYYY-MM/DD/YYYY (either side may be empty)'),
  co: once('co', 12, 'Country id'),
  st: once('st', 12, 'State id'),
  ci: once('ci', 12, 'City id'),
  t: once('t', 6_000, 'Title ids, comma-separated'),
  ti: once('ti', 6_000, 'Title ids, comma-separated (same as t)'),
  bdd: once('bdd', 6_000, 'Decades, comma-separated decade starts'),
  by: once('by', 12, 'One year'),
  p: once('p', 12, 'Result page, from 1 (20 results a page)'),
  fz: once('fz', 4, '1: every word also finds its likely OCR misreadings'),
  fzx: once('fzx', 6_000, 'Misreadings set aside (not searched), comma-separated'),
  iss: once('iss', 200, "Only this issue's pages: the issue's id, e.g. sn99021999-1887-03-03-ed1"),
  sort: once('sort', 20, 'relevance (default), date (oldest first), date-desc'),
  i: once('i', 20, 'Accepted and ignored'),
  bcn: once('bcn', 20, 'Accepted and ignored'),
  url: once('url', 2048, "The page's origin: picks the site (an unknown origin gets the default site)"),
});

/** The raw query string of a request as URLSearchParams (the shared parser reads it like the screen does). */
export const rawQuery = (rawUrl: string | undefined) => {
  const raw = rawUrl ?? '';
  return new URLSearchParams(raw.includes('?') ? raw.slice(raw.indexOf('?') + 1) : '');
};
