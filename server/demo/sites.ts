// The two demo sites: "default" on 127.0.0.1 (every title) and "prairie" on localhost (three titles),
// with different themes, texts, menus, images and flags so multi-site behaviour can be seen and tested.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Store } from '../store';
import type { SiteSections } from '../sites/sections';
import { DEFAULT_POLICIES } from '../sites/defaults';
import { installButtonImage, writeSiteMedia, type Palette, type SiteMedia } from './media';
import { THEMES, themeCss } from './themes';

const PALETTES: Record<'default' | 'prairie', Palette> = {
  default: { sky: ['#e9b97a', '#f6e3c4'], ground: ['#8c5a3c', '#5b3a29'], accent: '#fff3d6', ink: [58, 22, 18], paper: [246, 240, 228] },
  prairie: { sky: ['#4f8fb3', '#cfe6ef'], ground: ['#7aa35a', '#4d7a3a'], accent: '#ffe9a8', ink: [20, 52, 74], paper: [238, 243, 245] },
};

export interface DemoSiteSpec {
  slug: 'default' | 'prairie';
  name: string;
  isDefault: boolean;
  origins: string[];
  /** LCCNs of the titles the site shows; empty = every title (including batches loaded later). */
  lccns: string[];
  sections(media: SiteMedia, pwaImage: string): SiteSections;
}

const policies = (siteName: string) =>
  Object.fromEntries(
    Object.entries(DEFAULT_POLICIES).map(([slug, html]) => [
      slug,
      `${html}<p><em>${siteName}</em> is a demonstration archive; its newspapers are fictional.</p>`,
    ]),
  );

const oldPress: DemoSiteSpec = {
  slug: 'default',
  name: 'Old Press Archive',
  isDefault: true,
  origins: ['127.0.0.1'],
  lccns: [],
  sections: (m, pwaImage) => ({
    settings: {
      SiteTitle: 'Old Press Archive',
      SiteName: 'Old Press Archive',
      WebsiteSmallLogoPath: m.logoSmall,
      WebsiteLargeLogoPath: m.logoLarge,
      DefaultLargeLogo: m.defaultLogo,
      DefaultFooterLogo: m.defaultFooterLogo,
      FooterLogoList: m.partners,
      GACode: '',
      pageTitle: 'Old Press Archive',
      metaTitle: 'Old Press Archive: two centuries of newspapers',
      metaDescription: 'Browse and search digitised newspapers from Virginia to London, 1790s to 1920s.',
      Description: 'A demonstration archive of digitised historical newspapers: eight titles from three countries across fourteen decades.',
      FBShareLogo: m.share,
      FooterText: '<p>&copy; Old Press Archive. Pages shown here were generated for demonstration. <a href="/termsof-use">Read the disclaimer</a>.</p>',
      AdvantageFooterStatus: true,
      IsDisplay: true,
      ThemeFile: 'media/themes/default.css',
      PrimaryColor: THEMES.default.primary,
      ShowThumbInHome: true,
      solrtype: '4',
      SocialLinks: {
        Facebook: 'https://www.facebook.com/oldpressarchive',
        Twitter: 'https://twitter.com/oldpressarchive',
        Instagram: 'https://www.instagram.com/oldpressarchive',
      },
    },
    menus: {
      header: [
        { MenuText: 'Home', MenuLink: 'home', OpenInNewTab: false },
        { MenuText: 'Search', MenuLink: 'search', OpenInNewTab: false },
        { MenuText: 'Directory', MenuLink: 'sitedirectory', OpenInNewTab: false },
        { MenuText: 'Contact Us', MenuLink: 'contactus', OpenInNewTab: false },
        { MenuText: 'Library of Congress', MenuLink: 'https://www.loc.gov/', OpenInNewTab: true },
      ],
      footer: [
        { MenuText: 'About', MenuLink: '', OpenInNewTab: false, FooterMenuID: 1 },
        { MenuText: 'Explore', MenuLink: '', OpenInNewTab: false, FooterMenuID: 2 },
        { MenuText: 'Help', MenuLink: '', OpenInNewTab: false, FooterMenuID: 3 },
      ],
      footerSub: [
        { MenuText: 'Our Partners', MenuLink: '/sitedirectory', OpenInNewTab: false, FooterMenuID: 1 },
        { MenuText: 'Contact Us', MenuLink: '/contactus', OpenInNewTab: false, FooterMenuID: 1 },
        { MenuText: 'Search the Archive', MenuLink: '/search', OpenInNewTab: false, FooterMenuID: 2 },
        { MenuText: 'Sitemap', MenuLink: '/sitemap', OpenInNewTab: false, FooterMenuID: 2 },
        { MenuText: 'Chronicling America', MenuLink: 'https://chroniclingamerica.loc.gov/', OpenInNewTab: true, FooterMenuID: 2 },
        { MenuText: 'Install the App', MenuLink: '/pwasettings', OpenInNewTab: false, FooterMenuID: 3 },
        { MenuText: 'Privacy Policy', MenuLink: '/privacy-policy', OpenInNewTab: false, FooterMenuID: 3 },
      ],
    },
    home: {
      Status: true,
      HomePageImagePath: m.hero,
      HomePageContent: '<h1>Two centuries of news, page by page</h1><p>Search every word of eight newspapers from Richmond to London, 1790s to 1920s.</p>',
      ImageOverlayColor: '#1d140c',
      ImageOpacity: 0.45,
    },
    banner: {
      Status: true,
      BannerHeading: 'Newly added: The Charleston Weekly Mercury',
      BannerImagePath: m.banner,
      BannerContentShort: '<p>Seventy years of a Southern port town, from the 1790s to the end of the civil war.</p>',
      BannerContent:
        '<p>The Charleston Weekly Mercury reported shipping, markets and politics every week from 1792 to 1868.</p><p>Its pages follow the cotton trade, the arrival of the railroad and the years of the civil war. Browse it by decade from the home page, or search it for a name or a ship.</p>',
      ContentMore: true,
    },
    pageContent: {
      Status: true,
      PageContentImagePath: m.about,
      PageContentHeading: 'About the Archive',
      PageContentShort: '<p>Old Press Archive brings together city dailies and weeklies in English, German and French.</p>',
      PageContent:
        '<p>Every page can be read in the page viewer, zoomed to the smallest type, and searched word by word: search results light up the words found on the page itself.</p><ul><li>Eight titles from the United States, Canada and England</li><li>Pages from the 1790s to the 1920s</li><li>Search that ignores accents: <em>uber</em> finds <em>über</em></li></ul>',
    },
    ads: {
      AdHomeLeftContent: '<h3>Become a Friend of the Archive</h3><p>Friends help digitise a new title every year.</p>',
      AdHomeRightContent: '<h3>Research Help</h3><p>Our librarians answer questions through the <a href="/contactus">contact page</a>.</p>',
    },
    pwa: { ButtonImage: pwaImage, ButtonTooltip: 'Install Old Press Archive on this device', OpenInNewWindow: true, PageTitle: 'Install Old Press Archive' },
    policies: policies('Old Press Archive'),
    kiosk: { enabled: false, idleSeconds: 120, featuredIssueIds: [] },
  }),
};

