// The six Home endpoints' answers (spec 3.2-3.10, contract/api.ts), built from the store for one site.
// Every HTML field is sanitised and every image/link path checked here, at serve time, whatever is stored.
import type {
  BannerResponse,
  FooterMenuItem,
  HomeDetail,
  HomePageSettings,
  MenuItem,
  PolicySlug,
  PwaSettings,
  SiteSettings,
  SiteTheme,
  TitleDecadeResponse,
  TitleItem,
} from '../../contract/api';
import type { Store } from '../store';
import type { SiteRow } from '../store/types';
import { sanitizeHtml, sanitizeImageSrc, sanitizeUrl } from '../lib/sanitize';
import type { SiteSections } from '../sites/sections';
import { loadSiteSections } from './site-config';
import { kioskSettings } from './kiosk';
import { toDecadeItems, toPlaceData, toTitleItems, yearBounds } from './browse-lists';

export interface SiteContext {
  store: Store;
  site: SiteRow;
  /** The page's origin as sent in `url`, e.g. "http://localhost:8080". */
  origin: string;
}

/** Image paths in responses are relative to this (spec 7.1). */
export const domainUrlOf = (origin: string) => `${origin}/`;

export async function getSiteTheme(ctx: SiteContext): Promise<SiteTheme> {
  const { settings } = await loadSiteSections(ctx.store, ctx.site);
  return { ThemeFile: sanitizeUrl(settings.ThemeFile), PrimaryColor: settings.PrimaryColor };
}

const menuItem = (m: MenuItem): MenuItem => ({ MenuText: m.MenuText, MenuLink: sanitizeUrl(m.MenuLink), OpenInNewTab: m.OpenInNewTab });
const footerItem = (m: FooterMenuItem): FooterMenuItem => ({ ...menuItem(m), FooterMenuID: m.FooterMenuID });

function pwaSettings(pwa: SiteSections['pwa']): PwaSettings | null {
  if (!pwa) return null;
  const image = sanitizeImageSrc(pwa.ButtonImage);
  return {
    ButtonImage: image,
    ButtonTooltip: pwa.ButtonTooltip,
    PwaButtonImage: image,
    PwaButtonTooltip: pwa.ButtonTooltip,
    OpenInNewWindow: pwa.OpenInNewWindow,
    PageTitle: pwa.PageTitle,
  };
}

export async function getSiteSettings(ctx: SiteContext): Promise<SiteSettings> {
  const { settings: s, menus, pwa, policies, kiosk } = await loadSiteSections(ctx.store, ctx.site);
  const domainUrl = domainUrlOf(ctx.origin);
  return {
    DomainUrl: domainUrl,
    ApiDomainUrl: domainUrl,
    WebsiteSmallLogoPath: sanitizeUrl(s.WebsiteSmallLogoPath),
    WebsiteLargeLogoPath: sanitizeUrl(s.WebsiteLargeLogoPath),
    DefaultLargeLogo: sanitizeUrl(s.DefaultLargeLogo),
    DefaultFooterLogo: sanitizeUrl(s.DefaultFooterLogo),
    FooterLogoList: s.FooterLogoList.map(sanitizeUrl).filter(Boolean),
    GACode: s.GACode,
    SiteTitle: s.SiteTitle,
    SiteName: s.SiteName,
    pageTitle: s.pageTitle,
    metaTitle: s.metaTitle,
    metaDescription: s.metaDescription,
    Description: s.Description,
    FBShareLogo: sanitizeUrl(s.FBShareLogo),
    FooterText: sanitizeHtml(s.FooterText),
    AdvantageFooterStatus: s.AdvantageFooterStatus,
    IsDisplay: s.IsDisplay,
    ThemeFile: sanitizeUrl(s.ThemeFile),
    PrimaryColor: s.PrimaryColor,
    pwaSettings: pwaSettings(pwa),
    objHeaderMenuList: menus.header.map(menuItem),
    objFooterMenuList: menus.footer.map(footerItem),
    objFooterSubmenuList: menus.footerSub.map(footerItem),
    SocialLinks: {
      Facebook: sanitizeUrl(s.SocialLinks.Facebook),
      Twitter: sanitizeUrl(s.SocialLinks.Twitter),
      Instagram: sanitizeUrl(s.SocialLinks.Instagram),
    },
    PolicyPages: Object.fromEntries(Object.entries(policies).map(([slug, html]) => [slug, sanitizeHtml(html ?? '')])) as Record<PolicySlug, string>,
    kiosk: await kioskSettings(ctx.store, ctx.site, kiosk),
    onThisDay: s.ShowOnThisDayInHome === true,
  };
}

export async function getHomePageSettings(ctx: SiteContext): Promise<HomePageSettings> {
  const { home } = await loadSiteSections(ctx.store, ctx.site);
  const image = sanitizeUrl(home.HomePageImagePath);
  const content = sanitizeHtml(home.HomePageContent);
  return {
    DomainUrl: domainUrlOf(ctx.origin),
    homePageSetModel: {
      Status: home.Status,
      HomePageImagePath: image,
      HomePageSettingsImagePath: image,
      HomePageContent: content,
      HomePageSettingsContent: content,
      ImageOverlayColor: home.ImageOverlayColor,
      ImageOpacity: home.ImageOpacity,
    },
  };
}

