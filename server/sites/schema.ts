// Zod schemas of the site sections (server/sites/sections.ts). The admin area validates what it saves
// with these; the Home service uses them field by field to ignore stored values that are no longer valid.
// Lengths are bounded so one document cannot grow without limit; HTML is sanitised separately.
import { z } from 'zod';
import type { PolicySlug } from '../../contract/api';
import { MAX_INLINE_IMAGE, PROTOCOL_RELATIVE_MESSAGE, isProtocolRelative, sanitizeHtml, sanitizeImageSrc, sanitizeUrl } from '../lib/sanitize';
import type { SiteSections } from './sections';

const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);
/** HTML comes out of parse() sanitised, so what is saved is already safe (it is sanitised again when served). */
const html = text(100_000).transform((v) => sanitizeHtml(v));
/** A relative path or an http(s) URL; comes out normalised by sanitizeUrl (spaces encoded, trimmed). */
const url = z
  .string()
  .max(2048, 'must be at most 2048 characters')
  .refine((v) => !isProtocolRelative(v), PROTOCOL_RELATIVE_MESSAGE)
  .refine((v) => isProtocolRelative(v) || v.trim() === '' || sanitizeUrl(v) !== '', 'must be a relative path or an http(s) URL')
  .transform((v) => sanitizeUrl(v));
const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #1a2b3c');

export const menuItemSchema = z.object({
  MenuText: text(100).min(1, 'must not be empty'),
  MenuLink: url,
  OpenInNewTab: z.boolean(),
});

export const footerMenuItemSchema = menuItemSchema.extend({
  FooterMenuID: z.number().int().min(0).max(1_000_000),
});

export const settingsSchema = z.object({
  SiteTitle: text(200),
  SiteName: text(200),
  WebsiteSmallLogoPath: url,
  WebsiteLargeLogoPath: url,
  DefaultLargeLogo: url,
  DefaultFooterLogo: url,
  FooterLogoList: z.array(url).max(50, 'at most 50 partner logos'),
  GACode: z
    .string()
    .max(40)
    .regex(/^[A-Za-z0-9-]*$/, 'must be an analytics id like G-ABC123'),
  pageTitle: text(200),
  metaTitle: text(200),
  metaDescription: text(500),
  Description: text(2000),
  FBShareLogo: url,
  FooterText: html,
  AdvantageFooterStatus: z.boolean(),
  IsDisplay: z.boolean(),
  ThemeFile: url,
  PrimaryColor: colour,
  ShowThumbInHome: z.boolean(),
  solrtype: z
    .string()
    .max(8)
    .regex(/^[A-Za-z0-9]*$/, 'must be a short code like 4'),
  SocialLinks: z.object({ Facebook: url, Twitter: url, Instagram: url }),
  DataLicence: text(2000).optional(),
  ShowOnThisDayInHome: z.boolean('must be true or false').optional(),
});

export const menusSchema = z.object({
  header: z.array(menuItemSchema).max(30),
  footer: z.array(footerMenuItemSchema).max(30),
  footerSub: z.array(footerMenuItemSchema).max(200),
});

export const homeSchema = z.object({
  Status: z.boolean(),
  HomePageImagePath: url,
  HomePageContent: html,
  ImageOverlayColor: z.union([colour, z.literal('')]),
  ImageOpacity: z.number().min(0).max(1),
});

export const bannerSchema = z.object({
  Status: z.boolean(),
  BannerHeading: text(300),
  BannerContentShort: html,
  BannerImagePath: url,
  BannerContent: html,
  ContentMore: z.boolean(),
});

export const pageContentSchema = z.object({
  Status: z.boolean(),
  PageContentImagePath: url,
  PageContentHeading: text(300),
  PageContentShort: html,
  PageContent: html,
});

export const adsSchema = z.object({ AdHomeLeftContent: html, AdHomeRightContent: html });

export const pwaSchema = z
  .object({
    ButtonImage: z
      .string()
      .max(MAX_INLINE_IMAGE, 'image too large')
      .refine((v) => v === '' || sanitizeImageSrc(v) !== '', 'must be a PNG/JPEG/GIF/WebP data URL, base64, or an image path')
      .transform((v) => sanitizeImageSrc(v)),
    ButtonTooltip: text(200),
    OpenInNewWindow: z.boolean(),
    PageTitle: text(200),
  })
  .nullable();

/** Kiosk idle time bounds, in seconds: 3 s is for trying it out; an hour is the longest a visitor's traces may stay. */
export const KIOSK_IDLE_MIN = 3;
export const KIOSK_IDLE_MAX = 3600;
export const KIOSK_FEATURED_MAX = 12;
const IDLE_MESSAGE = `Idle time must be a whole number of seconds from ${KIOSK_IDLE_MIN} to ${KIOSK_IDLE_MAX}.`;

export const kioskSchema = z.strictObject({
  enabled: z.boolean(),
  idleSeconds: z.number(IDLE_MESSAGE).int(IDLE_MESSAGE).min(KIOSK_IDLE_MIN, IDLE_MESSAGE).max(KIOSK_IDLE_MAX, IDLE_MESSAGE),
  /** Issue uids chosen by staff; empty = the newest issues of the site (the server keeps no read counts). */
  featuredIssueIds: z
    .array(
      z
        .string()
        .max(200)
        .regex(/^[A-Za-z0-9._-]+$/, 'An issue id has letters, digits, ".", "_" and "-" only.'),
    )
    .max(KIOSK_FEATURED_MAX, `Choose at most ${KIOSK_FEATURED_MAX} featured issues.`),
});

export const POLICY_SLUGS: PolicySlug[] = ['privacy-policy', 'terms-and-conditions', 'termsof-use', 'copyright-policy', 'dmca-and-copyright-takedown'];

export const policiesSchema = z.partialRecord(z.enum(POLICY_SLUGS as [PolicySlug, ...PolicySlug[]]), html);

/** One schema per section, keyed like SiteSections. */
export const sectionSchemas = {
  settings: settingsSchema,
  menus: menusSchema,
  home: homeSchema,
  banner: bannerSchema,
  pageContent: pageContentSchema,
  ads: adsSchema,
  pwa: pwaSchema,
  policies: policiesSchema,
  kiosk: kioskSchema,
} satisfies { [K in keyof SiteSections]: z.ZodType<SiteSections[K]> };

export type SectionName = keyof typeof sectionSchemas;
