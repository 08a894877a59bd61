// The pages a search's text matches, from FTS5 over the OCR (pages_fts) and over the lines visitors corrected
// (correction_lines_fts), and BM25 scores of every match; each kept per expression until the database changes.
import type { Db } from '../db';
import type { SearchFilter } from '../../types';
import type { Clause, TextGroup, TextPlan } from '../../../../contract/search/plan';
import { clauseExpr, planExpr, quoteFts5 } from '../fts5';
import { difference, intersectAll, union, unionAll, type Ids } from '../id-sets';
import { changeMemo, pageMeta, type PageMeta } from '../search-meta';
import { filterPredicate } from './filters';

export interface Scored {
  ids: Int32Array;
  scores: Float64Array;
}

/** The text's matches that pass the filters, in id order, with the metadata they were filtered by. */
export interface Filtered {
  meta: PageMeta;
  ids: number[];
}

export type TextMatches = ReturnType<typeof textMatches>;

export function textMatches(db: Db) {
  // A visitor pages, sorts and narrows the same words: the engine's answer for an expression is kept
  // (until the database changes), so only the first request for some words pays for FTS and BM25.
  const matchMemo = changeMemo<Int32Array>(db, 64);
  const scoreMemo = changeMemo<Scored>(db, 32);
  // Scores already computed for these words hold the same ids: no second FTS pass.
  const ocrIds = (expr: string) =>
    scoreMemo.peek(expr)?.ids ??
    matchMemo(expr, () => Int32Array.from(db.prepare('SELECT rowid FROM pages_fts WHERE pages_fts MATCH ?').pluck().all(expr) as number[]));

  // Lines visitors corrected (issue #23, migration 011) have their own small index, changed by every
  // published correction: read fresh, never kept. A page matches a word or phrase when its OCR or one of
  // its corrected lines holds it (the OCR stays searchable, so old citations still match).
  const correctedLines = db.prepare(
    'SELECT c.page_id, f.rank FROM correction_lines_fts f JOIN correction_lines c ON c.id = f.rowid WHERE correction_lines_fts MATCH ?',
  );
  const inCorrectedLines = db.prepare('SELECT 1 FROM correction_lines_fts WHERE correction_lines_fts MATCH ? LIMIT 1').pluck();
  /** Pages with a corrected line matching expr, in id order. */
  const correctedIds = (expr: string): Int32Array => {
    const ids = new Set((correctedLines.raw().all(expr) as [number, number][]).map(([id]) => id));
    return Int32Array.from(ids).sort();
  };
  const matchIds = (expr: string): Ids => {
    const corrected = correctedIds(expr);
    return corrected.length ? union(ocrIds(expr), corrected) : ocrIds(expr);
  };
  /** Pages holding a word, or a phrase (FTS5 checks positions), in id order; kept per expression. */
  const termIds = (tokens: string[]) => matchIds(quoteFts5(tokens.join(' ')));
  const clauseIds = (c: Clause): Ids => {
    if (c.kind === 'or') return unionAll(c.clauses.map(clauseIds));
    if (c.kind === 'phrase') return termIds(c.tokens);
    if (c.kind === 'near') return matchIds(clauseExpr(c));
    return (c.kind === 'all' ? intersectAll : unionAll)(c.tokens.map((t) => termIds([t])));
  };
  /** A group's pages: all its clauses, none of its exclusions (every page when it only excludes). */
  const groupIds = (meta: PageMeta, g: TextGroup): Ids => {
    const must = g.must.length ? intersectAll(g.must.map(clauseIds)) : meta.ids;
    return g.exclude.length ? difference(must, unionAll(g.exclude.map(clauseIds))) : must;
  };
  /** Ids matching the text, in id order, or null when the text does not restrict (a browse). */
  const textIds = (meta: PageMeta, text: TextPlan): Ids | null => {
    if (text.kind === 'none') return null;
    if (text.kind === 'nothing') return [];
    return unionAll(text.groups.map((g) => groupIds(meta, g)));
  };

  return {
    clauseIds,
    textIds,
    /** Whether any word of the text occurs in a corrected line (most searches: no, and nothing changes for them). */
    touchesCorrections(text: TextPlan): boolean {
      if (text.kind !== 'groups') return false;
      const tokens = new Set<string>();
      const walk = (c: Clause): void => (c.kind === 'or' ? c.clauses.forEach(walk) : c.tokens.forEach((t) => tokens.add(t)));
      for (const g of text.groups) [...g.must, ...g.exclude].forEach(walk);
      for (const t of tokens) if (inCorrectedLines.get(quoteFts5(t))) return true;
      return false;
    },
    /**
     * BM25 of every match, unsorted: letting FTS5 sort (ORDER BY rank) costs more than scoring itself, and
     * the top few after the filters are cheap to pick here.
     */
    scored: (expr: string): Scored =>
      scoreMemo(expr, () => {
        const rows = db.prepare('SELECT rowid, rank FROM pages_fts WHERE pages_fts MATCH ?').raw().all(expr) as [number, number][];
        const ids = new Int32Array(rows.length);
        const scores = new Float64Array(rows.length);
        rows.forEach(([id, score], i) => {
          ids[i] = id;
          scores[i] = score;
        });
        return { ids, scores };
      }),
    /**
     * The scored OCR matches made right for corrected lines: only pages the text matches clause by clause
     * (OCR or corrected lines: an excluded word a visitor wrote in takes its page out), plus the pages only
     * corrected lines match, scored by their lines' BM25 (another, smaller index, so the scale differs: it
     * orders them among themselves and places them near the OCR's matches), or 0 (FTS5's BM25 is negative:
     * last) when no single line holds the whole expression.
     */
    withCorrections(meta: PageMeta, text: TextPlan, expr: string, { ids, scores }: Scored): Scored {
      const all = textIds(meta, text) ?? [];
      const size = Math.max(meta.title.length, (all.length ? all[all.length - 1] : 0) + 1);
      const matches = new Uint8Array(size);
      for (let i = 0; i < all.length; i++) matches[all[i]] = 1;
      const outIds: number[] = [];
      const outScores: number[] = [];
      for (let i = 0; i < ids.length; i++) {
        if (ids[i] >= size || !matches[ids[i]]) continue;
        matches[ids[i]] = 2;
        outIds.push(ids[i]);
        outScores.push(scores[i]);
      }
      const lineScores = new Map<number, number>();
      for (const [id, rank] of correctedLines.raw().all(expr) as [number, number][]) lineScores.set(id, Math.min(rank, lineScores.get(id) ?? 0));
      for (let i = 0; i < all.length; i++) {
        if (matches[all[i]] !== 1) continue;
        outIds.push(all[i]);
        outScores.push(lineScores.get(all[i]) ?? 0);
      }
      return { ids: Int32Array.from(outIds), scores: Float64Array.from(outScores) };
    },
    /** The matches that pass the filters: of `matches` when the caller found them (the text's, in id order),
     *  else of the text. */
    filtered(f: SearchFilter, matches?: Ids): Filtered {
      const meta = pageMeta(db);
      const pass = filterPredicate(db, meta, f);
      const source = matches ?? textIds(meta, f.text) ?? meta.ids;
      const ids: number[] = [];
      for (let i = 0; i < source.length; i++) if (pass(source[i])) ids.push(source[i]);
      return { meta, ids };
    },
  };
}

/** Whether the text can be ranked by BM25 (FTS5 needs an expression to score). */
export const canRank = (text: TextPlan) => text.kind === 'groups' && planExpr(text.groups) !== null;
