// Pages of a relevance search for an Any row of many words (a truncated or OCR-tolerant word's forms) ranked
// from the words' occurrences (word-scores.ts) instead of FTS5's BM25 over all matches.
import type { Db } from '../db';
import type { SearchFilter } from '../../types';
import { plainWords, type TextGroup } from '../../../../contract/search/plan';
import { planExpr, quoteFts5 } from '../fts5';
import { difference, intersectAll, unionAll, type Ids } from '../id-sets';
import { changeMemo, pageMeta } from '../search-meta';
import {
  close,
  idf,
  indexOf,
  indexTotals,
  kthSmallest,
  occurrenceReader,
  sumScores,
  termScore,
  CLOSE_SUMS,
  OCCURRENCE_BUDGET,
  type IndexTotals,
  type Occurrences,
} from '../word-scores';
import { filterPredicate } from './filters';
import type { TextMatches } from './matches';
import { EXACT_BUDGET, OCCURRENCE_MIN_WORDS, PLAIN_TERM, type SqliteSearchStats } from './tuning';

/** Why the occurrences cannot answer: the search is left to FTS5. */
class Declined extends Error {}

/** The words' occurrences and the totals their scores need. */
interface Scoring {
  terms: string[];
  occurrences: Occurrences[];
  totals: IndexTotals;
  /** The sum of each page's word scores, by page id. */
  score: Float64Array;
}

/** The statements and memos the occurrence path reads with, made once per engine. */
interface Readers {
  readOccurrences: (term: string, limit: number) => Occurrences | null;
  occurrencesOf: { get(term: string): unknown };
  occurrenceMemo: ReturnType<typeof changeMemo<Occurrences>>;
  firstRows: { all(expr: string): unknown[] };
  rowScore: { get(expr: string, id: number): unknown };
  pagesHolding: () => Map<string, number>;
  stats: SqliteSearchStats['wordScores'];
  /** Relative distance under which two sums are close (close()), and the occurrences one search may read. */
  tolerance: number;
  budget: number;
}

/** The words' occurrences, within the occurrence budget, and their sums checked against FTS5 itself. */
function scoring(r: Readers, terms: string[], totals: IndexTotals, size: number): Scoring {
  const pages = r.pagesHolding();
  // A word on most pages ("that" in that*) may occur a million times: its occurrences are counted first.
  const common = terms.filter((t) => (pages.get(t) ?? 0) * 2 > totals.rows);
  if (common.reduce((n, t) => n + ((r.occurrencesOf.get(t) as number | undefined) ?? 0), 0) > r.budget) throw new Declined('too many occurrences');
  const occurrences: Occurrences[] = [];
  let budget = r.budget;
  for (const term of terms) {
    const kept = r.occurrenceMemo.peek(term);
    const o = kept ?? r.readOccurrences(term, budget);
    if (!o) throw new Declined('too many occurrences');
    if (!kept) r.occurrenceMemo(term, () => o);
    for (let j = 0; j < o.freqs.length; j++) budget -= o.freqs[j];
    if (budget < 0) throw new Declined('too many occurrences');
    occurrences.push(o);
  }
  const score = sumScores(occurrences, totals, size);
  // A check against FTS5 itself, on the first rows of the rarest word: the formula and its inputs are FTS5's.
  const held = occurrences.map((o, i) => i).filter((i) => occurrences[i].ids.length);
  const rarest = held.reduce((best, i) => (occurrences[i].ids.length < occurrences[best].ids.length ? i : best), held[0] ?? 0);
  for (const [id, rank] of r.firstRows.all(quoteFts5(terms[rarest])) as [number, number][]) {
    const o = occurrences[rarest];
    const at = indexOf(o.ids, id);
    const mine = at < 0 ? NaN : -termScore(idf(totals.rows, o.ids.length), o.freqs[at], totals.lengths[id] ?? 0, totals.avgdl);
    if (!close(mine, rank, r.tolerance)) throw new Declined('a check against FTS5 failed');
  }
  return { terms, occurrences, totals, score };
}

