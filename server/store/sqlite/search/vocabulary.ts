// The index's words as the search's expansions read them: FTS5's vocabulary (pages_vocab), its b-tree copy
// for OCR-tolerant words (vocab-index.ts) and the words only corrected lines hold; the learned OCR confusions.
import type { Db } from '../db';
import type { SearchRepo } from '../../types';
import { RANGE_END, type VocabularyPattern, type VocabularyWord } from '../../../../contract/search/expand';
import { formsPattern } from '../../../../contract/search/expand-terms';
import { reversed } from '../../../../contract/search/ocr-distance';
import type { OcrConfusions } from '../../../../contract/search/confusions';
import { changeKey, pageMeta, searchKey } from '../search-meta';
import { vocabIndexCurrent } from '../vocab-index';
import { learnSqliteConfusions } from '../ocr-confusions';

type Lookups = Pick<SearchRepo, 'vocabulary' | 'vocabularyRanges' | 'vocabularyEnding' | 'vocabularyTerms' | 'ocrConfusions' | 'learnOcrConfusions'>;

/** How many pages hold each word the vocabulary just read (the occurrence path asks before reading a word's
 *  occurrences), until the index changes. */
export function pagesHoldingMemo(db: Db): () => Map<string, number> {
  let held = { key: '', byTerm: new Map<string, number>() };
  return () => {
    const key = searchKey(db);
    if (held.key !== key || held.byTerm.size > 100_000) held = { key, byTerm: new Map() };
    return held.byTerm;
  };
}

/** `endingScanPages`: in archives of at most this many pages an ending is read by scanning FTS5's whole
 *  vocabulary while the copy is not current. */
export function sqliteVocabulary(db: Db, fingerprint: () => string, pagesHolding: () => Map<string, number>, endingScanPages: number): Lookups {
  // Each a seek on the copy's key for one length, rows as arrays: a range over several lengths in one statement
  // would sort its rows in a temporary b-tree, costlier than the seeks and the merge here.
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
    if (vocabIndexState.key !== key) vocabIndexState = { key, current: vocabIndexCurrent(db, fingerprint()) };
    return vocabIndexState.current;
  };
  /** An archive whose whole vocabulary can be scanned for an ending (the copy not current): a few ms. */
  const smallArchive = () => pageMeta(db).ids.length <= endingScanPages;
  const correctedVocab = db.prepare('SELECT term, doc FROM correction_lines_vocab WHERE term >= ? AND term < ?');
  const vocabTerm = db.prepare('SELECT doc FROM pages_vocab WHERE term = ?').pluck();
  const readVocabTerm = db.prepare('SELECT pages FROM search_vocab_index WHERE prefix = ? AND len = ? AND term = ?').pluck();
  const correctedTerm = db.prepare('SELECT doc FROM correction_lines_vocab WHERE term = ?').pluck();
  const readConfusions = db.prepare("SELECT value FROM meta WHERE key = 'ocr_confusions'").pluck();
  let confusionsCache: { raw: string | undefined; table: OcrConfusions | null } = { raw: undefined, table: null };
  /** The OCR's forms plus those only corrected lines hold (wash* finds a word a visitor wrote in), in term order. */
  function withCorrectedWords(ocr: VocabularyWord[], pattern: VocabularyPattern, limit: number, corrected?: [string, number][]): VocabularyWord[] {
    const inRange = corrected
      ? corrected.filter(([term]) => term >= pattern.prefix && term < pattern.prefix + RANGE_END)
      : (correctedVocab.raw().all(pattern.prefix, pattern.prefix + RANGE_END) as [string, number][]);
    const extra = inRange.filter(
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

  /** The forms of one range within the lengths, from the b-tree copy (vocab-index.ts): one seek on (prefix, len,
   *  term) per length, merged back into term order. */
  function copyRange(prefix: string, lengths: { min: number; max: number }, limit: number): VocabularyWord[] {
    const two = [...prefix].slice(0, 2).join('');
    const found: Array<[string, number]> = [];
    for (let len = lengths.min; len <= lengths.max; len++)
      for (const r of readVocabRange.all(two, len, prefix, prefix + RANGE_END, limit) as Array<[string, number]>) found.push(r);
    found.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    return found.slice(0, limit).map(([term, pages]) => ({ term, pages }));
  }

  return {
    async vocabularyRanges(prefixes, lengths, limit) {
      // An OCR-tolerant word's dozens of ranges in one call: the copy's state and the corrected lines' words are
      // read once for them all. Without a current copy, null: each range is read (and tested) on its own.
      if (!prefixes.every((p) => [...p].length >= 2) || !vocabIndexReady()) return null;
      const ranges = prefixes.map((prefix) => formsPattern(prefix, lengths));
      const corrected = correctedVocab.raw().all('', RANGE_END) as [string, number][];
      return ranges.map((p) => withCorrectedWords(copyRange(p.prefix, lengths, limit), p, limit, corrected));
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
        // found by its ending yet (its start's ranges, read from FTS5, find it as before). Scanning FTS5's whole
        // vocabulary instead would take seconds a word in a large archive. Before the first copy: no ending.
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
      // From the copy when it is current: a seek on its key, where FTS5's vocabulary takes a millisecond a word.
      const copy = vocabIndexReady();
      const ocrPages = (term: string): number | undefined => {
        if (!copy) return vocabTerm.get(term) as number | undefined;
        const letters = [...term];
        return readVocabTerm.get(letters.slice(0, 2).join(''), letters.length, term) as number | undefined;
      };
      for (const term of [...new Set(terms)].sort()) {
        const pages = (ocrPages(term) ?? 0) + ((correctedTerm.get(term) as number | undefined) ?? 0);
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
      if (pattern.lengths && letters.length >= 2 && vocabIndexReady())
        return withCorrectedWords(copyRange(pattern.prefix, pattern.lengths, limit), pattern, limit);
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
  };
}
