// Named reads and writes of the getDetail data (dexie's pattern: components read with useLiveQuery,
// writes go through these few functions). A write replaces one site's records in one transaction.
import type { DecadeItem, HomeDetail, TitleItem } from '../../../contract/api';
import type { ArchiveDatabase } from '../../../device-db/database';
import { initialLetter } from '../../../contract/fold';
import { parseYears, toTitleChunks, type ChunkTitle, type DecadeRecord, type HomeRecord, type TitleRecord } from '../../../device-db/schema';
import { classifyStorageError, reportStorageProblem } from '../../../device-db/problems';

const PER_SITE_TABLES = ['titleChunks', 'decades', 'countries', 'states', 'cities', 'publications', 'home'] as const;

/** The title list getDetail says to use (spec 3.6: solrtype '4' → the first list). */
export const titleListName = (solrtype: string): HomeRecord['titleList'] =>
  String(solrtype) === '4' ? 'YearRangeWithTitleandCountList' : 'YearRangeWithTitlecountSolr7Sametitle';

/** Stores a fresh getDetail answer for `site`, replacing what was there. Problems are reported, then rethrown. */
export async function saveHomeDetail(db: ArchiveDatabase, site: string, d: HomeDetail, fetchedAt = Date.now(), etag: string | null = null): Promise<void> {
  const sm = d.model._searchModels;
  const titleList = titleListName(sm.solrtype ?? d.objeWbSite?.solrtype);
  const stamp = { site, fetchedAt };
  const titles: ChunkTitle[] = (sm[titleList] ?? []).map((t: TitleItem, order) => ({
    TitleId: t.TitleId,
    title: t.title,
    YearRange: t.YearRange,
    count: t.count,
    ThumbImagePath: t.ThumbImagePath,
    letter: initialLetter(t.title),
    order,
  }));
  const decades: DecadeRecord[] = (sm.DecadeList ?? []).map((x: DecadeItem, order) => {
    const start = Number(String(x.Decade).split('-')[0]);
    return { ...stamp, Decade: String(x.Decade), start, count: x.count, Years: x.Years, years: parseYears(x.Years, start), order };
  });
  const home: HomeRecord = {
    ...stamp,
    MinDate: d.MinDate,
    MaxDate: d.MaxDate,
    fullMinDate: d.fullMinDate,
    fullMaxDate: d.fullMaxDate,
    DomainUrl: d.DomainUrl,
    CollectionIds: d.CollectionIds,
    objeWbSite: d.objeWbSite,
    solrtype: sm.solrtype,
    titleList,
    ContentDetails: d.model.ContentDetails,
    AdHomeLeftContent: d.model.AdvertisementContent?.AdHomeLeftContent ?? '',
    HomePageTitleCount: d.model.HomePageTitleCount ?? titles.length,
    HomePageDecadeCount: d.model.HomePageDecadeCount ?? decades.length,
    etag,
  };
  try {
    await db.transaction(
      'rw',
      PER_SITE_TABLES.map((t) => db.table(t)),
      async () => {
        for (const t of PER_SITE_TABLES) await db.table(t).where('site').equals(site).delete();
        await db.titleChunks.bulkPut(toTitleChunks(site, fetchedAt, titles));
        await db.decades.bulkPut(decades);
        await db.countries.bulkPut((d.CountryData ?? []).map((c) => ({ ...stamp, CountryId: c.CountryId, CountryName: c.CountryName })));
        await db.states.bulkPut((d.StateData ?? []).map((s) => ({ ...stamp, StateId: s.StateId, StateName: s.StateName, CountryId: s.CountryId })));
        await db.cities.bulkPut((d.CityData ?? []).map((c) => ({ ...stamp, CityId: c.CityId, CityName: c.CityName, StateId: c.StateId })));
        await db.publications.bulkPut(
          (d.PublicationData ?? []).map((p) => ({ ...stamp, PublicationId: p.PublicationId, PublicationName: p.PublicationName, CityId: p.CityId })),
        );
        await db.home.put(home);
      },
    );
  } catch (error) {
    reportStorageProblem(classifyStorageError(error), error);
    throw error;
  }
}