/** The best `need` pages that pass, and any whose sum is close to the need-th best, sorted by sum then id;
 *  `nextOut`: the best sum left out. */
function best(r: Readers, { score }: Scoring, matched: Ids, size: number, pass: (id: number) => boolean, need: number) {
  const keep = new Int32Array(matched.length);
  const ranks = new Float64Array(matched.length);
  let kept = 0;
  for (let i = 0; i < matched.length; i++) {
    const id = matched[i];
    if (id < size && pass(id)) {
      keep[kept] = id;
      ranks[kept++] = score[id];
    }
  }
  let chosen: number[];
  let nextOut = Infinity; // the best rank left out
  if (kept > need * 4) {
    const cut = kthSmallest(ranks.slice(0, kept), need - 1);
    const bound = cut + Math.abs(cut) * 2 * r.tolerance;
    chosen = [];
    for (let i = 0; i < kept; i++) {
      if (ranks[i] <= bound) chosen.push(keep[i]);
      else nextOut = Math.min(nextOut, ranks[i]);
    }
  } else chosen = Array.from(keep.subarray(0, kept));
  chosen.sort((a, b) => score[a] - score[b] || a - b);
  return { chosen, nextOut };
}

/** Runs of close sums that reach into the page asked, ordered in `chosen` by FTS5's exact scores (then id). */
function orderCloseRuns(r: Readers, s: Scoring, chosen: number[], nextOut: number, offset: number, need: number): void {
  const { score, occurrences, totals, terms } = s;
  const runs: [number, number][] = [];
  for (let start = 0; start < chosen.length && start < need;) {
    let end = start + 1;
    while (end < chosen.length && close(score[chosen[end - 1]], score[chosen[end]], r.tolerance)) end++;
    // A run that reaches the last page chosen may go on past the cut: FTS5 ranks it all then.
    if (end === chosen.length && nextOut !== Infinity && close(score[chosen[end - 1]], nextOut, r.tolerance)) throw new Declined('a close run past the cut');
    if (end - start > 1 && end > offset) runs.push([start, end]);
    start = end;
  }
  // Pages with the same length holding the same words as often score the same, bit for bit (FTS5 makes the
  // same operations on the same numbers): one exact score serves them all, and a run of such pages only
  // (many at a deep page) is already in order, by id.
  const signature = (id: number) => {
    let sig = String(totals.lengths[id]);
    for (let i = 0; i < occurrences.length; i++) {
      const at = indexOf(occurrences[i].ids, id);
      if (at >= 0) sig += ` ${i}:${occurrences[i].freqs[at]}`;
    }
    return sig;
  };
  let pairs = 0;
  for (const [start, end] of runs) {
    const run = chosen.slice(start, end);
    const sigs = new Map(run.map((id) => [id, signature(id)]));
    if (new Set(sigs.values()).size === 1) continue;
    const exact = new Map<string, number>();
    for (const id of run) {
      const sig = sigs.get(id)!;
      if (exact.has(sig)) continue;
      let sum = 0;
      for (let i = 0; i < occurrences.length; i++) {
        if (indexOf(occurrences[i].ids, id) < 0) continue;
        if (++pairs > EXACT_BUDGET) throw new Declined('too many close sums');
        const row = r.rowScore.get(quoteFts5(terms[i]), id) as [number, number] | undefined;
        if (!row || row[0] !== id) throw new Declined('FTS5 has no score for a page found');
        sum += -row[1];
      }
      exact.set(sig, -sum);
      r.stats.exactPages++;
    }
    const rank = (id: number) => exact.get(sigs.get(id)!)!;
    chosen.splice(start, end - start, ...run.sort((a, b) => rank(a) - rank(b) || a - b));
  }
}

