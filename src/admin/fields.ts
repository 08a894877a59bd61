// What each editable section holds, described once so one form component can edit them all.
export type FieldKind = 'text' | 'textarea' | 'html' | 'bool' | 'color' | 'number' | 'image' | 'imageList' | 'url';
export interface Field {
  key: string;
  label: string;
  kind: FieldKind;
  help?: string;
  min?: number;
  max?: number;
  step?: number;
}

export const SECTION_FIELDS: Record<string, Field[]> = {
  settings: [
    { key: 'SiteTitle', label: 'Site title (used in page titles)', kind: 'text' },
    { key: 'SiteName', label: 'Site name (partner logo text)', kind: 'text' },
    { key: 'WebsiteLargeLogoPath', label: 'Large header logo', kind: 'image' },
    { key: 'WebsiteSmallLogoPath', label: 'Small logo', kind: 'image' },
    { key: 'DefaultLargeLogo', label: 'Fallback header logo', kind: 'image' },
    { key: 'DefaultFooterLogo', label: 'Fallback partner logo', kind: 'image' },
    { key: 'FooterLogoList', label: 'Partner logos', kind: 'imageList' },
    { key: 'ThemeFile', label: 'Theme stylesheet URL (empty: default)', kind: 'url' },
    { key: 'PrimaryColor', label: 'Primary colour (app and status bar)', kind: 'color' },
    { key: 'pageTitle', label: 'Page title', kind: 'text' },
    { key: 'metaTitle', label: 'Meta title', kind: 'text' },
    { key: 'metaDescription', label: 'Meta description', kind: 'textarea' },
    { key: 'Description', label: 'Description (link previews)', kind: 'textarea' },
    { key: 'FBShareLogo', label: 'Share image', kind: 'image' },
    { key: 'FooterText', label: 'Footer text', kind: 'html' },
    { key: 'AdvantageFooterStatus', label: 'Show footer menus and disclaimer', kind: 'bool' },
    { key: 'IsDisplay', label: 'Show header and footer', kind: 'bool' },
    { key: 'ShowThumbInHome', label: 'Show title thumbnails on the home page', kind: 'bool' },
    { key: 'ShowOnThisDayInHome', label: 'Show "On this day" front pages on the home page', kind: 'bool' },
    { key: 'solrtype', label: 'Title list type (4 = first list)', kind: 'text' },
    { key: 'GACode', label: 'Analytics identifier', kind: 'text' },
    { key: 'DataLicence', label: 'Licence of the bulk data (/data/batches)', kind: 'textarea' },
  ],
  home: [
    { key: 'HomePageImagePath', label: 'Hero image', kind: 'image' },
    { key: 'HomePageContent', label: 'Hero heading (HTML)', kind: 'html' },
    { key: 'ImageOverlayColor', label: 'Overlay colour', kind: 'color' },
    { key: 'ImageOpacity', label: 'Overlay opacity (0 to 1)', kind: 'number', min: 0, max: 1, step: 0.05 },
    { key: 'Status', label: 'Enabled', kind: 'bool' },
  ],
  banner: [
    { key: 'Status', label: 'Show the banner (otherwise the right advertisement)', kind: 'bool' },
    { key: 'BannerHeading', label: 'Heading', kind: 'text' },
    { key: 'BannerContentShort', label: 'Short content (HTML)', kind: 'html' },
    { key: 'BannerImagePath', label: 'Image', kind: 'image' },
    { key: 'BannerContent', label: 'Full content for Learn More (HTML)', kind: 'html' },
    { key: 'ContentMore', label: "Show 'Learn More'", kind: 'bool' },
  ],
  pageContent: [
    { key: 'Status', label: 'Show page content (otherwise the left advertisement)', kind: 'bool' },
    { key: 'PageContentHeading', label: 'Heading', kind: 'text' },
    { key: 'PageContentImagePath', label: 'Image', kind: 'image' },
    { key: 'PageContentShort', label: 'Short text (HTML)', kind: 'html' },
    { key: 'PageContent', label: 'Full content (HTML)', kind: 'html' },
  ],
  ads: [
    { key: 'AdHomeLeftContent', label: 'Left advertisement (HTML)', kind: 'html' },
    { key: 'AdHomeRightContent', label: 'Right advertisement (HTML)', kind: 'html' },
  ],
  pwa: [
    { key: 'ButtonTooltip', label: 'Install button tooltip', kind: 'text' },
    { key: 'ButtonImage', label: 'Install button image (base64 JPEG)', kind: 'textarea' },
    { key: 'OpenInNewWindow', label: 'Open the guide in a new tab on desktop', kind: 'bool' },
    { key: 'PageTitle', label: 'Install guide page title', kind: 'text' },
  ],
  policies: [
    { key: 'privacy-policy', label: 'Privacy Policy', kind: 'html' },
    { key: 'terms-and-conditions', label: 'Terms & Conditions', kind: 'html' },
    { key: 'termsof-use', label: 'Disclaimer', kind: 'html' },
    { key: 'copyright-policy', label: 'Copyright Policy', kind: 'html' },
    { key: 'dmca-and-copyright-takedown', label: 'DMCA & Copyright Takedown', kind: 'html' },
  ],
};

export const SECTION_LABELS: Record<string, string> = {
  settings: 'Site settings',
  menus: 'Menus',
  home: 'Home hero',
  banner: 'Banner',
  pageContent: 'Page content',
  ads: 'Advertisements',
  pwa: 'Install app',
  policies: 'Policy pages',
};
export const ADMIN_ONLY_SECTIONS = ['settings', 'menus', 'pwa'];
