// Search on PostgreSQL: each search gets a pass (pass.ts) that the strategy answering it fills with what its
// statements found, so the counts and rows that follow the page are taken from it rather than read again.
// Strategies, tried in this order: date walks (date-walks.ts), a word's ranking list (rank-list-page.ts), a
// two-word phrase's pairs levels and other phrases (phrase-pages.ts), a pattern's or OCR-tolerant word's forms
// (expanded-page.ts, matches read as sets: match-sets.ts), RUM's ordered scan (rum-page.ts), and one pass over
// every match that also counts (one-pass.ts).
import type { Pg } from '../db';
import type { EngineSort, SearchRepo } from '../../types';
import { rankTsquery, twoWordPhrase } from '../tsquery';
import { canRank, singleWord, siteTitles, where } from './where';
import { fewPages, wordInfo } from './word-facts';
import { countNow } from './counts';
import { searchPass, type PgEngine, type SearchPass } from './pass';
import { browsePage, dateWalkPage, titleWalkPage } from './date-walks';
import { rankListPage } from './rank-list-page';
import { pairPhrasePage, phraseRumPage } from './phrase-pages';
import { wordsRumPage } from './rum-page';
import { onePassPage } from './one-pass';
import { expandedPage } from './expanded-page';
import { pgVocabulary } from './vocabulary';
import { tuning, type PgSearchOptions } from './tuning';

export type { PgSearchOptions } from './tuning';

export function pgSearch(db: Pg, opts: PgSearchOptions = {}): SearchRepo {
  let rum: Promise<boolean> | null = null;
  const engine: PgEngine = {
    db,
    tune: tuning(opts),
    rumIndex: () => (rum ??= db.read<{ ok: boolean }>("SELECT to_regclass('pages_rum') IS NOT NULL AS ok").then((r) => r[0].ok)),
  };
  return {
    canRank,
    async count(f) {
      return countNow(db, engine.tune, f, await siteTitles(db, f.siteId));
    },
    async page(f, sort, offset, limit, after) {
      const one = sort !== 'date-desc' && engine.tune.rankLists ? singleWord(f.text) : null;
      // The site's titles (and the word's count and list) in one small statement, beside the caller's version
      // read (`after`), which every statement below waits for.
      const [info, siteOnly] = await Promise.all([one ? wordInfo(db, one.word, f.siteId) : undefined, one ? undefined : siteTitles(db, f.siteId), after]);
      const pass = searchPass(engine, f, info ? (info.titles ?? []) : siteOnly!, one, info);
      const ids = await pageOf(pass, sort, offset, limit);
      return { ids, counts: () => pass.counts(), rows: () => pass.rows(ids) };
    },
    ...pgVocabulary(db),
  };
}

/** The page of ids, from the first strategy that can give it. A page from a ranking list, RUM's ordered scan
 *  or the date index leaves the counting to a statement of its own (the pass's startCount). */
async function pageOf(s: SearchPass, sort: EngineSort, offset: number, limit: number): Promise<number[]> {
  const { f } = s;
  if (f.text.kind !== 'groups') s.startCount();
  const walked = (await titleWalkPage(s, sort, offset, limit)) ?? (await dateWalkPage(s, sort, offset, limit));
  if (walked) return walked;
  if (s.one && sort === 'relevance' && s.info?.list) {
    const listed = await rankListPage(s, s.one, s.info.list, offset, limit);
    if (listed) return listed;
  }
  const w = where(f, s.titles);
  const ranked = sort === 'relevance' && Boolean(w.tsquery) && canRank(f.text);
  const pair = ranked && f.text.kind === 'groups' ? twoWordPhrase(f.text.groups) : null;
  if (pair) return pairPhrasePage(s, pair, offset, limit);
  if (!w.tsquery) return browsePage(s, w, sort, offset, limit);
  // A word on few pages stays on one ts_rank_cd pass (cheap); for one word ts_rank_cd's order is RUM's
  // order (and the lists'), so either way gives the same pages.
  if (ranked && (await s.rumIndex()) && !(await fewPages(s.db, f.text, s.info))) {
    // Forms of a pattern or OCR-tolerant word, read as sets of ids: found and counted once (expanded-page.ts).
    if (w.sets) return expandedPage(s, w, offset, limit);
    // Phrases and proximity are ordered by the distance of their words (rankTsquery).
    if (!w.tsquery.includes('<')) return wordsRumPage(s, w, w.tsquery, offset, limit);
    return phraseRumPage(s, w, (f.text.kind === 'groups' ? rankTsquery(f.text.groups) : null) ?? w.tsquery, offset, limit);
  }
  return onePassPage(s, w, ranked, sort, offset, limit);
}