const prairie: DemoSiteSpec = {
  slug: 'prairie',
  name: 'Prairie & Lakes Newspapers',
  isDefault: false,
  origins: ['localhost'],
  lccns: ['demo0002', 'demo0003', 'demo0005'],
  sections: (m) => ({
    settings: {
      SiteTitle: 'Prairie & Lakes Newspapers',
      SiteName: 'Prairie and Lakes Digital Newspaper Project',
      WebsiteSmallLogoPath: m.logoSmall,
      WebsiteLargeLogoPath: m.logoLarge,
      DefaultLargeLogo: m.defaultLogo,
      DefaultFooterLogo: m.defaultFooterLogo,
      FooterLogoList: [],
      GACode: '',
      pageTitle: 'Prairie & Lakes Newspapers',
      metaTitle: 'Prairie & Lakes Newspapers: Omaha, Toronto, Cincinnati',
      metaDescription: 'Newspapers of the prairie and the Great Lakes: Omaha, Toronto and the German press of Cincinnati.',
      Description: 'Three newspapers of the American prairie and the Great Lakes, in English and German.',
      FBShareLogo: m.share,
      FooterText: '<p>Prairie &amp; Lakes Digital Newspaper Project &middot; a demonstration site.</p>',
      AdvantageFooterStatus: false,
      IsDisplay: true,
      ThemeFile: 'media/themes/prairie.css',
      PrimaryColor: THEMES.prairie.primary,
      ShowThumbInHome: false,
      solrtype: '7',
      SocialLinks: {
        Facebook: 'https://www.facebook.com/prairielakesnews',
        Twitter: 'https://twitter.com/prairielakes',
        Instagram: 'https://www.instagram.com/prairielakesnews',
      },
    },
    menus: {
      header: [
        { MenuText: 'Home', MenuLink: 'home', OpenInNewTab: false },
        { MenuText: 'Directory', MenuLink: 'sitedirectory', OpenInNewTab: false },
        { MenuText: 'Contact Us', MenuLink: 'contactus', OpenInNewTab: false },
        { MenuText: 'Chronicling America', MenuLink: 'https://chroniclingamerica.loc.gov/', OpenInNewTab: true },
      ],
      footer: [
        { MenuText: 'The Project', MenuLink: '', OpenInNewTab: false, FooterMenuID: 10 },
        { MenuText: 'Visit', MenuLink: '', OpenInNewTab: false, FooterMenuID: 20 },
      ],
      footerSub: [
        { MenuText: 'Participating Libraries', MenuLink: '/sitedirectory', OpenInNewTab: false, FooterMenuID: 10 },
        { MenuText: 'Write to Us', MenuLink: '/contactus', OpenInNewTab: false, FooterMenuID: 10 },
        { MenuText: 'Home', MenuLink: '/home', OpenInNewTab: false, FooterMenuID: 20 },
        { MenuText: 'Terms & Conditions', MenuLink: '/terms-and-conditions', OpenInNewTab: false, FooterMenuID: 20 },
      ],
    },
    home: {
      Status: true,
      HomePageImagePath: m.hero,
      HomePageContent: '<h1>News from the prairie and the lakes</h1><p>Omaha, Toronto and Cincinnati in their own words, 1830s to 1920s.</p>',
      ImageOverlayColor: '#0d2233',
      ImageOpacity: 0.35,
    },
    banner: {
      Status: true,
      BannerHeading: 'Deutsche Zeitungen in Amerika',
      BannerImagePath: m.banner,
      BannerContentShort: '<p>Read the Cincinnati Täglicher Wächter, a German daily of the Ohio valley, 1836–1918.</p>',
      BannerContent: '',
      ContentMore: false,
    },
    pageContent: {
      Status: true,
      PageContentImagePath: m.about,
      PageContentHeading: 'About the Project',
      PageContentShort: '<p>Three newspapers chosen by the libraries of the prairie and the lakes.</p>',
      PageContent:
        '<p>The Omaha Morning Herald, the Toronto Daily Beacon and the Cincinnati Täglicher Wächter tell of railroads, harvests and elections across a century.</p><p>Search in English or German; accents are optional.</p>',
    },
    ads: {
      AdHomeLeftContent: '<h3>Teachers</h3><p>Classroom guides to the prairie newspapers are on their way.</p>',
      AdHomeRightContent: '<h3>Volunteer</h3><p>Help us correct the text of old pages.</p>',
    },
    pwa: null,
    policies: policies('Prairie & Lakes Newspapers'),
    kiosk: { enabled: false, idleSeconds: 120, featuredIssueIds: [] },
  }),
};

