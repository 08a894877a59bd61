// Browse lists and place data for screens, read from IndexedDB (useLiveQuery) and refilled from getDetail.
import { useEffect } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { archiveDb, readDecades, readPlaces, readTitles, classifyStorageError, reportStorageProblem } from '../../shared/db';
import type { CityRecord, CountryRecord, DecadeRecord, PublicationRecord, StateRecord, TitleRecord } from '../../shared/db';
import { currentSite } from '../../shared/data/site';
import { refreshHomeDetail } from './home-detail';

export interface BrowseLists {
  titles: TitleRecord[];
  decades: DecadeRecord[];
  counts: { titles: number; decades: number; HomePageTitleCount: number; HomePageDecadeCount: number };
  /** When the server's answer these lists come from was received (ms), or null when none is saved. */
  fetchedAt: number | null;
  loading: boolean;
}

export interface Places {
  countries: CountryRecord[];
  states: StateRecord[];
  cities: CityRecord[];
  publications: PublicationRecord[];
  fetchedAt: number | null;
  loading: boolean;
}

function safely<T>(read: () => Promise<T>, empty: T): () => Promise<T> {
  return () =>
    read().catch((error) => {
      reportStorageProblem(classifyStorageError(error), error);
      return empty;
    });
}

function useRefresh(site: string) {
  useEffect(() => void refreshHomeDetail(site), [site]);
}

export function useBrowseLists(): BrowseLists {
  const site = currentSite();
  useRefresh(site);
  const lists = useLiveQuery(
    safely(async () => {
      const db = archiveDb();
      const [titles, decades, home] = await Promise.all([readTitles(db, site), readDecades(db, site), db.home.get(site)]);
      return { titles, decades, home };
    }, { titles: [] as TitleRecord[], decades: [] as DecadeRecord[], home: undefined }),
    [site],
  );
  const home = lists?.home;
  return {
    titles: lists?.titles ?? [],
    decades: lists?.decades ?? [],
    counts: {
      titles: lists?.titles.length ?? 0,
      decades: lists?.decades.length ?? 0,
      HomePageTitleCount: home?.HomePageTitleCount ?? lists?.titles.length ?? 0,
      HomePageDecadeCount: home?.HomePageDecadeCount ?? lists?.decades.length ?? 0,
    },
    fetchedAt: home?.fetchedAt ?? null,
    loading: lists === undefined,
  };
}

/** The years of one decade (spec 2.4 'Years' panel), from the saved decade list. */
export function useDecadeYears(decade: number | string | null): number[] {
  const site = currentSite();
  const years = useLiveQuery(
    safely(async () => (decade == null ? [] : ((await archiveDb().decades.get([site, String(decade)]))?.years ?? [])), [] as number[]),
    [site, decade],
  );
  return years ?? [];
}

export function usePlaces(): Places {
  const site = currentSite();
  useRefresh(site);
  const places = useLiveQuery(
    safely(async () => {
      const db = archiveDb();
      const [p, home] = await Promise.all([readPlaces(db, site), db.home.get(site)]);
      return { ...p, fetchedAt: home?.fetchedAt ?? null };
    }, { countries: [], states: [], cities: [], publications: [], fetchedAt: null }),
    [site],
  );
  return places ? { ...places, loading: false } : { countries: [], states: [], cities: [], publications: [], fetchedAt: null, loading: true };
}
