// Title names for chips, headings and lists of seen searches: from the answer's facets when it has them,
// else from the title list this device keeps for /home (Dexie title chunks), so a browse opened offline
// says 'The Harvest Gazette', not 'Title 5'.
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import type { FacetCount } from '../../contract/search/query';
import { currentSite } from '../shared/data/site';
import { archiveDb, readTitles } from '../shared/db';
import type { TitleNames } from './describe';

/** Names of the given title ids as this device knows them (only these ids are kept in memory). */
export function useKeptTitleNames(ids: number[]): Map<number, string> {
  const wanted = ids.join(',');
  const site = currentSite();
  return (
    useLiveQuery(async () => {
      const map = new Map<number, string>();
      if (!wanted) return map;
      const want = new Set(wanted.split(',').map(Number));
      for (const t of await readTitles(archiveDb(), site).catch(() => [])) if (want.has(t.TitleId)) map.set(t.TitleId, t.title);
      return map;
    }, [wanted, site]) ?? EMPTY
  );
}
const EMPTY = new Map<number, string>();

/** One lookup: the answer's facet names first, then the kept title list. */
export function useTitleNames(ids: number[], facetTitles: FacetCount[] | undefined): TitleNames {
  const kept = useKeptTitleNames(ids);
  return useMemo(() => {
    const fromFacets = new Map((facetTitles ?? []).map((f) => [f.id, f.name]));
    return (id: number) => fromFacets.get(id) ?? kept.get(id);
  }, [facetTitles, kept]);
}
