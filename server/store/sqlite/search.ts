// Search on SQLite: FTS5 finds the pages of each word or phrase (combined here, id-sets.ts) and ranks the
// matches by BM25 (or rank lists answer, rank-lists.ts; an Any row of many words is scored from its words'
// occurrences, word-scores.ts); filters, counts, facets and date ordering run over
// the in-memory page metadata (search-meta.ts); rows come from SQL by id.
import type { Db } from './db';
import type { EngineSort, SearchFilter, SearchRepo, SearchPageRow, TitlePlace, SearchCounts } from '../types';
import { WORDS_WITH_CORRECTIONS } from '../viewer-rows';
import { plainWords, type Clause, type TextGroup, type TextPlan } from '../../../contract/search/plan';
import { RANGE_END, type VocabularyPattern, type VocabularyWord } from '../../../contract/search/expand';
import { reversed } from '../../../contract/search/ocr-distance';
import { clauseExpr, planExpr, quoteFts5 } from './fts5';
import { difference, intersectAll, union, unionAll, type Ids } from './id-sets';
import { changeKey, changeMemo, isoToInt, pageMeta, searchKey, type PageMeta } from './search-meta';
import { indexFingerprint, rankListReader, topFromLists, type RankList } from './rank-lists';
import { vocabIndexCurrent } from './vocab-index';
import { learnSqliteConfusions } from './ocr-confusions';
import type { OcrConfusions } from '../../../contract/search/confusions';
import { close, idf, indexOf, indexTotals, kthSmallest, occurrenceReader, sumScores, termScore, wordScoreTuning, type Occurrences } from './word-scores';

/** Titles the search may return: the site's collection ∩ t/ti ∩ the place; null = no restriction. */
function titleScope(db: Db, f: SearchFilter): number[] | null {
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (db.prepare('SELECT 1 FROM site_titles WHERE site_id = ? LIMIT 1').get(f.siteId)) {
    clauses.push('t.id IN (SELECT title_id FROM site_titles WHERE site_id = ?)');
    params.push(f.siteId);
  }
  if (f.titleIds.length) {
    clauses.push('t.id IN (SELECT value FROM json_each(?))');
    params.push(JSON.stringify(f.titleIds));
  }
  if (f.cityId) {
    clauses.push('t.city_id = ?');
    params.push(f.cityId);
  } else if (f.stateId) {
    clauses.push('t.city_id IN (SELECT id FROM cities WHERE state_id = ?)');
    params.push(f.stateId);
  } else if (f.countryId) {
    clauses.push('t.city_id IN (SELECT ci.id FROM cities ci JOIN states s ON s.id = ci.state_id WHERE s.country_id = ?)');
    params.push(f.countryId);
  }
  if (!clauses.length) return null;
  return db
    .prepare(`SELECT t.id FROM titles t WHERE ${clauses.join(' AND ')}`)
    .pluck()
    .all(...params) as number[];
}

/** A predicate over page ids for everything but the text. */
function filterPredicate(db: Db, meta: PageMeta, f: SearchFilter): (id: number) => boolean {
  const titles = titleScope(db, f);
  const allowed = titles ? new Set(titles) : null;
  const from = f.dateFrom ? isoToInt(f.dateFrom) : 0;
  const to = f.dateTo ? isoToInt(f.dateTo) : 99999999;
  const decades = f.decades.length ? new Set(f.decades) : null;
  const year = f.year;
  // One issue is a few pages: their ids, looked up once per search.
  const inIssue = f.issueUid
    ? new Set(db.prepare('SELECT p.id FROM pages p JOIN issues i ON i.id = p.issue_id WHERE i.uid = ?').pluck().all(f.issueUid) as number[])
    : null;
  return (id) => {
    const t = meta.title[id];
    if (!t) return false; // no such page (deleted since the FTS row was read)
    if (inIssue && !inIssue.has(id)) return false;
    if (allowed && !allowed.has(t)) return false;
    const d = meta.date[id];
    if (d < from || d > to) return false;
    const y = meta.year[id];
    if (year != null && y !== year) return false;
    if (decades && !decades.has(Math.floor(y / 10) * 10)) return false;
    return true;
  };
}

