// Shared setup of the shell's browser tests: origins of their own for test sites (every spec's Chromium maps
// *.test to 127.0.0.1, see chromium.ts), and the real Admin API (signed in with the E2E ADMIN_PASSWORD) to create
// those sites and their settings.
import { expect, request as pwRequest, type APIRequestContext, type Page } from '@playwright/test';
import type { SiteSettings } from '../../contract/api';

export const PORT = Number(process.env.E2E_PORT ?? 8181);
export const BASE = `http://127.0.0.1:${PORT}`;
export const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? 'e2e-admin-password';

/** The origin of a test host on the E2E server, e.g. testOrigin('nologos') = http://nologos.test:8181. */
export const testOrigin = (name: string) => `http://${name}.test:${PORT}`;

export const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
export const IPAD_UA = 'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

let adminCtx: Promise<{ api: APIRequestContext; xsrf: string }> | undefined;

async function admin() {
  adminCtx ??= (async () => {
    const api = await pwRequest.newContext({ baseURL: BASE });
    await api.get('/Api/Site/Directory');
    const xsrf = (await api.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
    const login = await api.post('/Api/Admin/Login', { data: { username: 'admin', password: ADMIN_PASSWORD }, headers: { 'X-XSRF-TOKEN': xsrf } });
    expect(login.status(), await login.text()).toBe(200);
    return { api, xsrf };
  })();
  return adminCtx;
}

type Sections = { settings: Record<string, unknown>; menus: Record<string, unknown>; pwa: Record<string, unknown> | null; policies: Record<string, string> };

export interface TestSiteConfig {
  settings?: Record<string, unknown>;
  menus?: Record<string, unknown>;
  /** null switches the install link off (spec 4.9). */
  pwa?: Record<string, unknown> | null;
  policies?: Record<string, string>;
}

/** Creates (or reuses) a site answering on `<name>.test` and saves the given section fields over its defaults. */
export async function ensureTestSite(name: string, config: TestSiteConfig): Promise<number> {
  const { api, xsrf } = await admin();
  const headers = { 'X-XSRF-TOKEN': xsrf };
  const sites = (await (await api.get('/Api/Admin/Sites')).json()) as { id: number; slug: string }[];
  let id = sites.find((s) => s.slug === `shell-${name}`)?.id;
  if (!id) {
    const res = await api.post('/Api/Admin/Sites', { headers, data: { slug: `shell-${name}`, name: `Shell ${name} archive`, origins: [`${name}.test`] } });
    expect(res.status(), await res.text()).toBe(200);
    id = ((await res.json()) as { id: number }).id;
  }
  const current = (await (await api.get(`/Api/Admin/Sites/${id}/Sections`)).json()) as Sections;
  const put = async (section: string, data: unknown) => {
    const res = await api.put(`/Api/Admin/Sites/${id}/Sections/${section}`, { headers, data: data as object });
    expect(res.status(), `${section}: ${await res.text()}`).toBe(200);
  };
  if (config.settings) await put('settings', { ...current.settings, ...config.settings });
  if (config.menus) await put('menus', { ...current.menus, ...config.menus });
  if (config.pwa !== undefined) await put('pwa', config.pwa === null ? null : { ...(current.pwa ?? {}), ...config.pwa });
  if (config.policies) await put('policies', { ...current.policies, ...config.policies });
  return id;
}

/** The settings the Home API gives an origin (what the page should show). */
export async function settingsFor(origin: string): Promise<SiteSettings> {
  const api = await pwRequest.newContext({ baseURL: BASE });
  const res = await api.get(`/Api/Home/GetSiteSettings?url=${encodeURIComponent(origin)}`);
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as SiteSettings;
  await api.dispose();
  return body;
}

/** Waits until the shell has its settings (the footer or, on shell-less routes, the title) in place. */
export async function waitForShell(page: Page) {
  await expect(page.locator('[data-shell]')).toBeAttached();
  await page.waitForFunction(() => document.title.includes('::') || document.title.length > 0);
}

export const header = (page: Page) => page.locator('header.site-header');
export const navBar = (page: Page) => page.getByRole('navigation', { name: 'Main' });
export const footer = (page: Page) => page.locator('footer.site-footer');
export const partnerBand = (page: Page) => page.locator('section.partner-band');
