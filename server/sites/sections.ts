// Shapes of the per-site configuration documents stored in site_sections (one JSON document per section).
// Image paths are relative to the site's DomainUrl (e.g. "media/sites/chronicle/logo.png", served from
// DATA_DIR/media). HTML fields are sanitised when saved and again when served.
import type { FooterMenuItem, MenuItem, PolicySlug, SocialLinks } from '../../contract/api';

export interface SettingsSection {
  SiteTitle: string;
  SiteName: string;
  WebsiteSmallLogoPath: string;
  WebsiteLargeLogoPath: string;
  DefaultLargeLogo: string;
  DefaultFooterLogo: string;
  FooterLogoList: string[];
  GACode: string;
  pageTitle: string;
  metaTitle: string;
  metaDescription: string;
  Description: string;
  FBShareLogo: string;
  FooterText: string; // HTML
  AdvantageFooterStatus: boolean;
  IsDisplay: boolean;
  ThemeFile: string; // stylesheet URL; '' = the default stylesheet
  PrimaryColor: string; // #rrggbb
  ShowThumbInHome: boolean;
  solrtype: string; // '4' picks YearRangeWithTitleandCountList
  SocialLinks: SocialLinks;
  /** The licence statement of the bulk data (/data/batches): plain text. */
  DataLicence?: string;
  /** The "On this day" block on the home screen (ours, issue #36); off unless the admin switches it on, so the spec's home stays as the spec draws it. */
  ShowOnThisDayInHome?: boolean;
}

export interface MenusSection {
  header: MenuItem[];
  footer: FooterMenuItem[];
  footerSub: FooterMenuItem[];
}

export interface HomeSection {
  Status: boolean;
  HomePageImagePath: string;
  HomePageContent: string; // HTML
  ImageOverlayColor: string;
  ImageOpacity: number; // 0..1
}

export interface BannerSection {
  Status: boolean;
  BannerHeading: string;
  BannerContentShort: string; // HTML
  BannerImagePath: string;
  BannerContent: string; // HTML
  ContentMore: boolean;
}

export interface PageContentSection {
  Status: boolean;
  PageContentImagePath: string;
  PageContentHeading: string;
  PageContentShort: string; // HTML
  PageContent: string; // HTML
}

export interface AdsSection {
  AdHomeLeftContent: string; // HTML
  AdHomeRightContent: string; // HTML
}

export type PwaSection = { ButtonImage: string; ButtonTooltip: string; OpenInNewWindow: boolean; PageTitle: string } | null;

export type PoliciesSection = Partial<Record<PolicySlug, string>>; // HTML per policy page

/** Kiosk mode (not in the spec; ours): a shared public screen that forgets its visitor after idleSeconds. */
export interface KioskSection {
  enabled: boolean;
  idleSeconds: number;
  featuredIssueIds: string[];
}

export interface SiteSections {
  settings: SettingsSection;
  menus: MenusSection;
  home: HomeSection;
  banner: BannerSection;
  pageContent: PageContentSection;
  ads: AdsSection;
  pwa: PwaSection;
  policies: PoliciesSection;
  kiosk: KioskSection;
}
