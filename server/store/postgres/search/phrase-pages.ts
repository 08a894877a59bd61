// Pages of a relevance search for phrases: a two-word phrase from the pairs index's levels, other phrases from
// the pages counted in one pass (when few) or RUM's ordered scan.
import type { SearchCounts } from '../../types';
import { pairLevelTsquery } from '../tsquery';
import { andWhere, where, type Where } from './where';
import { phraseMayBeCommon } from './word-facts';
import { countsOf } from './counts';
import { rumPage } from './rum-page';
import { PAIR_LEVELS } from './tuning';
import type { SearchPass } from './pass';

type Cells = [number, number, number][] | null;

/**
 * One page of a relevance search for a two-word phrase alone, in its order: how many times the page holds
 * the phrase (more first), then date and id. RUM's ordered scan of the two words would walk both words' whole
 * position lists, and reading the matches' tsvectors costs a read per page. The pairs index (migration 015)
 * keeps the pages holding the phrase at least k times as one posting list ("a b#k"), so the order needs no
 * tsvector: with n(k) the pages at level k or more, the page of results lies in the highest level K with
 * n(K) >= offset + limit and the levels above it. Those above (fewer than offset + limit pages) are read with
 * their levels; level K's pages (exactly K times) are read in date order, as far as the page needs. Levels
 * are counted up to offset + limit (a capped count reads at most that many rows), all the probed levels in one
 * statement. The counts (cells) are the pairs index's pass, on another connection meanwhile.
 */
export async function pairPhrasePage(s: SearchPass, pair: [string, string], offset: number, limit: number): Promise<number[]> {
  const { db, f } = s;
  const w = where(f, s.titles);
  s.found(
    db
      .read<{ cells: Cells }>(
        `SELECT json_agg(json_build_array(title_id, year, count)) AS cells
           FROM (SELECT p.title_id, p.year, COUNT(*)::int AS count FROM pages p ${w.sql} GROUP BY p.title_id, p.year) c`,
        w.params,
        { pairsIndex: true },
      )
      .then(([r]) => countsOf(r.cells)),
  );
  const need = offset + limit;
  const x = where(f, s.titles, { text: false }); // the filters alone: the levels' conditions are added here
  const n = x.params.length;
  const filters = andWhere(x);
  /** Pages at each level (or more), counted up to `need`: exact below it. */
  const probe = async (levels: number[]) =>
    new Map(
      (
        await db.read<{ k: number; n: number }>(
          `SELECT l.k::int AS k, (SELECT COUNT(*)::int FROM (SELECT 1 FROM pages p WHERE tsv_pairs(p.tsv) @@ l.q::tsquery ${filters} LIMIT $${n + 3}) m) AS n
             FROM unnest($${n + 1}::text[], $${n + 2}::int[]) AS l(q, k)`,
          [...x.params, levels.map((k) => pairLevelTsquery(pair, k)), levels, need],
          { pairsIndex: true },
        )
      ).map((r) => [r.k, r.n]),
    );
  const reached = await probe(PAIR_LEVELS);
  // K: the highest level reached by `need` pages (1 when none is: then the matches may end on this page).
  let lo = 1;
  let hi = PAIR_LEVELS[PAIR_LEVELS.length - 1];
  for (const k of PAIR_LEVELS) {
    if (reached.get(k)! >= need) lo = k;
    else if (k > lo) {
      hi = k;
      break;
    }
  }
  if (hi > lo + 1) {
    const between = Array.from({ length: hi - lo - 1 }, (_, i) => lo + 1 + i);
    for (const [k, v] of await probe(between)) reached.set(k, v);
    lo = Math.max(lo, ...between.filter((k) => reached.get(k)! >= need));
  }
  const top = lo;
  const above = reached.get(top + 1) ?? 0; // pages holding the phrase more than `top` times: fewer than need
  // Highest level any page reaches: the levels above `top` to read (each probed level says whether it is reached).
  const levels: number[] = [];
  for (let k = top + 1; (reached.get(k) ?? 1) > 0 && k <= 256; k++) levels.push(k);
  const unprobed = levels.filter((k) => !reached.has(k));
  if (unprobed.length) for (const [k, v] of await probe(unprobed)) reached.set(k, v);
  const aboveLevels = levels.filter((k) => reached.get(k)! > 0);
  const [high, level] = await Promise.all([
    aboveLevels.length && offset < above
      ? db.read<{ id: number }>(
          `SELECT m.id FROM unnest($${n + 1}::text[], $${n + 2}::int[]) AS l(q, k)
             CROSS JOIN LATERAL (SELECT p.id, p.date_issued FROM pages p WHERE tsv_pairs(p.tsv) @@ l.q::tsquery ${filters}) m
            GROUP BY m.id, m.date_issued ORDER BY MAX(l.k) DESC, m.date_issued, m.id`,
          [...x.params, aboveLevels.map((k) => pairLevelTsquery(pair, k)), aboveLevels],
          { pairsIndex: true },
        )
      : Promise.resolve([]),
    need > above
      ? db.read<{ id: number }>(
          `SELECT p.id FROM pages p WHERE tsv_pairs(p.tsv) @@ $${n + 1}::tsquery ${filters}
            ORDER BY p.date_issued, p.id LIMIT $${n + 2} OFFSET $${n + 3}`,
          [...x.params, pairLevelTsquery(pair, top, true), need - Math.max(offset, above), Math.max(0, offset - above)],
          { pairsIndex: true },
        )
      : Promise.resolve([]),
  ]);
  return [...high.slice(offset, need), ...level].map((r) => r.id).slice(0, limit);
}

