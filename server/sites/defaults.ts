// Default values for every site section: what a site shows before anyone configures it. Stored
// sections override these field by field (server/services/site-config.ts). Image paths are relative to
// the site's DomainUrl; the defaults point at files the built app ships (public/).
import type { PolicySlug } from '../../contract/api';
import type { SiteSections } from './sections';

/** The footer disclaimer (spec 1): research use, historical context, publishers' trademarks. */
export const DISCLAIMER_POINTS = [
  'The newspapers in this archive are offered for research, study and curiosity.',
  'Some content may seem inappropriate when read outside its historical context; it is shown as it was published.',
  'Mastheads, logos and branding are the trademarks of their publishers; no affiliation with or endorsement by them is implied.',
] as const;

export const DISCLAIMER_HTML = `<ul>${DISCLAIMER_POINTS.map((p) => `<li>${p}</li>`).join('')}</ul>`;

const DEFAULT_LOGO = 'icons/icon-512.png';

/** The bulk data's licence statement until staff write the site's own (Site settings). */
export const DEFAULT_DATA_LICENCE =
  'The OCR text and ALTO files of these newspapers are offered for research and reuse. The newspapers are believed to be in the public domain; some material may still be protected in some countries, and you are responsible for checking the rights that apply to your use. Please credit the newspaper, its date and this archive.';

export const DEFAULT_POLICIES: Record<PolicySlug, string> = {
  'privacy-policy': [
    '<h1>Privacy Policy</h1>',
    '<p>You can use this archive without an account. We do not sell or share personal information.</p>',
    '<h2>What we keep</h2>',
    '<ul><li>Ordinary server logs (address, time, page requested) for security and capacity planning, kept for a limited time.</li>',
    '<li>A security cookie (XSRF-TOKEN) that protects forms against cross-site requests, and a cookie that remembers whether you have seen the install-app guide.</li>',
    '<li>Display preferences (brightness, contrast, text size) and browse lists stored in your own browser so the archive works offline. You can clear them from your browser settings at any time.</li></ul>',
    '<h2>Messages</h2>',
    '<p>If you write to us through the contact form, we keep your name, email address and message only to answer you.</p>',
  ].join(''),
  'terms-and-conditions': [
    '<h1>Terms &amp; Conditions</h1>',
    '<p>This archive is a free public service. By using it you agree to use it lawfully and not to disrupt it, for example by automated downloading at a rate that harms other visitors.</p>',
    '<p>Page images and text are provided as they are, without warranty. Text produced by optical character recognition contains errors; check the page image before relying on a transcription.</p>',
    '<p>We may change or withdraw any part of the service at any time.</p>',
  ].join(''),
  'termsof-use': ['<h1>Disclaimer</h1>', DISCLAIMER_HTML].join(''),
  'copyright-policy': [
    '<h1>Copyright Policy</h1>',
    '<p>Most newspapers in this archive were published long ago and are believed to be in the public domain. Some material may still be protected in some countries; you are responsible for checking the rights that apply to your use.</p>',
    '<p>When you reuse material from the archive, please credit the newspaper, its date and this archive.</p>',
  ].join(''),
  'dmca-and-copyright-takedown': [
    '<h1>DMCA &amp; Copyright Takedown</h1>',
    '<p>If you believe material in this archive infringes your copyright, send us a notice through the contact page with:</p>',
    '<ol><li>your name and contact details;</li><li>the work you believe is infringed;</li>',
    '<li>the address of the page in this archive;</li><li>a statement that you act in good faith and that the information is accurate.</li></ol>',
    '<p>We review every notice and remove material when the claim is valid.</p>',
  ].join(''),
};

/** Defaults for a site; its name fills the title fields until they are configured. */
export function defaultSections(siteName = 'Historic Newspaper Archive'): SiteSections {
  return {
    settings: {
      SiteTitle: siteName,
      SiteName: siteName,
      WebsiteSmallLogoPath: DEFAULT_LOGO,
      WebsiteLargeLogoPath: '',
      DefaultLargeLogo: DEFAULT_LOGO,
      DefaultFooterLogo: DEFAULT_LOGO,
      FooterLogoList: [],
      GACode: '',
      pageTitle: siteName,
      metaTitle: siteName,
      metaDescription: `Browse and search digitised historical newspapers in ${siteName}.`,
      Description: `Digitised historical newspapers: browse by title, decade and year, or search every page.`,
      FBShareLogo: DEFAULT_LOGO,
      FooterText: `<p>&copy; ${siteName}. Digitised newspapers for research, study and curiosity.</p>`,
      AdvantageFooterStatus: true,
      IsDisplay: true,
      ThemeFile: '',
      PrimaryColor: '#5b2a0e',
      ShowThumbInHome: true,
      solrtype: '4',
      SocialLinks: { Facebook: '', Twitter: '', Instagram: '' },
      DataLicence: DEFAULT_DATA_LICENCE,
      ShowOnThisDayInHome: false,
    },
    menus: {
      header: [
        { MenuText: 'Home', MenuLink: 'home', OpenInNewTab: false },
        { MenuText: 'Directory', MenuLink: 'sitedirectory', OpenInNewTab: false },
        { MenuText: 'Contact Us', MenuLink: 'contactus', OpenInNewTab: false },
      ],
      footer: [
        { MenuText: 'Explore', MenuLink: '', OpenInNewTab: false, FooterMenuID: 1 },
        { MenuText: 'About', MenuLink: '', OpenInNewTab: false, FooterMenuID: 2 },
      ],
      footerSub: [
        { MenuText: 'Home', MenuLink: '/home', OpenInNewTab: false, FooterMenuID: 1 },
        { MenuText: 'Site Directory', MenuLink: '/sitedirectory', OpenInNewTab: false, FooterMenuID: 1 },
        { MenuText: 'Install the app', MenuLink: '/pwasettings', OpenInNewTab: false, FooterMenuID: 2 },
        { MenuText: 'Contact Us', MenuLink: '/contactus', OpenInNewTab: false, FooterMenuID: 2 },
      ],
    },
    home: {
      Status: true,
      HomePageImagePath: '',
      HomePageContent: `<h1>${siteName}</h1><p>Search and browse digitised historical newspapers.</p>`,
      ImageOverlayColor: '#000000',
      ImageOpacity: 0.4,
    },
    banner: {
      Status: false,
      BannerHeading: '',
      BannerContentShort: '',
      BannerImagePath: '',
      BannerContent: '',
      ContentMore: false,
    },
    pageContent: {
      Status: false,
      PageContentImagePath: '',
      PageContentHeading: '',
      PageContentShort: '',
      PageContent: '',
    },
    ads: { AdHomeLeftContent: '', AdHomeRightContent: '' },
    pwa: {
      ButtonImage: '',
      ButtonTooltip: 'Install this archive as an app',
      OpenInNewWindow: false,
      PageTitle: 'Install the archive as an app',
    },
    policies: { ...DEFAULT_POLICIES },
    kiosk: { enabled: false, idleSeconds: 120, featuredIssueIds: [] },
  };
}
