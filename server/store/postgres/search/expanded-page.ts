// A relevance page of an expanded search (a pattern's or an OCR-tolerant word's forms: match-sets.ts), in RUM's
// order (distance, then date, then id), with the matches found and counted once.
import type { Clause, TextGroup, TextPlan } from '../../../../contract/search/plan';
import type { SearchCounts } from '../../types';
import { planTsquery, rankTsquery } from '../tsquery';
import { matchesOpts, singleWord, where, type Where } from './where';
import { wordInfo } from './word-facts';
import { rankListPage } from './rank-list-page';
import { countsOf } from './counts';
import { distanceOnePass, rumPage } from './rum-page';
import { orPlan, orPlanWorth, orPostingsPage, readOrPostings } from './or-postings';
import { ORDERED_ROW_COST, SPARE_ROWS, type Tuning } from './tuning';
import type { SearchPass } from './pass';

type Cells = [number, number, number][] | null;

/** The words of a clause's alternatives, each alternative once: an 'any' clause's words one each. */
const units = (c: Clause): string[][] => (c.kind === 'any' ? c.tokens.map((t) => [t]) : c.kind === 'or' ? c.clauses.flatMap(units) : [c.tokens]);
const tokens = (c: Clause): string[] => units(c).flat();
/** Whether a clause's alternatives may be set apart (an 'all', phrase or proximity clause is one requirement). */
const split = (c: Clause) => c.kind === 'any' || c.kind === 'or';

/** A clause without the alternatives holding a rare word; null when none is left. */
function without(c: Clause, rare: Set<string>): Clause | null {
  if (!split(c)) return c;
  if (c.kind === 'any') {
    const kept = c.tokens.filter((t) => !rare.has(t));
    return kept.length ? { kind: 'any', tokens: kept } : null;
  }
  if (c.kind !== 'or') return c;
  const kept = c.clauses.map((x) => (x.kind === 'any' || x.kind === 'or' ? without(x, rare) : x.tokens.some((t) => rare.has(t)) ? null : x));
  const left = kept.filter((x): x is Clause => x !== null);
  return left.length ? (left.length === 1 ? left[0] : { kind: 'or', clauses: left }) : null;
}

export interface RareSplit {
  /** Words of the alternatives set apart: the pages holding any of them are ordered from their tsvectors. */
  rare: string[];
  /** The plan without them (empty when a clause had only rare alternatives), for RUM's ordered scan. */
  frequent: TextGroup[];
  /** Pages holding the frequent plan's words, summed (search_words). */
  frequentPages: number;
}

/**
 * The alternatives on fewest pages set apart, as long as their pages together stay under `rareFormPages`, so that
 * RUM's ordered scan holds at most `orderedScanWords` words. A page holding none of the rare words has the same
 * RUM distance for the whole query as for the query without them (a distance is worked out from the query words a
 * page holds), and matches the whole plan exactly when it matches the plan without them. Null when no such split
 * exists: one group only, and no word both rare and frequent.
 */
export function rareSplit(groups: TextGroup[], pages: Map<string, number>, tune: Pick<Tuning, 'rareFormPages' | 'orderedScanWords'>): RareSplit | null {
  if (groups.length !== 1) return null;
  const [g] = groups;
  const fixed = new Set(g.must.filter((c) => !split(c)).flatMap(tokens));
  const alts = g.must.filter(split).flatMap(units);
  const weight = (u: string[]) => u.reduce((n, t) => n + (pages.get(t) ?? 0), 0);
  const sorted = [...new Map(alts.map((u) => [u.join(' '), u])).values()].sort((a, b) => weight(a) - weight(b));
  const rare = new Set<string>();
  let sum = 0;
  for (const u of sorted) {
    if (sum + weight(u) > tune.rareFormPages) break;
    sum += weight(u);
    for (const t of u) rare.add(t);
  }
  // An alternative that shares a word with a rare one goes with it, all its words: a page outside the rare pages
  // then holds no word of any alternative left out (a word of the query on a page changes its distance).
  for (let grew = true; grew;) {
    grew = false;
    for (const u of alts)
      if (u.some((t) => rare.has(t)) && !u.every((t) => rare.has(t))) {
        for (const t of u) rare.add(t);
        grew = true;
      }
  }
  if ([...rare].reduce((n, t) => n + (pages.get(t) ?? 0), 0) > tune.rareFormPages) return null;
  const kept = g.must.map((c) => without(c, rare));
  const frequent = kept.every((c) => c !== null) ? [{ must: kept as Clause[], exclude: g.exclude }] : [];
  const words = new Set(frequent.flatMap((x) => x.must.flatMap(tokens)));
  if ([...rare].some((t) => words.has(t) || fixed.has(t)) || words.size > tune.orderedScanWords) return null;
  return { rare: [...rare], frequent, frequentPages: [...words].reduce((n, t) => n + (pages.get(t) ?? 0), 0) };
}

