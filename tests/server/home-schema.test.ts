// Site section defaults and schemas (server/sites), and how stored sections are laid over the defaults.
import { describe, expect, it } from 'vitest';
import { DISCLAIMER_POINTS, defaultSections } from '../../server/sites/defaults';
import { POLICY_SLUGS, sectionSchemas } from '../../server/sites/schema';
import { mergeSections } from '../../server/services/site-config';

describe('defaults', () => {
  const d = defaultSections('Test Archive');

  it('fill every section and pass their own schemas', () => {
    for (const [name, schema] of Object.entries(sectionSchemas)) {
      const r = schema.safeParse(d[name as keyof typeof d]);
      expect(r.success, `${name}: ${JSON.stringify(r.error?.issues)}`).toBe(true);
    }
  });

  it('have a page for each of the five policy routes, the disclaimer with the spec’s three points', () => {
    for (const slug of POLICY_SLUGS) expect(d.policies[slug]?.length).toBeGreaterThan(50);
    expect(DISCLAIMER_POINTS).toHaveLength(3);
    const disclaimer = d.policies['termsof-use']!;
    expect(disclaimer).toMatch(/research, study and curiosity/);
    expect(disclaimer).toMatch(/inappropriate .*historical context/);
    expect(disclaimer).toMatch(/trademarks.*no affiliation.*endorsement/);
  });

  it('use the site name until titles are configured', () => {
    expect(d.settings.SiteTitle).toBe('Test Archive');
    expect(d.settings.SiteName).toBe('Test Archive');
  });
});

describe('section schemas (what the admin area saves)', () => {
  const settings = defaultSections().settings;

  it.each([
    ['PrimaryColor', 'red'],
    ['PrimaryColor', '#12345'],
    ['ThemeFile', 'javascript:alert(1)'],
    ['WebsiteLargeLogoPath', 'data:text/html,<script>'],
    ['SiteTitle', 'x'.repeat(201)],
    ['GACode', '<script>'],
    ['AdvantageFooterStatus', 'yes'],
    ['FooterLogoList', Array.from({ length: 51 }, () => 'media/a.png')],
  ])('settings.%s = %j is refused', (field, value) => {
    expect(sectionSchemas.settings.safeParse({ ...settings, [field]: value }).success).toBe(false);
  });

  it('refuses an opacity outside 0..1 and a javascript: menu link', () => {
    const home = defaultSections().home;
    expect(sectionSchemas.home.safeParse({ ...home, ImageOpacity: 1.5 }).success).toBe(false);
    expect(sectionSchemas.home.safeParse({ ...home, ImageOpacity: -0.1 }).success).toBe(false);
    expect(sectionSchemas.home.safeParse({ ...home, ImageOpacity: 0.25 }).success).toBe(true);
    const menus = defaultSections().menus;
    const bad = { ...menus, header: [{ MenuText: 'x', MenuLink: 'javascript:alert(1)', OpenInNewTab: false }] };
    expect(sectionSchemas.menus.safeParse(bad).success).toBe(false);
  });

  it('returns HTML sanitised and URLs normalised', () => {
    const banner = sectionSchemas.banner.parse({
      ...defaultSections().banner,
      BannerContent: '<p onclick="x()">Hi<script>alert(1)</script></p>',
      BannerImagePath: ' media/a b.png ',
    });
    expect(banner.BannerContent).toBe('<p>Hi</p>');
    expect(banner.BannerImagePath).toBe('media/a%20b.png');
  });

  it('accepts pwa null (install button off) and refuses an SVG button image', () => {
    expect(sectionSchemas.pwa.safeParse(null).success).toBe(true);
    const pwa = defaultSections().pwa!;
    expect(sectionSchemas.pwa.safeParse({ ...pwa, ButtonImage: 'data:image/svg+xml;base64,PHN2Zz4=' }).success).toBe(false);
    expect(sectionSchemas.pwa.safeParse({ ...pwa, ButtonImage: 'data:image/jpeg;base64,/9j/4AAQ' }).success).toBe(true);
  });

  it('refuses an unknown policy page', () => {
    expect(sectionSchemas.policies.safeParse({ 'privacy-policy': '<p>x</p>' }).success).toBe(true);
    expect(sectionSchemas.policies.safeParse({ 'secret-page': '<p>x</p>' }).success).toBe(false);
  });
});

describe('mergeSections', () => {
  it('keeps valid stored fields and falls back to the default for invalid ones', () => {
    const merged = mergeSections('Site', {
      settings: { SiteTitle: 'Mine', PrimaryColor: 'not-a-colour', IsDisplay: false, Unknown: 1 },
      home: { ImageOpacity: 7 },
    });
    expect(merged.settings.SiteTitle).toBe('Mine');
    expect(merged.settings.PrimaryColor).toBe(defaultSections().settings.PrimaryColor);
    expect(merged.settings.IsDisplay).toBe(false);
    expect(merged.settings).not.toHaveProperty('Unknown');
    expect(merged.home.ImageOpacity).toBe(defaultSections().home.ImageOpacity);
  });

  it('keeps the valid items of a menu with some invalid ones', () => {
    const merged = mergeSections('Site', {
      menus: {
        header: [{ MenuText: 'Good', MenuLink: '/home', OpenInNewTab: false }, { MenuText: 'Bad', MenuLink: 'javascript:x', OpenInNewTab: false }, 'junk'],
      },
    });
    expect(merged.menus.header).toEqual([{ MenuText: 'Good', MenuLink: '/home', OpenInNewTab: false }]);
    expect(merged.menus.footer).toEqual(defaultSections().menus.footer);
  });

  it('merges nested social links field by field and keeps pwa null', () => {
    const merged = mergeSections('Site', { settings: { SocialLinks: { Facebook: 'https://facebook.example/a', Twitter: 'javascript:x' } }, pwa: null });
    expect(merged.settings.SocialLinks).toEqual({ Facebook: 'https://facebook.example/a', Twitter: '', Instagram: '' });
    expect(merged.pwa).toBeNull();
  });

  it('lays stored policy pages over the defaults', () => {
    const merged = mergeSections('Site', { policies: { 'privacy-policy': '<p>Ours</p>', bogus: '<p>x</p>' } });
    expect(merged.policies['privacy-policy']).toBe('<p>Ours</p>');
    expect(merged.policies['copyright-policy']).toBe(defaultSections().policies['copyright-policy']);
    expect(merged.policies).not.toHaveProperty('bogus');
  });
});
