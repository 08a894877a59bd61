// Shared server-test helper: the real app (buildApp) on an in-memory SQLite store, seeded with a small
// fixture, exercised with app.inject(). Other suites pass their own seed function.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { createSqliteStore } from '../../server/store/sqlite';
import type { Store } from '../../server/store';
import type { PageInput } from '../../server/store/types';

export interface TestApp<T> {
  app: FastifyInstance;
  store: Store;
  /** What the seed function returned (for the default fixture: FixtureIds). */
  seeded: T;
  /** A fresh temporary DATA_DIR (media, images) removed by close(). */
  dataDir: string;
  config: Config;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** A folder with a built app (index.html); default: none, so only the API is served. */
  distDir?: string;
  /** Registers test-only routes on the built app before it is made ready (never in production code). */
  extraRoutes?: (app: FastifyInstance) => void;
  /** ADMIN_PASSWORD: creates the first admin account ('admin'). */
  adminPassword?: string;
  /** More environment for loadConfig (TRUST_PROXY...). */
  env?: Record<string, string>;
  /** Settings with no environment variable (correctionLimits...), over what loadConfig read. */
  config?: Partial<Config>;
}

/**
 * Builds the app on a new in-memory store. `seed` fills the store (default: seedFixture); pass
 * `async () => undefined` for an empty archive.
 */
