import type { SiteSection } from '../store/types';
import { sectionSchemas } from '../sites/schema';
import { sanitizeHtml } from '../lib/sanitize';

/** Site configuration: admins only. */
export const SITE_SECTIONS: SiteSection[] = ['settings', 'menus', 'pwa', 'kiosk'];
/** Content: editors may change these too. */
export const CONTENT_SECTIONS: SiteSection[] = ['home', 'banner', 'pageContent', 'ads', 'policies'];

/** The HTML fields of each section; every value of 'policies' is HTML. */
const HTML_FIELDS: Partial<Record<SiteSection, string[]>> = {
  settings: ['FooterText'],
  home: ['HomePageContent'],
  banner: ['BannerContentShort', 'BannerContent'],
  pageContent: ['PageContentShort', 'PageContent'],
  ads: ['AdHomeLeftContent', 'AdHomeRightContent'],
};

/**
 * Validates a section document with its schema and sanitises its HTML before it is stored. (The Home
 * API sanitises again when serving, so HTML that reaches the database another way is cleaned too.)
 */
export function validateSection(section: SiteSection, body: unknown): unknown {
  const data = sectionSchemas[section].parse(body) as Record<string, unknown> | null;
  if (!data) return data;
  const keys = section === 'policies' ? Object.keys(data) : (HTML_FIELDS[section] ?? []);
  const clean = { ...data };
  for (const k of keys) if (typeof clean[k] === 'string') clean[k] = sanitizeHtml(clean[k] as string);
  return clean;
}
