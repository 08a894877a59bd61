// Every session-storage key, local-storage key and cookie the spec names (4.1, 4.2, 4.7, 4.8, 4.9, 7.1, 9),
// spelled exactly as the spec spells them. Import these instead of writing the strings again.

/** Session storage (spec 9). */
export const SESSION_KEYS = {
  globMinDate: 'globMinDate',
  globMaxDate: 'globMaxDate',
  brightnessSession: 'brightnessSession',
  contrastSession: 'contrastSession',
  textsizeSession: 'textsizeSession',
} as const;

/** Session keys reset to null when the home screen opens (spec 4.2). */
export const HOME_RESET_SESSION_KEYS = [
  'soolrResult',
  'pagination',
  'visitedViewer',
  'viewersearch',
  'isexactsearch',
  'ishighlightall',
  'viewerscale',
  'viewerrotate',
] as const;

/** Local storage mirrors of the accessibility values (spec 4.7); text size is a fraction there. */
export const LOCAL_KEYS = {
  brightnessLocal: 'brightnessLocal',
  contrastLocal: 'contrastLocal',
  textsizeLocal: 'textsizeLocal',
} as const;

/** Local storage: the display name a visitor signs text corrections with (issue #23; the key name is ours). */
export const CORRECTION_NAME_KEY = 'correctionDisplayName';

/** Cookies (spec 4.9, 7.1). */
export const COOKIES = {
  pwalinkviewed: 'pwalinkviewed',
  xsrfToken: 'XSRF-TOKEN',
} as const;

/** Request header carrying the XSRF cookie's value (spec 7.1). */
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/**
 * Local-storage keys of the cross-tab session sharing of spec 4.8 (not named by the spec; ours):
 * a new tab writes the request key, an open tab answers with its session storage under the reply key.
 */
export const SESSION_SYNC_KEYS = {
  request: 'getSessionStorage',
  reply: 'sessionStorage',
} as const;

/** Session key holding the current page title, for the PDF viewer's title (spec 2.2; the key name is ours). */
export const PAGE_TITLE_SESSION_KEY = 'pageTitle';