export async function makeTestApp<T = FixtureIds>(seed?: (store: Store) => Promise<T>, options: TestAppOptions = {}): Promise<TestApp<T>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'archive-test-'));
  const config: Config = {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DIST_DIR: options.distDir ?? join(dataDir, 'no-dist'),
      DEMO: '0',
      ...(options.adminPassword ? { ADMIN_PASSWORD: options.adminPassword } : {}),
      ...options.env,
    }),
    ...options.config,
  };
  const store = createSqliteStore(':memory:');
  const seeded = await (seed ?? (seedFixture as unknown as (s: Store) => Promise<T>))(store);
  const app = await buildApp(config, store);
  if (options.extraRoutes) options.extraRoutes(app);
  await app.ready();
  return {
    app,
    store,
    seeded,
    dataDir,
    config,
    async close() {
      await app.close();
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The fixture's two sites: A (default) and B, each with its own origins, sections and collection. */
export const ORIGIN_A = 'http://127.0.0.1:8080';
export const ORIGIN_B = 'http://localhost:8080';
/** A bare host entry of site A: any port and scheme on this host is site A. */
export const HOST_A = 'chronicle.test';

export interface FixtureIds {
  siteA: number;
  siteB: number;
  titles: { star: number; bee: number; gazette: number; courrier: number; zephyr: number };
}

interface FixtureTitle {
  key: keyof FixtureIds['titles'];
  lccn: string;
  name: string;
  place: { country: string; state: string; city: string };
  /** Issue dates and how many pages each has. */
  issues: Array<[date: string, pages: number]>;
  images: boolean;
}

/**
 * Titles in five cities of two countries, pages over 1850s-1930s:
 *  site A shows Evening Star, Omaha Daily Bee, Zephyr News; site B shows Prairie Gazette, Le Courrier.
 */
export const FIXTURE_TITLES: FixtureTitle[] = [
  {
    key: 'star',
    lccn: 'sn83045462',
    name: 'Evening Star',
    place: { country: 'United States', state: 'District of Columbia', city: 'Washington' },
    issues: [
      ['1859-02-21', 2],
      ['1865-04-15', 1],
      ['1872-07-04', 1],
      ['1901-09-14', 2],
      ['1920-01-02', 1],
    ],
    images: true,
  },
  {
    key: 'bee',
    lccn: 'sn99021999',
    name: 'Omaha Daily Bee',
    place: { country: 'United States', state: 'Nebraska', city: 'Omaha' },
    issues: [
      ['1887-03-03', 2],
      ['1888-01-01', 1],
      ['1895-06-10', 1],
    ],
    images: true,
  },
  {
    key: 'zephyr',
    lccn: 'sn00000005',
    name: 'Zephyr News',
    place: { country: 'United States', state: 'Nebraska', city: 'Omaha' },
    issues: [
      ['1931-05-05', 1],
      ['1932-05-05', 1],
    ],
    images: false,
  },
  {
    key: 'gazette',
    lccn: 'sn00000003',
    name: 'The Prairie Gazette',
    place: { country: 'United States', state: 'Nebraska', city: 'Lincoln' },
    issues: [
      ['1910-10-10', 1],
      ['1915-05-05', 2],
      ['1921-01-01', 1],
    ],
    images: true,
  },
  {
    key: 'courrier',
    lccn: 'sn00000004',
    name: 'Le Courrier',
    place: { country: 'Canada', state: 'Quebec', city: 'Montreal' },
    issues: [
      ['1875-01-01', 1],
      ['1880-02-02', 3],
    ],
    images: true,
  },
];

const page = (sequence: number, images: boolean): PageInput => ({
  sequence,
  number: String(sequence),
  width: images ? 1000 : null,
  height: images ? 1400 : null,
  imagePath: images ? `images/p${sequence}.tif` : null,
  pdfPath: null,
  altoPath: null,
  ocrText: `page ${sequence} text`,
  words: [['page', 10, 10, 40, 12]],
});

/** Seeds the fixture titles, pages and the two sites; returns their ids. */
export async function seedFixture(store: Store): Promise<FixtureIds> {
  const titles = {} as FixtureIds['titles'];
  const batch = await store.ingest.beginBatch('batch_fixture', null);
  for (const t of FIXTURE_TITLES) {
    titles[t.key] = await store.ingest.upsertTitle({ lccn: t.lccn, name: t.name, place: t.place, source: 'demo' });
    for (const [date, pages] of t.issues) {
      await store.ingest.writeIssue(batch, {
        lccn: t.lccn,
        dateIssued: date,
        edition: 1,
        pages: Array.from({ length: pages }, (_, i) => page(i + 1, t.images)),
      });
    }
  }
  await store.ingest.finishBatch(batch, 'complete', {});

  const a = await store.sites.create({ slug: 'chronicle', name: 'The Chronicle Archive', isDefault: true, origins: [ORIGIN_A, HOST_A] });
  const b = await store.sites.create({ slug: 'prairie', name: 'Prairie Papers', origins: [ORIGIN_B] });
  await store.sites.setTitleIds(a.id, [titles.star, titles.bee, titles.zephyr]);
  await store.sites.setTitleIds(b.id, [titles.gazette, titles.courrier]);

  await store.sites.putSection(a.id, 'settings', {
    SiteTitle: 'The Chronicle Archive',
    SiteName: 'Chronicle',
    ThemeFile: 'media/themes/chronicle.css',
    PrimaryColor: '#123456',
    WebsiteLargeLogoPath: 'media/sites/chronicle/logo large.png',
    FooterLogoList: ['media/partners/one.png', 'javascript:alert(1)', 'https://partner.example/two.png'],
    FooterText: '<p>Chronicle <script>alert(1)</script><a href="javascript:alert(2)">x</a></p>',
    solrtype: '4',
  });
  await store.sites.putSection(a.id, 'home', {
    Status: true,
    HomePageImagePath: 'media/sites/chronicle/hero.jpg',
    HomePageContent: '<h1 onclick="steal()">Welcome to the Chronicle</h1><img src=x onerror=alert(1)>',
    ImageOverlayColor: '#000000',
    ImageOpacity: 0.5,
  });
  await store.sites.putSection(a.id, 'banner', {
    Status: true,
    BannerHeading: 'New this month',
    BannerContentShort: '<p>Short</p>',
    BannerImagePath: 'media/sites/chronicle/banner.jpg',
    BannerContent: '<p>The full story</p><iframe src="https://evil.example"></iframe>',
    ContentMore: true,
  });
  await store.sites.putSection(a.id, 'pageContent', {
    Status: true,
    PageContentImagePath: 'media/sites/chronicle/about.jpg',
    PageContentHeading: 'About the Chronicle',
    PageContentShort: '<p>Short about</p>',
    PageContent: '<p>Long about</p>',
  });
  await store.sites.putSection(a.id, 'ads', { AdHomeLeftContent: '<p>Left ad</p>', AdHomeRightContent: '<p>Right ad</p>' });
  await store.sites.putSection(a.id, 'menus', {
    header: [
      { MenuText: 'Home', MenuLink: 'home', OpenInNewTab: false },
      { MenuText: 'Library', MenuLink: 'https://library.example', OpenInNewTab: true },
    ],
    footer: [{ MenuText: 'About', MenuLink: '', OpenInNewTab: false, FooterMenuID: 7 }],
    footerSub: [{ MenuText: 'Contact', MenuLink: '/contactus', OpenInNewTab: false, FooterMenuID: 7 }],
  });

  await store.sites.putSection(b.id, 'settings', {
    SiteTitle: 'Prairie Papers',
    SiteName: 'Prairie',
    ThemeFile: '',
    PrimaryColor: '#2a6b3c',
    solrtype: '7',
    ShowThumbInHome: false,
  });
  await store.sites.putSection(b.id, 'pwa', null);
  return { siteA: a.id, siteB: b.id, titles };
}

/** GET a Home endpoint for an origin, with extra query parameters. */
export function homeGet(app: FastifyInstance, endpoint: string, origin: string | null, params: Record<string, string> = {}) {
  const qs = new URLSearchParams(origin === null ? params : { url: origin, ...params });
  return app.inject({ method: 'GET', url: `/Api/Home/${endpoint}?${qs}` });
}

/** A fresh folder under the OS temp dir, for tests that need files (a fake dist, media). */
export function tempDir(prefix = 'archive-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  mkdirSync(dir, { recursive: true });
  return dir;
}
