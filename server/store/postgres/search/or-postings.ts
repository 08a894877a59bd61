// A relevance page of an OR of many single words (a pattern's forms: cent*, ther*) found from the ranking lists'
// postings instead of RUM's ordered scan, which works out every page against every form (3-4 s for a hundred
// forms on 70,000-94,000 pages).
//
// RUM's score for an OR of words is a sum over the words a page holds: each occurrence is a cover of its own
// word, and a word's n occurrences add 0.1 × (1 + 1/4 + … + 1/n²) / (π²/6) (rum_ts_utils.c calc_score_docr;
// the distance is 1 / score). So a page's score is known from how many times it holds each form, which the lists
// keep for every word on at least PG_RANK_LISTS.minPages pages (migration 022). A form without a list is on few
// pages: a page holding it gets bounds, each such form adding between one occurrence's share and 0.1. The pages
// whose upper bound reaches the page asked for are then scored exactly from their tsvectors (RUM's own `<=>`),
// with the search's filters, and ordered as RUM orders (distance, then date and id); a page left out has an upper
// bound below that page's last score, so it could not be on it.
//
// An OCR-tolerant word also offers split readings ("fr onts"), ranked as "all of these words": a page holding all
// the words of one has covers of several words, and a page holding a form that is also a split reading's word
// counts that form twice (RUM counts every query operand a position matches). Such pages are few (a split's
// words together, or a short form) and are always scored from their tsvectors; every other page holds only
// single-form covers, so the sum above is its score.
import type { Clause } from '../../../../contract/search/plan';
import type { SearchPass } from './pass';
import { clauseTsquery } from '../tsquery';
import { where } from './where';
import type { Tuning } from './tuning';

/** One occurrence's share of a score: 0.1 / (π²/6), as RUM divides. */
const SHARE = 0.1 / 1.64493406685;
/** A word's share of a score by how many times the page holds it (a tsvector keeps at most 256 positions). */
const SHARES = (() => {
  const out = new Float64Array(257);
  for (let n = 1, sum = 0; n <= 256; n++) out[n] = SHARE * (sum += 1 / (n * n));
  return out;
})();
/** Any number of occurrences adds less than this. */
const MAX_SHARE = 0.1;
/** Scores compared across float4 (RUM) and double (here) are equal within this fraction. */
const SLACK = 1e-5;

export interface OrPlan {
  /** The single words any one of which matches. */
  forms: string[];
  /** The alternatives of several words (phrases, proximity, all of some words), as their words. */
  compounds: string[][];
}

/** A plan that is one OR of alternatives, at least two of them single words (no second requirement); else null. */
export function orPlan(groups: { must: Clause[] }[]): OrPlan | null {
  if (groups.length !== 1 || groups[0].must.length !== 1) return null;
  const forms: string[] = [];
  const compounds: string[][] = [];
  const add = (c: Clause) => {
    if (c.kind === 'any') forms.push(...c.tokens);
    else if (c.kind === 'or') c.clauses.forEach(add);
    else if (c.tokens.length === 1) forms.push(c.tokens[0]);
    else compounds.push([...new Set(c.tokens)]);
  };
  add(groups[0].must[0]);
  const unique = [...new Set(forms)];
  return unique.length > 1 ? { forms: unique, compounds } : null;
}

/** Whether the postings are worth reading for a plan, by search_words' page counts (`pages`): its matches may be
 *  more than expandedFewPages, and the pages its split readings concern (at most their rarest word's, and a
 *  shared form's) few enough to score from their tsvectors. */
export function orPlanWorth({ forms, compounds }: OrPlan, pages: Map<string, number>, tune: Pick<Tuning, 'expandedFewPages' | 'postingsScored'>): boolean {
  const on = (t: string) => pages.get(t) ?? 0;
  const words = new Set(compounds.flat());
  const concerned = compounds.reduce((n, c) => n + Math.min(...c.map(on)), 0) + forms.filter((t) => words.has(t)).reduce((n, t) => n + on(t), 0);
  return concerned <= tune.postingsScored / 2 && forms.reduce((n, t) => n + on(t), concerned) > tune.expandedFewPages;
}

/** An array_send of an int4[] without nulls: a 20-byte header, then each element's length (4) and value. */
function sentInts(b: Buffer | null): Int32Array {
  if (!b || b.length < 20) return new Int32Array(0);
  const n = (b.length - 20) / 8;
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) out[i] = b.readInt32BE(24 + 8 * i);
  return out;
}

export interface OrPostings {
  /** Each page's score from the forms with postings. */
  score: Map<number, number>;
  /** How many forms without postings each page holds. */
  unlisted: Map<number, number>;
  /** Pages whose score is not that sum (they hold a split reading's words, or a form that is one of them). */
  compound: Set<number>;
}

/** The postings of the forms that have current lists, the pages of the others, and the pages a split reading
 *  concerns; null without lists, or when those pages are too many to score each from its tsvector. */