export const DEMO_SITES: DemoSiteSpec[] = [oldPress, prairie];

const PARTNERS = [
  ['STATE', 'LIBRARY'],
  ['HISTORICAL', 'SOCIETY'],
  ['UNIVERSITY', 'PRESS'],
  ['FRIENDS OF', 'THE ARCHIVE'],
];

/** Creates (or, after an interrupted start, updates) both sites with every section and their collections. */
export async function applyDemoSites(store: Store, dataDir: string): Promise<void> {
  await mkdir(join(dataDir, 'media/themes'), { recursive: true });
  const existing = await store.sites.list();
  for (const spec of DEMO_SITES) {
    await writeFile(join(dataDir, `media/themes/${spec.slug}.css`), themeCss(spec.name, THEMES[spec.slug]));
    const palette = PALETTES[spec.slug];
    const media = await writeSiteMedia(dataDir, {
      slug: spec.slug,
      name: spec.name,
      shortName: spec.slug === 'default' ? 'OPA' : 'P&L',
      palette,
      partners: spec.slug === 'default' ? PARTNERS : [],
    });
    const sections = spec.sections(media, await installButtonImage(palette));
    const found = existing.find((s) => s.slug === spec.slug);
    const input = { slug: spec.slug, name: spec.name, isDefault: spec.isDefault, origins: spec.origins };
    const site = found ? await store.sites.update(found.id, input) : await store.sites.create(input);
    for (const [section, data] of Object.entries(sections)) await store.sites.putSection(site.id, section as keyof SiteSections, data);
    const ids: number[] = [];
    for (const lccn of spec.lccns) {
      const id = await store.ingest.titleIdByLccn(lccn);
      if (id !== null) ids.push(id);
    }
    await store.sites.setTitleIds(site.id, ids);
  }
}
