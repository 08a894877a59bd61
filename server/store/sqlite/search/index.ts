// Search on SQLite: FTS5 finds the pages of each word or phrase (combined here, id-sets.ts; matches.ts) and
// ranks the matches by BM25 (pages.ts), or rank lists answer (rank-list-pages.ts), or an Any row of many words
// is scored from its words' occurrences (occurrence-pages.ts); filters, counts, facets and date ordering run
// over the in-memory page metadata (search-meta.ts); rows come from SQL by id (rows.ts). A page of results
// hands the matches it found to the counts that follow it (page()), so they are not looked up again.
import type { Db } from '../db';
import type { EngineSort, SearchFilter, SearchRepo } from '../../types';
import { planExpr } from '../fts5';
import type { Ids } from '../id-sets';
import { pageMeta } from '../search-meta';
import { filterPredicate } from './filters';
import { canRank, textMatches, type Filtered } from './matches';
import { fingerprintReader, rankListPages } from './rank-list-pages';
import { occurrencePages } from './occurrence-pages';
import { byDate, byScore, countCells } from './pages';
import { pagesHoldingMemo, sqliteVocabulary } from './vocabulary';
import { readRows, readTitlePlaces } from './rows';
import { ENDING_SCAN_PAGES, newStats, type SqliteSearchOptions, type SqliteSearchStats } from './tuning';

export type { SqliteSearchOptions, SqliteSearchStats } from './tuning';

export interface SqliteSearch extends SearchRepo {
  /** How often this engine's shortcuts answered since it was made (a copy). */
  stats(): SqliteSearchStats;
}

/** A page of ids and what its search found on the way: the text's matches (id order, before the filters) or
 *  the matches that pass the filters, for the counts. */
interface Found {
  ids: number[];
  matches?: Ids;
  filtered?: Filtered;
}

export function sqliteSearch(db: Db, opts: SqliteSearchOptions = {}): SqliteSearch {
  const stats = newStats();
  const matches = textMatches(db);
  const fingerprint = fingerprintReader(db);
  const pagesHolding = pagesHoldingMemo(db);
  const fromRankLists = rankListPages(db, matches, fingerprint, stats.rankLists);
  const fromOccurrences = occurrencePages(db, matches, pagesHolding, stats.wordScores, { ...opts, enabled: opts.wordScores ?? true });

  function pageOf(f: SearchFilter, sort: EngineSort, offset: number, limit: number): Found {
    if (sort === 'relevance' && f.text.kind === 'groups' && canRank(f.text)) {
      // Ranking lists and occurrences know the OCR only: a word in a corrected line is scored in full.
      const corrected = matches.touchesCorrections(f.text);
      if (!corrected) {
        const listed = fromRankLists(f, offset, limit);
        if (listed) return { ids: listed };
        const occurred = fromOccurrences(f, offset, limit);
        if (occurred) return occurred;
      }
      const meta = pageMeta(db);
      const expr = planExpr(f.text.groups)!;
      const ocr = matches.scored(expr);
      const { ids, scores } = corrected ? matches.withCorrections(meta, f.text, expr, ocr) : ocr;
      // Without corrected lines, the scored pages are the text's matches, in id order (FTS5's rowid order).
      return { ids: byScore(ids, scores, filterPredicate(db, meta, f), offset, limit), matches: corrected ? undefined : ocr.ids };
    }
    const filtered = matches.filtered(f);
    return { ids: byDate(filtered.meta, filtered.ids, sort === 'date-desc', offset, limit), filtered };
  }

  return {
    canRank,
    stats: () => structuredClone(stats),
    async count(f) {
      const { meta, ids } = matches.filtered(f);
      return countCells(meta, ids);
    },
    async page(f, sort, offset, limit, after) {
      await after;
      const found = pageOf(f, sort, offset, limit);
      return {
        ids: found.ids,
        async counts() {
          const { meta, ids } = found.filtered ?? matches.filtered(f, found.matches);
          return countCells(meta, ids);
        },
        rows: async () => readRows(db, found.ids),
      };
    },
    async titlePlaces(titleIds) {
      return readTitlePlaces(db, titleIds);
    },
    ...sqliteVocabulary(db, fingerprint, pagesHolding, opts.endingScanPages ?? ENDING_SCAN_PAGES),
  };
}
