// The 'pwalinkviewed' cookie of spec 4.9: set to true when /pwasettings is visited, otherwise set to
// false the first time it is seen missing. The install link is hidden while it is true.
import { COOKIES } from './storage-keys';

const ONE_YEAR_S = 365 * 24 * 3600;

function readCookie(name: string): string | null {
  const m = document.cookie.match(new RegExp(`(?:^|; )${name}=([^;]*)`));
  return m ? decodeURIComponent(m[1]) : null;
}

function writeCookie(name: string, value: string) {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${ONE_YEAR_S}; SameSite=Lax`;
}

export function readPwaLinkViewed(): boolean {
  return readCookie(COOKIES.pwalinkviewed) === 'true';
}

/** Called on every navigation: marks the link viewed on /pwasettings, else initialises it to false. */
export function updatePwaLinkViewed(isPwaSettingsPage: boolean): boolean {
  if (isPwaSettingsPage) writeCookie(COOKIES.pwalinkviewed, 'true');
  else {
    const current = readCookie(COOKIES.pwalinkviewed);
    if (current !== 'true' && current !== 'false') writeCookie(COOKIES.pwalinkviewed, 'false');
  }
  return readPwaLinkViewed();
}
