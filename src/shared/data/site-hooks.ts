// Site-wide data hooks (theme, settings) every feature may use. Small settings answers come through the
// service worker's stale-while-revalidate cache (resources.ts). The home data (getDetail kept in IndexedDB,
// the browse narrowing) is in home-detail.ts and home-hooks.ts.
import type { SiteSettings, SiteTheme } from '../../../contract/api';
import { HOME_ENDPOINTS } from '../../../contract/api';
import { useResource } from './resources';

export type { Loadable } from './resources';
export { useOnlineStatus } from './online';


export const useSiteTheme = () => useResource<SiteTheme>(HOME_ENDPOINTS.theme);
export const useSiteSettings = () => useResource<SiteSettings>(HOME_ENDPOINTS.settings);
