// Pages of a relevance search for frequent words read from their rank lists (rank-lists.ts).
import type { Db } from '../db';
import type { SearchFilter } from '../../types';
import { plainWords } from '../../../../contract/search/plan';
import { unionAll } from '../id-sets';
import { changeKey, pageMeta } from '../search-meta';
import { indexFingerprint, rankListReader, topFromLists, type RankList } from '../rank-lists';
import { filterPredicate } from './filters';
import type { TextMatches } from './matches';
import type { SqliteSearchStats } from './tuning';

/** The index's fingerprint (what rank lists and the vocabulary copy were made for), read again after any write. */
export function fingerprintReader(db: Db): () => string {
  let fingerprint = { key: '', value: '' };
  return () => {
    const key = changeKey(db);
    if (fingerprint.key !== key) fingerprint = { key, value: indexFingerprint(db) };
    return fingerprint.value;
  };
}

/**
 * One page of a search for frequent words from their rank lists, or null when a word has none or the lists
 * cannot decide (too few listed pages pass the filters): then the caller scores every match. The answer is
 * the one full scoring gives, in the same order.
 */
export function rankListPages(db: Db, matches: TextMatches, fingerprint: () => string, stats: SqliteSearchStats['rankLists']) {
  const readList = rankListReader(db);
  const counted = (answer: number[] | null): number[] | null => {
    if (answer) stats.answered++;
    else stats.undecided++;
    return answer;
  };
  return (f: SearchFilter, offset: number, limit: number): number[] | null => {
    const words = plainWords(f.text);
    if (!words || f.text.kind !== 'groups') return null;
    const lists: RankList[] = [];
    for (const term of words.terms) {
      const list = readList(term, fingerprint());
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
        const ids = unionAll(words.exclude.map(matches.clauseIds));
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
    const ids = matches.textIds(meta, f.text)!;
    for (let i = 0; i < ids.length; i++) if (ids[i] < matched.length) matched[ids[i]] = 1;
    const best = topFromLists(lists, (id) => matched[id] === 1 && pass(id), need);
    return counted(best ? best.slice(offset, need) : null);
  };
}
