// Every query class of the search benchmark (bench/search/classes.ts: the classes, the extra ones and
// the row syntax), asked of two stores holding the same archive: the same answers. Words, phrases, places
// and titles are picked from the SQLite copy as the benchmark picks them. Relevance scores are each
// engine's own (BM25 on SQLite, RUM's distance or ts_rank_cd on PostgreSQL), so pages are compared in date
// order; counts, facets, expansions, snippets and boxes in both orders.
import { expect } from 'vitest';
import type { SqliteStore } from '../../server/store/sqlite';
import type { Store } from '../../server/store/types';
import { parseSearchParams } from '../../contract/search/query';
import { runSearch } from '../../server/services/search/service';
import { searchQueryClasses } from '../../bench/search/classes';

export async function expectSameAnswersForEveryClass(lite: SqliteStore, other: Store, perClass = 2): Promise<{ queries: number; withResults: number }> {
  const { classes, extra, syntax, primes } = searchQueryClasses(lite.db, perClass);
  const sites = [(await lite.sites.getDefault()).id, (await other.sites.getDefault()).id];
  let queries = 0;
  let withResults = 0;
  for (const [name, make] of Object.entries({ ...classes, ...extra, ...syntax })) {
    for (let i = 0; i < perClass; i++) {
      const qs = make(i);
      if (primes[name]) for (const [k, s] of [lite, other].entries()) await runSearch(s, sites[k], parseSearchParams(primes[name](i)));
      for (const ordered of [qs, qs.includes('sort=') ? null : `${qs}&sort=date`]) {
        if (!ordered) continue;
        const [a, b] = await Promise.all([lite, other].map((s, k) => runSearch(s, sites[k], parseSearchParams(ordered))));
        const label = `${name}: ${ordered}`;
        expect(b.total, label).toBe(a.total);
        expect(b.sort, label).toBe(a.sort);
        expect(b.facets, label).toEqual(a.facets);
        expect(b.expansions, label).toEqual(a.expansions);
        const view = (r: typeof a) => r.results.map((x) => ({ page: x.pageUid, snippet: x.snippet, boxes: x.boxes }));
        const byPage = (r: typeof a) => [...view(r)].sort((x, y) => (x.page < y.page ? -1 : 1));
        // In date order the very same list; in relevance order the same pages when all fit on the page.
        if (ordered.includes('sort=') || a.sort !== 'relevance') expect(view(b), label).toEqual(view(a));
        else if (a.total <= a.pageSize) expect(byPage(b), label).toEqual(byPage(a));
        queries++;
        if (a.total > 0) withResults++;
      }
    }
  }
  return { queries, withResults };
}