/**
 * One statement finds the matches (as sets of ids, `w`), counts them per title and year, and when they are few
 * orders them from their tsvectors (RUM's distance, then date and id); when they are many it orders the pages
 * holding a rare form the same way. The rest of a long result comes from RUM's ordered scan of the frequent
 * forms alone, and the two orders are merged. (RUM's scan of every form at once costs seconds: see match-sets.ts.)
 */
export async function expandedPage(s: SearchPass, w: Where, offset: number, limit: number): Promise<number[]> {
  const { db, f } = s;
  if (f.text.kind !== 'groups') return [];
  const groups = f.text.groups;
  const rankQuery = rankTsquery(groups)!;
  const words = [...new Set(groups.flatMap((g) => g.must.flatMap(tokens)))];
  const pages = new Map(
    (await db.read<{ term: string; pages: number }>('SELECT term, pages FROM search_words WHERE term = ANY($1::text[])', [words])).map((r) => [
      r.term,
      r.pages,
    ]),
  );
  const apart = rareSplit(groups, pages, s.tune);
  // An OR of single words on many pages: its postings are read beside the matches (or-postings.ts), and then
  // orders more than expandedFewPages matches sooner than reading all their tsvectors.
  const or = s.tune.rankLists && s.tune.orPostings ? orPlan(groups) : null;
  const postings = or && orPlanWorth(or, pages, s.tune) ? readOrPostings(s, or) : null;
  postings?.catch(() => undefined); // reported where it is awaited; unused when the matches are few
  const few = apart || postings ? s.tune.expandedFewPages : s.tune.expandedFewPagesNoSplit;
  const n = w.params.length;
  const d = `p.tsv <=> to_tsquery('simple', $${n + 1})`;
  const [r] = await db.read<{ total: number; cells: Cells; ids: number[] | null; rare: [number, number, string][] | null }>(
    `WITH m AS MATERIALIZED (SELECT p.id, p.title_id, p.year, p.date_issued FROM pages p ${w.sql}),
          c AS MATERIALIZED (SELECT COUNT(*)::int AS n FROM m)
     SELECT (SELECT n FROM c) AS total,
            (SELECT json_agg(json_build_array(title_id, year, count)) FROM (SELECT title_id, year, COUNT(*)::int AS count FROM m GROUP BY title_id, year) g) AS cells,
            (SELECT array_agg(id ORDER BY d, date_issued, id) FROM (
               SELECT m.id, m.date_issued, ${d} AS d FROM m JOIN pages p ON p.id = m.id
                WHERE (SELECT n FROM c) <= $${n + 2} ORDER BY d, m.date_issued, m.id LIMIT $${n + 3} OFFSET $${n + 4}) x) AS ids,
            (SELECT json_agg(json_build_array(id, d, date_issued) ORDER BY d, date_issued, id) FROM (
               SELECT m.id, m.date_issued, ${d} AS d FROM m JOIN pages p ON p.id = m.id
                WHERE (SELECT n FROM c) > $${n + 2}
                  AND m.id IN (SELECT id FROM (SELECT p.id FROM pages p WHERE p.tsv @@ ANY (ARRAY(SELECT to_tsquery('simple', x) FROM unnest($${n + 5}::text[]) x))) r OFFSET 0)) x) AS rare`,
    [...w.params, rankQuery, few, limit, offset, apart?.rare ?? []],
    matchesOpts(w.tsquery),
  );
  const counts = countsOf(r.cells);
  s.found(Promise.resolve(counts));
  if (r.total <= few) return r.ids ?? [];
  const scored = postings && (await postings);
  const fromPostings = scored && (await orPostingsPage(s, rankQuery, scored, offset, limit));
  if (fromPostings) return fromPostings;
  if (!apart && r.total <= s.tune.expandedFewPagesNoSplit) {
    // The postings could not answer (lists not current, or too many pages a split reading concerns): the matches
    // ordered from their tsvectors, as the statement above orders fewer.
    return distanceOnePass(s, w, rankQuery, offset, limit, matchesOpts(w.tsquery));
  }
  if (!apart) return rumPage(s, where(f, s.titles, { ordered: true, pairs: false }), rankQuery, offset, limit, Promise.resolve(r.total));
  // Many matches: the pages holding a rare form (ordered above), and the others from RUM's ordered scan of the
  // frequent forms, which leaves the first out.
  const rare = (r.rare ?? []).map(([id, dist, date]) => ({ id, d: dist, date }));
  let frequent: { id: number; d: number; date: string }[] = [];
  if (apart.frequent.length) {
    const text = { kind: 'groups' as const, groups: apart.frequent };
    const wf = where({ ...f, text }, s.titles, { ordered: true, pairs: false });
    wf.params.push(rare.map((x) => x.id));
    const wb = { sql: `${wf.sql} AND p.id <> ALL($${wf.params.length}::int[])`, params: wf.params };
    const frequentQuery = rankTsquery(apart.frequent)!;
    // An OR ties often: as wordsRumPage, a first fetch of more rows when the frequent forms' pages are many.
    const spare = frequentQuery.includes('|') && apart.frequentPages > (offset + limit + SPARE_ROWS) * 4 * ORDERED_ROW_COST ? s.tune.orSpareRows : SPARE_ROWS;
    const ids =
      (await listed(s, { kind: 'groups', groups: apart.frequent }, counts, new Set(rare.map((x) => x.id)), offset + limit)) ??
      (planTsquery(apart.frequent) ? await rumPage(s, wb, frequentQuery, 0, offset + limit, Promise.resolve(r.total - rare.length), spare) : []);
    if (ids.length) {
      // Their distances for the whole query, read as the rare pages' were (the same as for the frequent forms).
      const rows = await db.read<{ id: number; d: number; date: string }>(
        `SELECT p.id, p.tsv <=> to_tsquery('simple', $1) AS d, p.date_issued AS date FROM pages p WHERE p.id = ANY($2::int[])`,
        [rankQuery, ids],
      );
      frequent = rows;
    }
  }
  return [...rare, ...frequent]
    .sort((a, b) => a.d - b.d || (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id))
    .slice(offset, offset + limit)
    .map((x) => x.id);
}

/** The first `need` pages of one frequent word without the rare pages, from its ranking list (its order is RUM's
 *  for one word: rum-page.ts); null when it has no current list or the list is too short to tell. */
async function listed(s: SearchPass, text: TextPlan, counts: SearchCounts, rare: Set<number>, need: number): Promise<number[] | null> {
  const one = s.tune.rankLists ? singleWord(text) : null;
  if (!one) return null;
  const { list } = await wordInfo(s.db, one.word);
  if (!list) return null;
  // The pass's counts are the search's (found above): the list's page counts nothing of its own.
  const ids = await rankListPage({ ...s, f: { ...s.f, text }, startCount: () => Promise.resolve(counts) }, one, list, 0, need + rare.size);
  return ids && ids.filter((id) => !rare.has(id)).slice(0, need);
}