/** How often rank lists answered a search, and how often they could not decide (for tests and tuning). */
export const rankListStats = { answered: 0, undecided: 0 };

/**
 * Ranking an Any row of many words (a truncated or OCR-tolerant word's forms) from their occurrences
 * (word-scores.ts): how often it answered, how often it left the search to FTS5 (too many occurrences,
 * or its check against FTS5 failed), how many pages it asked FTS5 for exact scores; `enabled` lets tests
 * compare it with full scoring.
 */
export const wordScoreStats = { enabled: true, answered: 0, declined: 0, lastDeclined: '', exactPages: 0 };

/** Word scores asked of FTS5 for pages whose sums are too close to order, at most (else FTS5 ranks it all). */
const EXACT_BUDGET = 400;
export const vocabEndingTuning = {
  /** Without a current vocabulary copy, an OCR-tolerant word's ending is read by scanning FTS5's whole vocabulary
   *  in archives of at most this many pages (tens of thousands of words, tens of ms), else from the copy as it
   *  is. Tests lower it. */
  scanPages: 1_000,
};
/** Words in the row at least: FTS5's cost grows with their number, and for a few (o=a b) it is as quick. */
const OCCURRENCE_MIN_WORDS = 4;
/** Index terms the occurrence path can look up as they are: what unicode61 leaves unchanged. */
const PLAIN_TERM = /^[a-z0-9]+$/;

