// The five policy pages (Privacy Policy, Terms & Conditions, Disclaimer, Copyright Policy, DMCA &
// Copyright Takedown): HTML from SiteSettings.PolicyPages, sanitised, with a default when empty.
import type { PolicySlug } from '../../contract/api';
import type { ScreenProps } from '../shell/screen-props';
import { useSiteSettings } from '../shared/data/site-hooks';
import { SafeHtml } from '../shared/ui/SafeHtml';
import { DISCLAIMER_POINTS } from '../shell/footer-links';

const DEFAULT_TEXT: Record<PolicySlug, string> = {
  'privacy-policy': '<p>You can use this archive without an account. We keep only what is needed to run it and to answer messages you send us.</p>',
  'terms-and-conditions': '<p>This archive is a free public service, provided as it is. Please use it lawfully and considerately.</p>',
  'termsof-use': `<ul>${DISCLAIMER_POINTS.map((p) => `<li>${p}</li>`).join('')}</ul>`,
  'copyright-policy':
    '<p>Most newspapers here are believed to be in the public domain. Please credit the newspaper, its date and this archive when you reuse material.</p>',
  'dmca-and-copyright-takedown':
    '<p>If you believe material here infringes your copyright, write to us through the Contact Us page with the details of the work and the page address.</p>',
};

export function PolicyScreen({ route }: ScreenProps) {
  const { data: settings, loading } = useSiteSettings();
  const slug = route.path.slice(1) as PolicySlug;
  const configured = settings?.PolicyPages?.[slug]?.trim();
  const html = configured || DEFAULT_TEXT[slug] || '';
  const hasOwnHeading = /<h1[\s>]/i.test(html);
  return (
    <article className="container page page--prose" aria-busy={loading}>
      {!hasOwnHeading && <h1>{route.title}</h1>}
      {!loading && <SafeHtml html={html} className="prose" />}
    </article>
  );
}