export async function getBanner(ctx: SiteContext): Promise<BannerResponse> {
  const { banner, ads } = await loadSiteSections(ctx.store, ctx.site);
  const full = sanitizeHtml(banner.BannerContent);
  return {
    DomainUrl: domainUrlOf(ctx.origin),
    webBannerModel: {
      Status: banner.Status,
      BannerStatus: banner.Status,
      BannerHeading: banner.BannerHeading,
      BannerContentShort: sanitizeHtml(banner.BannerContentShort),
      BannerImagePath: sanitizeUrl(banner.BannerImagePath),
      BannerContent: full,
      homeAdvertisementContent: { AdHomeRightContent: sanitizeHtml(ads.AdHomeRightContent) },
    },
    // 'Learn More' only when there is more to read.
    ContentMore: banner.ContentMore && full.trim() !== '',
  };
}

/**
 * YearRangeWithTitlecountSolr7Sametitle: in the original product a second search core answered this
 * list with editions of the same title collapsed into one entry. Here a title is one row per LCCN
 * already, so both lists are the same list; both are filled so either solrtype works (spec 3.6).
 */
const sameTitleList = (titles: TitleItem[]) => titles.map((t) => ({ ...t }));

export async function getHomeDetail(ctx: SiteContext): Promise<HomeDetail> {
  const { store, site } = ctx;
  const [sections, titleRows, years, places, collection] = await Promise.all([
    loadSiteSections(store, site),
    store.browse.titleCounts(site.id),
    store.browse.yearCounts(site.id),
    store.browse.places(site.id),
    store.sites.getTitleIds(site.id),
  ]);
  const titles = toTitleItems(titleRows);
  const decades = toDecadeItems(years);
  const { min, max } = yearBounds(years);
  const { settings, pageContent, ads } = sections;
  // A site without a collection shows every title: its collection is then every title with pages.
  const collectionIds = collection.length ? collection : titleRows.map((t) => t.id);
  return {
    MinDate: min,
    MaxDate: max,
    fullMinDate: min,
    fullMaxDate: max,
    DomainUrl: domainUrlOf(ctx.origin),
    CollectionIds: collectionIds.join(','),
    objeWbSite: { ShowThumbInHome: settings.ShowThumbInHome, solrtype: settings.solrtype },
    model: {
      _searchModels: {
        solrtype: settings.solrtype,
        YearRangeWithTitleandCountList: titles,
        YearRangeWithTitlecountSolr7Sametitle: sameTitleList(titles),
        DecadeList: decades,
      },
      ContentDetails: {
        Status: pageContent.Status,
        PageContentStatus: pageContent.Status,
        PageContentImagePath: sanitizeUrl(pageContent.PageContentImagePath),
        PageContentHeading: pageContent.PageContentHeading,
        PageContentShort: sanitizeHtml(pageContent.PageContentShort),
        PageContent: sanitizeHtml(pageContent.PageContent),
      },
      AdvertisementContent: { AdHomeLeftContent: sanitizeHtml(ads.AdHomeLeftContent) },
      HomePageTitleCount: titles.length,
      HomePageDecadeCount: decades.length,
    },
    ...toPlaceData(places),
  };
}

export interface TitleDecadeSelection {
  titleIds: number[];
  decades: number[];
  /** The client's CollectionIds: narrows within the site's collection, never widens it. */
  collectionIds: number[];
  solrType?: string;
}

/**
 * Spec 4.4: the decade list narrowed by the selected titles (decades that have pages of them) and the
 * title list narrowed by the selected decades (titles with pages in them, counted within them). With
 * nothing selected on a side, that side's list is the full list.
 */
export async function selectTitleDecade(ctx: SiteContext, sel: TitleDecadeSelection): Promise<TitleDecadeResponse> {
  const { store, site } = ctx;
  const scope = sel.collectionIds.length ? sel.collectionIds : undefined;
  const inScope = scope ? new Set(scope) : undefined;
  const titleFilter = sel.titleIds.length ? sel.titleIds.filter((id) => !inScope || inScope.has(id)) : scope;
  const decadeFilter = sel.decades.length ? sel.decades : undefined;
  const [sections, years, titleRows] = await Promise.all([
    sel.solrType ? undefined : loadSiteSections(store, site),
    // An empty filter list would mean "no filter" to the store: nothing selected survived the scope.
    titleFilter && titleFilter.length === 0 ? [] : store.browse.yearCounts(site.id, { titleIds: titleFilter }),
    store.browse.titleCounts(site.id, { titleIds: scope, decades: decadeFilter }),
  ]);
  const titles = toTitleItems(titleRows);
  return {
    solrtype: sel.solrType ?? sections?.settings.solrtype ?? '4',
    SelectedDecadeList: toDecadeItems(years),
    SelectedYearRangeWithTitleandCountList: titles,
    SelectedYearRangeWithTitlecountSolr7Sametitle: sameTitleList(titles),
  };
}