/**
 * A relevance page of a phrase or proximity search with the RUM index, in RUM's order. A phrase's ordered scan
 * walks the whole position lists of its words whatever few pages hold the phrase. So the phrase's pages are
 * counted in one pass that also returns their ids when they are few; those few are then ordered by the same
 * distance read from their tsvectors (equal to the index's for words). With the pairs index (migration 013,
 * where()) that pass reads one posting list per pair, so it runs first, alone: up to fewPairPages pages are
 * ordered from their tsvectors, more by RUM's ordered scan, with the phrase as a condition on tsv (the pairs
 * would be computed row by row there). Without pairs (a phrase inside an OR, proximity), when the phrase may be
 * on many pages (each of its words is), the ordered scan runs at the same time on another connection:
 * whichever gives the page first gives it (the same page either way). `rankQuery`: the phrase's words, whose
 * distance orders it (rankTsquery: the phrase's own in-index distance disagrees with the one read from a
 * tsvector now and then).
 */
export async function phraseRumPage(s: SearchPass, w: Where, rankQuery: string, offset: number, limit: number): Promise<number[]> {
  const { db } = s;
  const byPairs = w.byPairs;
  const wt = byPairs ? where(s.f, s.titles, { pairs: false, ordered: true }) : w;
  const few = Number(byPairs ? s.tune.fewPairPages : s.tune.fewPhrasePages);
  const counted = db
    .read<{ cells: Cells; ids: number[] | null }>(
      `WITH m AS MATERIALIZED (SELECT p.id, p.title_id, p.year FROM pages p ${w.sql})
     SELECT (SELECT json_agg(json_build_array(title_id, year, count)) FROM (SELECT title_id, year, COUNT(*)::int AS count FROM m GROUP BY title_id, year) c) AS cells,
            (SELECT CASE WHEN COUNT(*) <= ${few} THEN COALESCE(array_agg(id), '{}') END FROM m) AS ids`,
      w.params,
    )
    .then(([m]): { ids: number[] | null; counts: SearchCounts } => ({ ids: m.ids, counts: countsOf(m.cells) }));
  s.found(counted.then((c) => c.counts));
  const total = counted.then((c) => c.counts.total);
  // The counted pages, when few, ordered by the same distance read from their tsvectors (null: too many).
  const fromCounted = counted.then(async ({ ids }) => {
    if (!ids) return null;
    if (!ids.length) return [];
    const rows = await db.read<{ id: number }>(
      `WITH m AS MATERIALIZED (SELECT p.id, p.date_issued, p.tsv <=> to_tsquery('simple', $1) AS d FROM pages p WHERE p.id = ANY($2::int[]))
       SELECT id FROM m ORDER BY d, date_issued, id LIMIT $3 OFFSET $4`,
      [rankQuery, ids, limit, offset],
    );
    return rows.map((r) => r.id);
  });
  const scan = !byPairs && (await phraseMayBeCommon(db, s.f.text, few)) ? rumPage(s, wt, rankQuery, offset, limit, total) : null;
  scan?.catch(() => undefined); // when the counted pages answer first, the scan's outcome is not needed
  fromCounted.catch(() => undefined);
  // Whichever gives the page first (the same page either way); the counted way gives up when too many.
  const first = await (scan ? Promise.race([fromCounted, scan]) : fromCounted);
  return first ?? scan ?? rumPage(s, wt, rankQuery, offset, limit, total);
}