export function sqliteSearch(db: Db): SearchRepo {
  const canRank = (text: TextPlan) => text.kind === 'groups' && planExpr(text.groups) !== null;
  // A visitor pages, sorts and narrows the same words: the engine's answer for an expression is kept
  // (until the database changes), so only the first request for some words pays for FTS and BM25.
  const matchMemo = changeMemo<Int32Array>(db, 64);
  const scoreMemo = changeMemo<{ ids: Int32Array; scores: Float64Array }>(db, 32);
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
  /** Whether any word of the text occurs in a corrected line (most searches: no, and nothing changes for them). */
  const touchesCorrections = (text: TextPlan): boolean => {
    if (text.kind !== 'groups') return false;
    const tokens = new Set<string>();
    const walk = (c: Clause): void => (c.kind === 'or' ? c.clauses.forEach(walk) : c.tokens.forEach((t) => tokens.add(t)));
    for (const g of text.groups) [...g.must, ...g.exclude].forEach(walk);
    for (const t of tokens) if (inCorrectedLines.get(quoteFts5(t))) return true;
    return false;
  };
  /**
   * The scored OCR matches made right for corrected lines: only pages the text matches clause by clause
   * (OCR or corrected lines: an excluded word a visitor wrote in takes its page out), plus the pages only
   * corrected lines match, scored by their lines' BM25 (another, smaller index, so the scale differs: it
   * orders them among themselves and places them near the OCR's matches), or 0 (FTS5's BM25 is negative:
   * last) when no single line holds the whole expression.
   */
  const withCorrections = (meta: PageMeta, text: TextPlan, expr: string, ids: Int32Array, scores: Float64Array) => {
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
  };
  /**
   * BM25 of every match, unsorted: letting FTS5 sort (ORDER BY rank) costs more than scoring itself, and
   * the top few after the filters are cheap to pick here.
   */
  const scored = (expr: string) =>
    scoreMemo(expr, () => {
      const rows = db.prepare('SELECT rowid, rank FROM pages_fts WHERE pages_fts MATCH ?').raw().all(expr) as [number, number][];
      const ids = new Int32Array(rows.length);
      const scores = new Float64Array(rows.length);
      rows.forEach(([id, score], i) => {
        ids[i] = id;
        scores[i] = score;
      });
      return { ids, scores };
    });

  const readList = rankListReader(db);
  // Each a seek on the copy's key for one length, rows as arrays: a range over several lengths in one statement
  // sorted its rows in a temporary b-tree (18,000 rows of "re": 31-41 ms, against 6 for the seeks and 4 to merge).
  const readVocabRange = db
    .prepare('SELECT term, pages FROM search_vocab_index WHERE prefix = ? AND len = ? AND term >= ? AND term < ? ORDER BY term LIMIT ?')
    .raw();
  const readVocabEnding = db
    .prepare('SELECT term, pages FROM search_vocab_index WHERE rprefix = ? AND len = ? AND rterm >= ? AND rterm < ? ORDER BY rterm LIMIT ?')
    .raw();
  // Checked again after any write (the copy is made by another connection, and leaves the index as it was).
  let vocabIndexState = { key: '', current: false };
  const vocabIndexReady = () => {
    const key = changeKey(db);
    if (vocabIndexState.key !== key) vocabIndexState = { key, current: vocabIndexCurrent(db, currentFingerprint()) };
    return vocabIndexState.current;
  };
  /** An archive whose whole vocabulary can be scanned for an ending (the copy not current): a few ms. */
  const smallArchive = () => pageMeta(db).ids.length <= vocabEndingTuning.scanPages;
  let fingerprint = { key: '', value: '' };
  const currentFingerprint = () => {
    const key = changeKey(db);
    if (fingerprint.key !== key) fingerprint = { key, value: indexFingerprint(db) };
    return fingerprint.value;
  };

  /**
   * One page of a search for frequent words from their rank lists (rank-lists.ts), or null when a word
   * has none or the lists cannot decide (too few listed pages pass the filters): then the caller scores
   * every match. The answer is the one full scoring gives, in the same order.
   */
  function fromRankLists(f: SearchFilter, offset: number, limit: number): number[] | null {
    const words = plainWords(f.text);
    if (!words || f.text.kind !== 'groups') return null;
    const lists: RankList[] = [];
    for (const term of words.terms) {
      const list = readList(term, currentFingerprint());
      if (!list) return null;
      lists.push(list);
    }
    const meta = pageMeta(db);
    const pass = filterPredicate(db, meta, f);
    const need = offset + limit;
    if (lists.length === 1) {
      // One word: the list is the ranking itself; walk it until the page is full.
      const [list] = lists;
      let excluded: Uint8Array | null = null;
      if (words.exclude.length) {
        excluded = new Uint8Array(meta.title.length);
        const ids = unionAll(words.exclude.map(clauseIds));
        for (let i = 0; i < ids.length; i++) if (ids[i] < excluded.length) excluded[ids[i]] = 1;
      }
      const out: number[] = [];
      let passed = 0;
      for (const id of list.ids) {
        if (!pass(id) || excluded?.[id]) continue;
        if (passed++ >= offset) out.push(id);
        if (out.length === limit) return counted(out);
      }
      return counted(list.ids.length === list.pages ? out : null); // a whole list is the whole answer
    }
    const matched = new Uint8Array(meta.title.length);
    const ids = textIds(meta, f.text)!;
    for (let i = 0; i < ids.length; i++) if (ids[i] < matched.length) matched[ids[i]] = 1;
    const best = topFromLists(lists, (id) => matched[id] === 1 && pass(id), need);
    return counted(best ? best.slice(offset, need) : null);
  }

  const readOccurrences = occurrenceReader(db);
  // How many pages hold each word the vocabulary just read: a word on most pages ("that" in that*) may
  // occur a million times, so its occurrences are counted (a few ms) before any is read.
  let held = { key: '', byTerm: new Map<string, number>() };
  const pagesHolding = () => {
    const key = searchKey(db);
    if (held.key !== key || held.byTerm.size > 100_000) held = { key, byTerm: new Map() };
    return held.byTerm;
  };
  const occurrencesOf = db.prepare('SELECT cnt FROM pages_vocab WHERE term = ?').pluck();
  const occurrenceMemo = changeMemo<Occurrences>(db, 300); // three searches of a hundred words
  // The matches of a whole expression found from its words' occurrences, for the count that follows.
  const matchedMemo = changeMemo<Ids>(db, 16);
  const firstRows = db.prepare('SELECT rowid, rank FROM pages_fts WHERE pages_fts MATCH ? LIMIT 4').raw();
  // CAST: with a plain parameter, FTS5 (3.53) drops the rowid constraint and returns every match.
  const rowScore = db.prepare('SELECT rowid, rank FROM pages_fts WHERE pages_fts MATCH ? AND rowid = CAST(? AS INTEGER)').raw();

  /**
   * One page of a search whose text is Any rows or All rows of plain words (wash*, senate~, o=a b c d, fz=1
   * on k=a b: two Any clauses of forms), 4 words or more, ranked from
   * the words' occurrences (word-scores.ts) instead of FTS5's BM25 over all matches; null to leave it to
   * FTS5. The order is full scoring's: sums are ordered where they are far apart (their rounding is far
   * smaller than wordScoreTuning.close), and pages whose sums are close, within or at the edges of the page
   * asked, are ordered by FTS5's exact scores (each word's, added in the query's order: the sum FTS5
   * makes), then id.
   */
  function fromOccurrences(f: SearchFilter, offset: number, limit: number): number[] | null {
    if (!wordScoreStats.enabled || f.text.kind !== 'groups') return null;
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
    const pages = pagesHolding();
    const common = words.terms.filter((t) => (pages.get(t) ?? 0) * 2 > totals.rows);
    if (common.reduce((n, t) => n + ((occurrencesOf.get(t) as number | undefined) ?? 0), 0) > wordScoreTuning.occurrences)
      return declined('too many occurrences');
    const occurrences: Occurrences[] = [];
    let budget = wordScoreTuning.occurrences;
    for (const term of words.terms) {
      const kept = occurrenceMemo.peek(term);
      const o = kept ?? readOccurrences(term, budget);
      if (!o) return declined('too many occurrences');
      if (!kept) occurrenceMemo(term, () => o);
      for (let j = 0; j < o.freqs.length; j++) budget -= o.freqs[j];
      if (budget < 0) return declined('too many occurrences');
      occurrences.push(o);
    }
    const meta = pageMeta(db);
    const size = meta.title.length;
    const score = sumScores(occurrences, totals, size);
    // A check against FTS5 itself, on the first rows of the rarest word: the formula and its inputs are FTS5's.
    const held = occurrences.map((o, i) => i).filter((i) => occurrences[i].ids.length);
    const rarest = held.reduce((best, i) => (occurrences[i].ids.length < occurrences[best].ids.length ? i : best), held[0] ?? 0);
    for (const [id, rank] of firstRows.all(quoteFts5(words.terms[rarest])) as [number, number][]) {
      const o = occurrences[rarest];
      const at = indexOf(o.ids, id);
      const mine = at < 0 ? NaN : -termScore(idf(totals.rows, o.ids.length), o.freqs[at], totals.lengths[id] ?? 0, totals.avgdl);
      if (!close(mine, rank)) return declined('a check against FTS5 failed');
    }
    // The pages the text matches, None words taken out (no corrected line holds any of these words: the
    // caller checked), from the same occurrences; the count that follows reuses them.
    const matched = matchedMemo(expr, () => {
      const all = intersectAll(clauses.map((at) => unionAll(at.map((i) => occurrences[i].ids))));
      return group.exclude.length ? difference(all, unionAll(group.exclude.map(clauseIds))) : all;
    });
    const pass = filterPredicate(db, meta, f);
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
    const need = offset + limit;
    let chosen: number[];
    let nextOut = Infinity; // the best rank left out
    if (kept > need * 4) {
      // Only the best `need` matter, and any sum close to the need-th best.
      const cut = kthSmallest(ranks.slice(0, kept), need - 1);
      const bound = cut + Math.abs(cut) * 2 * wordScoreTuning.close;
      chosen = [];
      for (let i = 0; i < kept; i++) {
        if (ranks[i] <= bound) chosen.push(keep[i]);
        else nextOut = Math.min(nextOut, ranks[i]);
      }
    } else chosen = Array.from(keep.subarray(0, kept));
    chosen.sort((a, b) => score[a] - score[b] || a - b);
    // Runs of close sums that reach into the page asked: FTS5's exact scores order them.
    const runs: [number, number][] = [];
    for (let start = 0; start < chosen.length && start < need;) {
      let end = start + 1;
      while (end < chosen.length && close(score[chosen[end - 1]], score[chosen[end]])) end++;
      if (end === chosen.length && nextOut !== Infinity && close(score[chosen[end - 1]], nextOut)) return declined('a close run past the cut');
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
          if (++pairs > EXACT_BUDGET) return declined('too many close sums');
          const row = rowScore.get(quoteFts5(words.terms[i]), id) as [number, number] | undefined;
          if (!row || row[0] !== id) return declined('FTS5 has no score for a page found');
          sum += -row[1];
        }
        exact.set(sig, -sum);
        wordScoreStats.exactPages++;
      }
      const rank = (id: number) => exact.get(sigs.get(id)!)!;
      chosen.splice(start, end - start, ...run.sort((a, b) => rank(a) - rank(b) || a - b));
    }
    wordScoreStats.answered++;
    return chosen.slice(offset, need);
  }
  function declined(why: string): null {
    wordScoreStats.declined++;
    wordScoreStats.lastDeclined = why;
    return null;
  }

  const correctedVocab = db.prepare('SELECT term, doc FROM correction_lines_vocab WHERE term >= ? AND term < ?');
  const vocabTerm = db.prepare('SELECT doc FROM pages_vocab WHERE term = ?').pluck();
  const correctedTerm = db.prepare('SELECT doc FROM correction_lines_vocab WHERE term = ?').pluck();
  const readConfusions = db.prepare("SELECT value FROM meta WHERE key = 'ocr_confusions'").pluck();
  let confusionsCache: { raw: string | undefined; table: OcrConfusions | null } = { raw: undefined, table: null };
  /** The OCR's forms plus those only corrected lines hold (wash* finds a word a visitor wrote in), in term order. */
  function withCorrectedWords(ocr: VocabularyWord[], pattern: VocabularyPattern, limit: number): VocabularyWord[] {
    const extra = (correctedVocab.raw().all(pattern.prefix, pattern.prefix + RANGE_END) as [string, number][]).filter(
      ([term]) => pattern.test(term) && (!pattern.lengths || ([...term].length >= pattern.lengths.min && [...term].length <= pattern.lengths.max)),
    );
    if (!extra.length) return ocr;
    const byTerm = new Map(ocr.map((w) => [w.term, w.pages]));
    // A page may hold a form in its OCR and in a corrected line: the sum can count it twice (a notice's count only).
    for (const [term, pages] of extra) byTerm.set(term, (byTerm.get(term) ?? 0) + pages);
    return [...byTerm]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .slice(0, limit)
      .map(([term, pages]) => ({ term, pages }));
  }

  function counted(answer: number[] | null): number[] | null {
    if (answer) rankListStats.answered++;
    else rankListStats.undecided++;
    return answer;
  }

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
  function textIds(meta: PageMeta, text: TextPlan): Ids | null {
    if (text.kind === 'none') return null;
    if (text.kind === 'nothing') return [];
    // Ranking just scored the whole expression (pageIds runs before count): when no corrected line holds
    // its words, its matches are these pages, already in id order (FTS5 returns rowid order), so the count
    // need not ask the index once per word again: a hundred times for a truncated word.
    const expr = planExpr(text.groups);
    const ranked = expr ? (scoreMemo.peek(expr)?.ids ?? matchedMemo.peek(expr)) : undefined;
    if (ranked && !touchesCorrections(text)) return ranked;
    return unionAll(text.groups.map((g) => groupIds(meta, g)));
  }

  function filteredIds(f: SearchFilter): { meta: PageMeta; ids: number[] } {
    const meta = pageMeta(db);
    const pass = filterPredicate(db, meta, f);
    const source = textIds(meta, f.text) ?? meta.ids;
    const ids: number[] = [];
    for (let i = 0; i < source.length; i++) if (pass(source[i])) ids.push(source[i]);
    return { meta, ids };
  }

  /** One page of ids by date: a numeric sort key per id (date, then title, then sequence). */
  function byDate(meta: PageMeta, ids: number[], desc: boolean, offset: number, limit: number): number[] {
    const key = (id: number) => (desc ? 99999999 - meta.date[id] : meta.date[id]) * 2 ** 26 + (meta.title[id] & 0xffff) * 1024 + Math.min(meta.seq[id], 1023);
    const need = offset + limit;
    if (ids.length > need * 4) {
      // Only the first `need` matter: find the need-th smallest key with a native sort, keep those below it.
      const keys = Float64Array.from(ids, key).sort();
      const cut = keys[need - 1];
      ids = ids.filter((id) => key(id) <= cut);
    }
    return ids.sort((a, b) => key(a) - key(b) || a - b).slice(offset, need);
  }

  return {
    canRank,
    async count(f) {
      const { meta, ids } = filteredIds(f);
      const cells = new Map<number, SearchCounts['cells'][number]>();
      for (const id of ids) {
        const k = meta.title[id] * 10000 + meta.year[id];
        const c = cells.get(k);
        if (c) c.count++;
        else cells.set(k, { titleId: meta.title[id], year: meta.year[id], count: 1 });
      }
      return { total: ids.length, cells: [...cells.values()] };
    },
    async pageIds(f: SearchFilter, sort: EngineSort, offset: number, limit: number, after?: Promise<unknown>) {
      await after;
      if (sort === 'relevance' && f.text.kind === 'groups' && canRank(f.text)) {
        // Ranking lists know the OCR only: a word in a corrected line is scored in full.
        const corrected = touchesCorrections(f.text);
        const listed = corrected ? null : (fromRankLists(f, offset, limit) ?? fromOccurrences(f, offset, limit));
        if (listed) return listed;
        const meta = pageMeta(db);
        const pass = filterPredicate(db, meta, f);
        const expr = planExpr(f.text.groups)!;
        const ocr = scored(expr);
        const { ids, scores } = corrected ? withCorrections(meta, f.text, expr, ocr.ids, ocr.scores) : ocr;
        const keep: number[] = []; // positions in ids/scores that pass the filters
        for (let i = 0; i < ids.length; i++) if (pass(ids[i])) keep.push(i);
        const need = offset + limit;
        let chosen = keep;
        if (keep.length > need * 4) {
          // BM25 in FTS5 is lower-is-better: the need-th smallest score is the cut.
          const cut = Float64Array.from(keep, (i) => scores[i]).sort()[need - 1];
          chosen = keep.filter((i) => scores[i] <= cut);
        }
        const out = chosen
          .sort((a, b) => scores[a] - scores[b] || ids[a] - ids[b])
          .slice(offset, need)
          .map((i) => ids[i]);
        return out;
      }
      const { meta, ids } = filteredIds(f);
      return byDate(meta, ids, sort === 'date-desc', offset, limit);
    },
    async rows(ids) {
      if (!ids.length) return [];
      return db
        .prepare(
          `SELECT p.id, p.uid, p.title_id AS titleId, t.name AS title, p.date_issued AS date, p.sequence, p.number,
                  p.width, p.height, ${WORDS_WITH_CORRECTIONS} AS words, CASE WHEN w.words IS NULL THEN p.ocr_text ELSE '' END AS text
             FROM pages p JOIN titles t ON t.id = p.title_id LEFT JOIN page_words w ON w.page_id = p.id
            WHERE p.id IN (SELECT value FROM json_each(?))`,
        )
        .all(JSON.stringify(ids)) as SearchPageRow[];
    },
    async vocabularyEnding(ending, lengths, limit) {
      const start = reversed(ending);
      const fits = (t: string) => t.endsWith(ending) && [...t].length >= lengths.min && [...t].length <= lengths.max;
      const byTerm = new Map<string, number>();
      // FTS5's vocabulary has no order by ending: only the copy (vocab-index.ts) reads an ending as one range.
      if ([...start].length >= 2 && (vocabIndexReady() || !smallArchive())) {
        // From the copy, a seek on (rprefix, len, rterm) per length, as the prefixes are read. While an ingest has
        // left it behind (until the upkeep makes it again, a minute or so after the ingest settles) it is read as
        // it is: the forms and page counts of the last settled index, so a form that only the new pages hold is not
        // found by its ending yet (its start's ranges, read from FTS5, find it as before). Scanning FTS5's
        // vocabulary instead took 2 s a word at 100,000 pages (930,000 words). Before the first copy: no ending.
        const two = [...start].slice(0, 2).join('');
        for (let len = lengths.min; len <= lengths.max; len++)
          for (const [term, pages] of readVocabEnding.all(two, len, start, start + RANGE_END, limit) as Array<[string, number]>) byTerm.set(term, pages);
      } else {
        // A small archive without a current copy (a few thousand words): the whole vocabulary, word by word.
        for (const [term, pages] of db.prepare('SELECT term, doc FROM pages_vocab').raw().iterate() as Iterable<[string, number]>)
          if (fits(term)) byTerm.set(term, pages);
      }
      // Words only corrected lines hold, as withCorrectedWords adds them to a prefix's range.
      for (const [term, pages] of correctedVocab.raw().all('', RANGE_END) as [string, number][])
        if (fits(term)) byTerm.set(term, (byTerm.get(term) ?? 0) + pages);
      const keyed = [...byTerm].map(([term, pages]) => ({ key: reversed(term), term, pages }));
      keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      return keyed.slice(0, limit).map(({ term, pages }) => ({ term, pages }));
    },
    async vocabularyTerms(terms) {
      const out: VocabularyWord[] = [];
      for (const term of [...new Set(terms)].sort()) {
        const pages = ((vocabTerm.get(term) as number | undefined) ?? 0) + ((correctedTerm.get(term) as number | undefined) ?? 0);
        if (pages > 0) out.push({ term, pages });
      }
      return out;
    },
    async ocrConfusions() {
      const raw = readConfusions.get() as string | undefined;
      if (raw !== confusionsCache.raw) confusionsCache = { raw, table: raw ? (JSON.parse(raw) as OcrConfusions) : null };
      return confusionsCache.table;
    },
    async learnOcrConfusions() {
      return learnSqliteConfusions(db);
    },
    async vocabulary(pattern, limit) {
      const letters = [...pattern.prefix];
      if (pattern.lengths && letters.length >= 2 && vocabIndexReady()) {
        // The forms of one range within the lengths asked, from the b-tree copy (vocab-index.ts), one length at a
        // time, each a seek on (prefix, len, term), merged back into term order.
        const two = letters.slice(0, 2).join('');
        const found: Array<[string, number]> = [];
        for (let len = pattern.lengths.min; len <= pattern.lengths.max; len++)
          for (const r of readVocabRange.all(two, len, pattern.prefix, pattern.prefix + RANGE_END, limit) as Array<[string, number]>) found.push(r);
        found.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
        const rows = found.slice(0, limit).map(([term, pages]) => ({ term, pages }));
        return withCorrectedWords(rows, pattern, limit);
      }
      const out: VocabularyWord[] = [];
      const rows = db
        .prepare('SELECT term, doc FROM pages_vocab WHERE term >= ? AND term < ?')
        .raw()
        .iterate(pattern.prefix, pattern.prefix + RANGE_END);
      const held = pagesHolding();
      for (const [term, pages] of rows as Iterable<[string, number]>) {
        if (!pattern.test(term)) continue;
        out.push({ term, pages });
        held.set(term, pages);
        if (out.length >= limit) break; // leaving the loop ends the statement
      }
      return withCorrectedWords(out, pattern, limit);
    },
    async titlePlaces(titleIds) {
      if (!titleIds.length) return [];
      return db
        .prepare(
          `SELECT t.id, t.name, ci.id AS cityId, ci.name AS cityName, s.id AS stateId, s.name AS stateName,
                  co.id AS countryId, co.name AS countryName
             FROM titles t LEFT JOIN cities ci ON ci.id = t.city_id LEFT JOIN states s ON s.id = ci.state_id
             LEFT JOIN countries co ON co.id = s.country_id
            WHERE t.id IN (SELECT value FROM json_each(?))`,
        )
        .all(JSON.stringify(titleIds)) as TitlePlace[];
    },
  };
}
