// The two demo sites' theme stylesheets: they override the shell's CSS custom properties (see
// src/styles/base.css). Text colours keep WCAG 2.2 AA contrast on their backgrounds (tests check it).

export interface ThemeColours {
  paper: string;
  paperDeep: string;
  card: string;
  ink: string;
  inkSoft: string;
  rule: string;
  primary: string;
  primaryInk: string;
  accent: string;
  focus: string;
  headerBg: string;
  bandBg: string;
  footerBg: string;
  footerInk: string;
  footerLink: string;
}

export const THEMES: Record<'default' | 'prairie', ThemeColours> = {
  // Old Press Archive: ink on cream, oxblood red.
  default: {
    paper: '#f6f0e4',
    paperDeep: '#ece2cd',
    card: '#fffdf7',
    ink: '#261c14',
    inkSoft: '#564636',
    rule: '#d6c7ab',
    primary: '#7a1f1f',
    primaryInk: '#ffffff',
    accent: '#8a5312',
    focus: '#1b5fa8',
    headerBg: '#fffdf7',
    bandBg: '#ece2cd',
    footerBg: '#2a1d16',
    footerInk: '#f3ebdd',
    footerLink: '#f6d7a7',
  },
  // Prairie & Lakes: lake blue and prairie green on a cool paper.
  prairie: {
    paper: '#eef3f5',
    paperDeep: '#dbe6eb',
    card: '#ffffff',
    ink: '#142028',
    inkSoft: '#3a5261',
    rule: '#bfd0d9',
    primary: '#1f4e6b',
    primaryInk: '#ffffff',
    accent: '#2d6a4f',
    focus: '#b3401e',
    headerBg: '#ffffff',
    bandBg: '#dbe6eb',
    footerBg: '#10222e',
    footerInk: '#e6eef3',
    footerLink: '#ffd27a',
  },
};

export function themeCss(name: string, c: ThemeColours): string {
  return `/* ${name}: demo site theme, generated on first start. */
:root {
  --paper: ${c.paper};
  --paper-deep: ${c.paperDeep};
  --card: ${c.card};
  --ink: ${c.ink};
  --ink-soft: ${c.inkSoft};
  --rule: ${c.rule};
  --primary: ${c.primary};
  --primary-ink: ${c.primaryInk};
  --accent: ${c.accent};
  --focus: ${c.focus};
  --header-bg: ${c.headerBg};
  --band-bg: ${c.bandBg};
  --footer-bg: ${c.footerBg};
  --footer-ink: ${c.footerInk};
  --footer-link: ${c.footerLink};
}
`;
}

/** WCAG relative-luminance contrast ratio of two #rrggbb colours. */
export function contrastRatio(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}