export async function readOrPostings(s: SearchPass, { forms, compounds }: OrPlan): Promise<OrPostings | null> {
  const words = new Set(compounds.flat());
  const concerned = [...compounds.map((c) => c.map((t) => clauseTsquery({ kind: 'all', tokens: [t] })).join(' & ')), ...forms.filter((t) => words.has(t))];
  const compound = concerned.length
    ? s.db.read<{ ids: Buffer | null }>(
        `SELECT array_send(ARRAY(SELECT p.id FROM pages p WHERE p.tsv @@ to_tsquery('simple', $1) LIMIT $2)) AS ids`,
        [concerned.map((q) => `(${q})`).join(' | '), s.tune.postingsScored + 1],
        { noSeqScan: true },
      )
    : Promise.resolve([{ ids: null }]);
  compound.catch(() => undefined);
  const lists = await s.db.read<{ term: string; ids: Buffer; tf_values: number[]; tf_counts: number[] }>(
    `SELECT term, array_send(all_ids) AS ids, tf_values, tf_counts FROM search_rank_lists
      WHERE term = ANY($1::text[]) AND all_ids IS NOT NULL AND fingerprint = (SELECT value FROM meta WHERE key = 'pages_version')`,
    [forms],
  );
  const [{ ids: concernedIds }] = await compound;
  const special = new Set(sentInts(concernedIds));
  if (!lists.length || special.size > s.tune.postingsScored / 2) return null;
  const listed = new Set(lists.map((l) => l.term));
  const others = forms.filter((t) => !listed.has(t)).map((t) => clauseTsquery({ kind: 'all', tokens: [t] }));
  const [rest] = others.length
    ? await s.db.read<{ ids: Buffer | null }>(
        `SELECT array_send(ARRAY(SELECT q.id FROM unnest($1::text[]) x CROSS JOIN LATERAL
                  (SELECT p.id FROM pages p WHERE p.tsv @@ to_tsquery('simple', x)) q)) AS ids`,
        [others],
        { noSeqScan: true },
      )
    : [{ ids: null }];
  const score = new Map<number, number>();
  for (const l of lists) {
    const ids = sentInts(l.ids);
    let at = 0;
    l.tf_values.forEach((tf, run) => {
      const share = SHARES[Math.min(tf, 256)];
      for (const end = at + l.tf_counts[run]; at < end; at++) score.set(ids[at], (score.get(ids[at]) ?? 0) + share);
    });
  }
  const unlisted = new Map<number, number>();
  for (const id of sentInts(rest.ids)) unlisted.set(id, (unlisted.get(id) ?? 0) + 1);
  return { score, unlisted, compound: special };
}

/**
 * Pages offset…offset+limit of the search in RUM's order, or null when too many pages had to be scored exactly
 * (the filters pass few of the best pages): the caller then uses RUM's ordered scan.
 */
/** Each page holding a form, with its score's lower and upper bound (equal when every form it holds is listed). */
export function scoreBounds({ score, unlisted, compound }: OrPostings): { ids: number[]; low: Float64Array; high: Float64Array } {
  const ids: number[] = [...score.keys()];
  for (const id of unlisted.keys()) if (!score.has(id)) ids.push(id);
  for (const id of compound) if (!score.has(id) && !unlisted.has(id)) ids.push(id);
  const low = new Float64Array(ids.length);
  const high = new Float64Array(ids.length);
  ids.forEach((id, i) => {
    const k = unlisted.get(id) ?? 0;
    const sc = score.get(id) ?? 0;
    // More covers only add to a score: the sum stays a lower bound of a page a split reading concerns.
    low[i] = sc + k * SHARES[1];
    high[i] = compound.has(id) ? Infinity : sc + k * MAX_SHARE;
  });
  return { ids, low, high };
}

/**
 * Pages offset…offset+limit of the search in RUM's order, or null when too many pages had to be scored exactly
 * (the filters pass few of the best pages): the caller then uses RUM's ordered scan.
 */
export async function orPostingsPage(s: SearchPass, rankQuery: string, postings: OrPostings, offset: number, limit: number): Promise<number[] | null> {
  const need = offset + limit;
  const { ids, low, high } = scoreBounds(postings);
  // Pages are scored exactly in rounds, each taking every page not scored yet whose upper bound reaches the bar:
  // first the need-th best lower bound, then the need-th best exact score. Until a page's worth have passed the
  // filters, a round also takes a page's worth more by upper bound.
  const sorted = (a: Float64Array) => Float64Array.from(a).sort();
  const lows = sorted(low);
  const highs = sorted(high);
  const kth = (a: Float64Array, k: number) => (k <= a.length ? a[a.length - k] : -Infinity);
  const wf = where(s.f, s.titles, { ordered: true, pairs: false });
  const n = wf.params.length;
  const checked = new Uint8Array(ids.length);
  const exact: { id: number; d: number; date: string }[] = [];
  let bar = kth(lows, need);
  let done = 0;
  for (;;) {
    const cut = exact.length >= need ? bar * (1 - SLACK) : Math.min(bar * (1 - SLACK), kth(highs, done + need + limit));
    const batch: number[] = [];
    for (let i = 0; i < ids.length; i++)
      if (!checked[i] && high[i] >= cut) {
        checked[i] = 1;
        batch.push(ids[i]);
      }
    if (!batch.length) break;
    done += batch.length;
    if (done > s.tune.postingsScored) return null;
    const rows = await s.db.read<{ id: number; d: number; date: string }>(
      `SELECT p.id, p.tsv <=> to_tsquery('simple', $${n + 1}) AS d, p.date_issued AS date
         FROM (SELECT * FROM pages WHERE id = ANY($${n + 2}::int[]) OFFSET 0) p ${wf.sql}`,
      [...wf.params, rankQuery, batch],
    );
    exact.push(...rows);
    exact.sort((a, b) => a.d - b.d || (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id));
    // A page not scored yet whose upper bound is under the need-th exact score cannot come before it.
    if (exact.length >= need) bar = 1 / exact[need - 1].d;
    else if (done >= ids.length) break;
  }
  return exact.slice(offset, need).map((x) => x.id);
}
