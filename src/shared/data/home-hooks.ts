// Data hooks of the home screen (the sitemap's titles list reads them too). Page settings and the banner come through the service worker's
// stale-while-revalidate cache (shared/data/resources.ts); browse and place data come from IndexedDB first
// (home-detail.ts).
import type { BannerResponse, HomePageSettings, SearchModels, TitleDecadeResponse, TitleItem } from '../../../contract/api';
import { HOME_ENDPOINTS } from '../../../contract/api';
import { getJson } from './http';
import { useResource } from './resources';

export { useHomeDetail, refreshHomeDetail } from './home-detail';

/** solrtype '4' picks the first title list, any other value the second (spec 3.6, 9). */
export const pickTitles = (m: Pick<SearchModels, 'solrtype' | 'YearRangeWithTitleandCountList' | 'YearRangeWithTitlecountSolr7Sametitle'>): TitleItem[] =>
  (String(m.solrtype) === '4' ? m.YearRangeWithTitleandCountList : m.YearRangeWithTitlecountSolr7Sametitle) ?? [];

export const useHomePageSettings = () => useResource<HomePageSettings>(HOME_ENDPOINTS.homePageSettings);
export const useBanner = () => useResource<BannerResponse>(HOME_ENDPOINTS.banner);

/** Multi-select narrowing (spec 4.4): SelectTitleDecade with the current selections. Needs the network. */
export function selectTitleDecade(
  params: { titleIds: number[]; decades: number[]; collectionIds: string; solrType: string },
  signal?: AbortSignal,
): Promise<TitleDecadeResponse> {
  return getJson<TitleDecadeResponse>(
    HOME_ENDPOINTS.titleDecade,
    { titleIds: params.titleIds.join(','), decades: params.decades.join(','), collectionIds: params.collectionIds, solrType: params.solrType },
    signal,
  );
}
