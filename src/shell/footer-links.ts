// The footer's fixed links (spec 2.3), in order. 'Disclaimer' goes to /termsof-use.
export const FOOTER_FIXED_LINKS = [
  { text: 'Privacy Policy', href: '/privacy-policy' },
  { text: 'Terms & Conditions', href: '/terms-and-conditions' },
  { text: 'Disclaimer', href: '/termsof-use' },
  { text: 'Copyright Policy', href: '/copyright-policy' },
  { text: 'DMCA and Copyright Takedown', href: '/dmca-and-copyright-takedown' },
  { text: 'Sitemap', href: '/sitemap' },
] as const;

/** Seconds after each navigation before the fixed links get their device behaviour (spec 9). */
export const FOOTER_LINK_ATTACH_MS = 2000;

/** The disclaimer paragraph's three points (spec 1). */
export const DISCLAIMER_POINTS = [
  'These newspapers are offered for research, study and curiosity.',
  'Some content may seem inappropriate outside its historical context: it is shown as it was published.',
  'Mastheads, logos and branding are the trademarks of their publishers; no affiliation with or endorsement by them is implied.',
] as const;
