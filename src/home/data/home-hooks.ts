// Data hooks of the home screen. Page settings and the banner come through the service worker's
// stale-while-revalidate cache (shared/data/resources.ts); browse and place data come from IndexedDB first
// (home-detail.ts).
import type { BannerResponse, HomePageSettings, TitleDecadeResponse } from '../../../contract/api';
import { HOME_ENDPOINTS } from '../../../contract/api';
import { getJson } from '../../shared/data/http';
import { useResource } from '../../shared/data/resources';

export { useHomeDetail, refreshHomeDetail } from './home-detail';

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
