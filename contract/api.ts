// Response shapes of the Home API (spec 3.2-3.10). Field names are the product's contract: keep them
// exactly as spelled here, including the odd ones (YearRangeWithTitleandCountList, objeWbSite, soolr...).

export interface SiteTheme {
  ThemeFile: string;
  PrimaryColor: string;
}

export interface MenuItem {
  MenuText: string;
  MenuLink: string;
  OpenInNewTab: boolean;
}

export interface FooterMenuItem extends MenuItem {
  FooterMenuID: number;
}

export interface PwaSettings {
  ButtonImage: string; // base64 JPEG (data URL or bare base64)
  ButtonTooltip: string;
  PwaButtonImage: string;
  PwaButtonTooltip: string;
  OpenInNewWindow: boolean;
  PageTitle: string;
}

export interface SocialLinks {
  Facebook: string;
  Twitter: string;
  Instagram: string;
}

export interface SiteSettings {
  DomainUrl: string;
  ApiDomainUrl: string;
  WebsiteSmallLogoPath: string;
  WebsiteLargeLogoPath: string;
  DefaultLargeLogo: string;
  DefaultFooterLogo: string;
  FooterLogoList: string[];
  GACode: string;
  SiteTitle: string;
  SiteName: string;
  pageTitle: string;
  metaTitle: string;
  metaDescription: string;
  Description: string;
  FBShareLogo: string;
  FooterText: string; // sanitised HTML
  AdvantageFooterStatus: boolean;
  IsDisplay: boolean;
  ThemeFile: string;
  PrimaryColor: string;
  pwaSettings: PwaSettings | null;
  objHeaderMenuList: MenuItem[];
  objFooterMenuList: FooterMenuItem[];
  objFooterSubmenuList: FooterMenuItem[];
  /** Our additions (not in the spec): social network links of the header, policy page HTML. */
  SocialLinks: SocialLinks;
  PolicyPages: Record<PolicySlug, string>;
  /** Kiosk mode (ours, issue #17; docs/API.md). */
  kiosk: KioskSettings;
  /** Whether the home screen shows the "On this day" block of front pages (ours, issue #36; off by default). */
  onThisDay: boolean;
}

/** One issue a kiosk keeps on the device: its pages' viewer data and fit-level images are fetched ahead. */
export interface KioskFeaturedIssue {
  issueId: string; // issue uid
  title: string;
  date: string; // YYYY-MM-DD
  pageIds: string[]; // page uids in order
}

export interface KioskSettings {
  enabled: boolean;
  /** Seconds without pointer, key, touch or scroll before the app returns to /home and forgets the visitor. */
  idleSeconds: number;
  featuredIssueIds: string[];
  /** 'staff': chosen in /admin; 'newest': none chosen, so the site's newest issues (no read counts are kept). */
  featuredBy: 'staff' | 'newest';
  featuredIssues: KioskFeaturedIssue[];
}

export type PolicySlug = 'privacy-policy' | 'terms-and-conditions' | 'termsof-use' | 'copyright-policy' | 'dmca-and-copyright-takedown';

export interface HomePageSetModel {
  Status: boolean;
  HomePageImagePath: string;
  HomePageSettingsImagePath: string;
  HomePageContent: string; // sanitised HTML
  HomePageSettingsContent: string;
  ImageOverlayColor: string;
  ImageOpacity: number; // 0..1
}

export interface HomePageSettings {
  DomainUrl: string;
  homePageSetModel: HomePageSetModel;
}

export interface TitleItem {
  TitleId: number;
  title: string;
  YearRange: string; // "1859-1920"
  count: number; // pages
  ThumbImagePath: string; // relative to DomainUrl
}

export interface DecadeItem {
  Decade: number | string; // a year ending in 0; an id may carry a '-' suffix
  count: number;
  Years: string; // comma-separated years that have pages
}

export interface YearItem {
  Year: number;
  count: number;
}

export interface Country {
  CountryId: number;
  CountryName: string;
}
export interface State {
  StateId: number;
  StateName: string;
  CountryId: number;
}
export interface City {
  CityId: number;
  CityName: string;
  StateId: number;
}
export interface Publication {
  PublicationId: number;
  PublicationName: string;
  CityId: number;
}

export interface SearchModels {
  solrtype: string;
  YearRangeWithTitleandCountList: TitleItem[];
  YearRangeWithTitlecountSolr7Sametitle: TitleItem[];
  DecadeList: DecadeItem[];
}

export interface ContentDetails {
  Status: boolean;
  PageContentStatus: boolean;
  PageContentImagePath: string;
  PageContentHeading: string;
  PageContentShort: string; // HTML
  PageContent: string; // HTML
}

export interface HomeDetail {
  MinDate: number;
  MaxDate: number;
  fullMinDate: number;
  fullMaxDate: number;
  DomainUrl: string;
  CollectionIds: string; // comma list of title ids the site shows
  objeWbSite: { ShowThumbInHome: boolean; solrtype: string };
  model: {
    _searchModels: SearchModels;
    ContentDetails: ContentDetails;
    AdvertisementContent: { AdHomeLeftContent: string };
    HomePageTitleCount: number;
    HomePageDecadeCount: number;
  };
  CountryData: Country[];
  StateData: State[];
  CityData: City[];
  PublicationData: Publication[];
}

export interface WebBannerModel {
  Status: boolean;
  BannerStatus: boolean;
  BannerHeading: string;
  BannerContentShort: string;
  BannerImagePath: string;
  BannerContent: string;
  homeAdvertisementContent: { AdHomeRightContent: string };
}

export interface BannerResponse {
  DomainUrl: string;
  webBannerModel: WebBannerModel;
  ContentMore: boolean;
}

export interface TitleDecadeResponse {
  solrtype: string;
  SelectedDecadeList: DecadeItem[];
  SelectedYearRangeWithTitleandCountList: TitleItem[];
  SelectedYearRangeWithTitlecountSolr7Sametitle: TitleItem[];
}

export interface ApiError {
  error: string;
}

/** The six Home endpoints (spec 7.2), relative to apiURL ({origin}/Api/). */
export const HOME_ENDPOINTS = {
  theme: 'Home/GetSiteTheme',
  settings: 'Home/GetSiteSettings',
  homePageSettings: 'Home/GetHomePageSettings',
  banner: 'Home/GetBanner',
  detail: 'Home/getDetail',
  titleDecade: 'Home/SelectTitleDecade',
} as const;

export const API_BASE_PATH = '/Api/';

/**
 * The URL of GET {origin}/Api/{endpoint}?url={origin}&...: how the app asks, so also the key of an answer's cached
 * copy (the service worker's caches, the saver's fetch, the server's preload hints all name it this way).
 */
export function apiAnswerUrl(origin: string, endpoint: string, params: Record<string, string | number | undefined> = {}): string {
  const qs = new URLSearchParams({ url: origin });
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') qs.set(k, String(v));
  return `${origin}${API_BASE_PATH}${endpoint}?${qs}`;
}
