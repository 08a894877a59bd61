// Data hooks used by the screens. Signatures are the contract between screens and the data layer.
// Small settings answers come through the service worker's stale-while-revalidate cache (resources.ts);
// browse and place data come from IndexedDB first (home-detail.ts, browse.ts).
import type { BannerResponse, HomePageSettings, SiteSettings, SiteTheme, TitleDecadeResponse } from '../../contract/api';
import { HOME_ENDPOINTS } from '../../contract/api';
import { getJson } from './http';
import { fetchResource, useResource } from './resources';

export type { Loadable } from './resources';
export { useHomeDetail, refreshHomeDetail } from './home-detail';
export { useBrowseLists, usePlaces, useDecadeYears } from './browse';
export { useOnlineStatus } from './online';

export const fetchSiteTheme = () => fetchResource<SiteTheme>(HOME_ENDPOINTS.theme);
export const fetchSiteSettings = () => fetchResource<SiteSettings>(HOME_ENDPOINTS.settings);

export const useSiteTheme = () => useResource<SiteTheme>(HOME_ENDPOINTS.theme);
export const useSiteSettings = () => useResource<SiteSettings>(HOME_ENDPOINTS.settings);
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