/**
 * One page of a search whose text is Any rows or All rows of plain words (wash*, senate~, o=a b c d, fz=1
 * on k=a b: two Any clauses of forms), 4 words or more, ranked from the words' occurrences, with the text's
 * matches (for the counts that follow); null to leave it to FTS5. The order is full scoring's: sums are
 * ordered where they are far apart (their rounding is far smaller than the tolerance, CLOSE_SUMS), and pages whose
 * sums are close, within or at the edges of the page asked, are ordered by FTS5's exact scores (each word's,
 * added in the query's order: the sum FTS5 makes), then id. `pagesHolding`: how many pages hold each word the
 * vocabulary just read.
 */
export function occurrencePages(
  db: Db,
  matches: TextMatches,
  pagesHolding: () => Map<string, number>,
  stats: SqliteSearchStats['wordScores'],
  opts: { enabled: boolean; closeSums?: number; occurrenceBudget?: number },
) {
  const r: Readers = {
    readOccurrences: occurrenceReader(db),
    occurrencesOf: db.prepare('SELECT cnt FROM pages_vocab WHERE term = ?').pluck(),
    occurrenceMemo: changeMemo<Occurrences>(db, 300), // three searches of a hundred words
    firstRows: db.prepare('SELECT rowid, rank FROM pages_fts WHERE pages_fts MATCH ? LIMIT 4').raw(),
    // CAST: with a plain parameter, FTS5 (3.53) drops the rowid constraint and returns every match.
    rowScore: db.prepare('SELECT rowid, rank FROM pages_fts WHERE pages_fts MATCH ? AND rowid = CAST(? AS INTEGER)').raw(),
    pagesHolding,
    stats,
    tolerance: opts.closeSums ?? CLOSE_SUMS,
    budget: opts.occurrenceBudget ?? OCCURRENCE_BUDGET,
  };
  // The matches of a whole expression found from its words' occurrences: a visitor pages the same words.
  const matchedMemo = changeMemo<Ids>(db, 16);
  /** The pages the text matches, None words taken out (no corrected line holds any of these words: the caller
   *  checked), from the same occurrences. */
  const matchedPages = (expr: string, group: TextGroup, clauses: number[][], occurrences: Occurrences[]): Ids =>
    matchedMemo(expr, () => {
      const all = intersectAll(clauses.map((at) => unionAll(at.map((i) => occurrences[i].ids))));
      return group.exclude.length ? difference(all, unionAll(group.exclude.map(matches.clauseIds))) : all;
    });

  return (f: SearchFilter, offset: number, limit: number): { ids: number[]; matches: Ids } | null => {
    if (!opts.enabled || f.text.kind !== 'groups') return null;
    const words = plainWords(f.text);
    const [group] = f.text.groups;
    if (!words || words.terms.length < OCCURRENCE_MIN_WORDS) return null;
    // Each required clause as the positions of its words in words.terms: an Any row is one clause, each word
    // of an All row one (fz=1 on k=a b is two Any clauses of forms). plainWords allowed only these two kinds.
    const clauses = group.must.flatMap((c) => {
      const at = (c as { tokens: string[] }).tokens.map((t) => words.terms.indexOf(t));
      return c.kind === 'any' ? [at] : at.map((i) => [i]);
    });
    if (!words.terms.every((t) => PLAIN_TERM.test(t))) return null;
    const expr = planExpr(f.text.groups)!;
    const totals = indexTotals(db);
    if (!totals) return null;
    try {
      const meta = pageMeta(db);
      const size = meta.title.length;
      const s = scoring(r, words.terms, totals, size);
      const matched = matchedPages(expr, group, clauses, s.occurrences);
      const need = offset + limit;
      const { chosen, nextOut } = best(r, s, matched, size, filterPredicate(db, meta, f), need);
      orderCloseRuns(r, s, chosen, nextOut, offset, need);
      stats.answered++;
      return { ids: chosen.slice(offset, need), matches: matched };
    } catch (e) {
      if (!(e instanceof Declined)) throw e;
      stats.declined++;
      stats.lastDeclined = e.message;
      return null;
    }
  };
}