const bySiteInOrder = <T extends { order: number }>(rows: T[]) => rows.sort((a, b) => a.order - b.order);

export async function readTitles(db: ArchiveDatabase, site: string): Promise<TitleRecord[]> {
  const chunks = (await db.titleChunks.where('site').equals(site).toArray()).sort((a, b) => a.chunk - b.chunk);
  return chunks.flatMap((c) => c.titles.map((t) => ({ ...t, site, fetchedAt: c.fetchedAt })));
}

export async function readDecades(db: ArchiveDatabase, site: string): Promise<DecadeRecord[]> {
  return bySiteInOrder(await db.decades.where('site').equals(site).toArray());
}

export async function readPlaces(db: ArchiveDatabase, site: string) {
  const [countries, states, cities, publications] = await Promise.all([
    db.countries.where('site').equals(site).toArray(),
    db.states.where('site').equals(site).toArray(),
    db.cities.where('site').equals(site).toArray(),
    db.publications.where('site').equals(site).toArray(),
  ]);
  return { countries, states, cities, publications };
}

const decadeId = (d: string): number | string => (/^\d+$/.test(d) ? Number(d) : d);
const toTitleItem = (t: TitleRecord): TitleItem => ({
  TitleId: t.TitleId,
  title: t.title,
  YearRange: t.YearRange,
  count: t.count,
  ThumbImagePath: t.ThumbImagePath,
});

/** Rebuilds the getDetail answer from saved records, or undefined when this site has none yet. */
export async function readHomeDetail(db: ArchiveDatabase, site: string): Promise<(HomeDetail & { fetchedAt: number }) | undefined> {
  const home = await db.home.get(site);
  if (!home) return undefined;
  const [titles, decades, places] = await Promise.all([readTitles(db, site), readDecades(db, site), readPlaces(db, site)]);
  const list = titles.map(toTitleItem);
  return {
    fetchedAt: home.fetchedAt,
    MinDate: home.MinDate,
    MaxDate: home.MaxDate,
    fullMinDate: home.fullMinDate,
    fullMaxDate: home.fullMaxDate,
    DomainUrl: home.DomainUrl,
    CollectionIds: home.CollectionIds,
    objeWbSite: home.objeWbSite,
    model: {
      _searchModels: {
        solrtype: home.solrtype,
        YearRangeWithTitleandCountList: home.titleList === 'YearRangeWithTitleandCountList' ? list : [],
        YearRangeWithTitlecountSolr7Sametitle: home.titleList === 'YearRangeWithTitlecountSolr7Sametitle' ? list : [],
        DecadeList: decades.map((d) => ({ Decade: decadeId(d.Decade), count: d.count, Years: d.Years })),
      },
      ContentDetails: home.ContentDetails,
      AdvertisementContent: { AdHomeLeftContent: home.AdHomeLeftContent },
      HomePageTitleCount: home.HomePageTitleCount,
      HomePageDecadeCount: home.HomePageDecadeCount,
    },
    CountryData: places.countries.map(({ CountryId, CountryName }) => ({ CountryId, CountryName })),
    StateData: places.states.map(({ StateId, StateName, CountryId }) => ({ StateId, StateName, CountryId })),
    CityData: places.cities.map(({ CityId, CityName, StateId }) => ({ CityId, CityName, StateId })),
    PublicationData: places.publications.map(({ PublicationId, PublicationName, CityId }) => ({ PublicationId, PublicationName, CityId })),
  };
}

/** The ETag of the answer saved for `site`, if any. */
export async function savedEtag(db: ArchiveDatabase, site: string): Promise<string | null> {
  return (await db.home.get(site))?.etag ?? null;
}
