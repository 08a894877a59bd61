// The demo titles (fictional newspapers with real places) and the plan of their issues: every title
// spans several decades, together 1790s to 1920s. The plan depends only on a fixed seed.
import type { TitleInput } from '../store/types';
import { createRng } from './prng';
import type { Locale, Vocabulary } from './text/types';
import { english } from './text/english';
import { german } from './text/german';
import { french } from './text/french';

export interface DemoTitle {
  input: TitleInput & { startYear: number; endYear: number };
  vocab: Vocabulary;
  locale: Locale;
  dateline: string; // place in the masthead date line
}

const title = (
  lccn: string,
  name: string,
  place: [string, string, string, string],
  years: [number, number],
  vocab: Vocabulary,
  locale: Locale,
  dateline: string,
  frequency = 'Daily',
): DemoTitle => ({
  input: {
    lccn,
    name,
    source: 'demo',
    startYear: years[0],
    endYear: years[1],
    frequency,
    place: { country: place[0], state: place[1], county: place[3], city: place[2] },
    placeOfPublication: `${place[2]}, ${place[1]}`,
    publisher: 'Demo Archive Press',
    language: vocab.lang === 'en' ? 'English' : vocab.lang === 'de' ? 'German' : 'French',
  },
  vocab,
  locale,
  dateline,
});

const dollars = (street: string[], river: string[], placeNames: string[], price = 'PRICE ONE CENT.'): Locale => ({
  street,
  river,
  place: placeNames,
  price,
  currency: 'dollar',
});

export const DEMO_TITLES: DemoTitle[] = [
  title(
    'demo0001',
    'The Richmond Evening Courier',
    ['United States', 'Virginia', 'Richmond', 'Henrico'],
    [1797, 1929],
    english,
    dollars(['Broad street', 'Main street', 'Cary street'], ['the James river'], ['Manchester', 'Petersburg', 'Ashland']),
    'RICHMOND, VIRGINIA',
  ),
  title(
    'demo0002',
    'The Omaha Morning Herald',
    ['United States', 'Nebraska', 'Omaha', 'Douglas'],
    [1857, 1929],
    english,
    dollars(['Farnam street', 'Douglas street', 'Sixteenth street'], ['the Missouri'], ['Council Bluffs', 'Lincoln', 'Fremont']),
    'OMAHA, NEBRASKA',
  ),
  title(
    'demo0003',
    'The Toronto Daily Beacon',
    ['Canada', 'Ontario', 'Toronto', 'York'],
    [1834, 1928],
    english,
    dollars(['King street', 'Yonge street', 'Queen street'], ['the Don', 'the Humber'], ['Hamilton', 'Kingston', 'York Mills']),
    'TORONTO, CANADA WEST',
  ),
  title(
    'demo0004',
    'The London Weekly Intelligencer',
    ['United Kingdom', 'England', 'London', 'Middlesex'],
    [1790, 1925],
    english,
    {
      street: ['the Strand', 'Fleet street', 'Cheapside'],
      river: ['the Thames'],
      place: ['Greenwich', 'Richmond', 'Windsor'],
      price: 'PRICE ONE PENNY.',
      currency: 'pound',
    },
    'LONDON',
    'Weekly',
  ),
  title(
    'demo0005',
    'Cincinnati Täglicher Wächter',
    ['United States', 'Ohio', 'Cincinnati', 'Hamilton'],
    [1836, 1918],
    german,
    dollars(['Vine-Straße', 'Main-Straße', 'Walnut-Straße'], ['Ohio'], ['Covington', 'Dayton', 'Hamilton'], 'PREIS 2 CENTS.'),
    'CINCINNATI, OHIO',
  ),
  title(
    'demo0006',
    'Le Messager de la Louisiane',
    ['United States', 'Louisiana', 'New Orleans', 'Orleans'],
    [1803, 1909],
    french,
    dollars(['rue Royale', 'rue de Chartres', 'rue Bourbon'], ['Mississippi'], ['Bâton-Rouge', 'Donaldsonville', 'Thibodaux'], 'PRIX 5 SOUS.'),
    'NOUVELLE-ORLÉANS',
  ),
  title(
    'demo0007',
    'The Charleston Weekly Mercury',
    ['United States', 'South Carolina', 'Charleston', 'Charleston'],
    [1792, 1868],
    english,
    dollars(['King street', 'Meeting street', 'East Bay'], ['the Cooper river', 'the Ashley'], ['Summerville', 'Beaufort', 'Georgetown']),
    'CHARLESTON, S. C.',
    'Weekly',
  ),
  title(
    'demo0008',
    'The Sacramento Valley Pioneer',
    ['United States', 'California', 'Sacramento', 'Sacramento'],
    [1850, 1921],
    english,
    dollars(['J street', 'K street', 'Front street'], ['the Sacramento river', 'the American river'], ['Folsom', 'Stockton', 'Marysville'], 'PRICE 10 CENTS.'),
    'SACRAMENTO, CALIFORNIA',
  ),
];

export interface IssuePlan {
  title: DemoTitle;
  dateIssued: string; // YYYY-MM-DD
  pageCount: number;
  volume: string;
  number: number;
}

export function roman(n: number): string {
  const parts: [number, string][] = [
    [1000, 'M'],
    [900, 'CM'],
    [500, 'D'],
    [400, 'CD'],
    [100, 'C'],
    [90, 'XC'],
    [50, 'L'],
    [40, 'XL'],
    [10, 'X'],
    [9, 'IX'],
    [5, 'V'],
    [4, 'IV'],
    [1, 'I'],
  ];
  let out = '';
  for (const [v, s] of parts)
    while (n >= v) {
      out += s;
      n -= v;
    }
  return out;
}

/** One or two issues per title per decade of its run, each of 2-4 pages. */
export function planIssues(): IssuePlan[] {
  const rng = createRng('demo-archive-plan-v1');
  const plan: IssuePlan[] = [];
  for (const t of DEMO_TITLES) {
    const { startYear, endYear } = t.input;
    for (let decade = Math.floor(startYear / 10) * 10; decade <= endYear; decade += 10) {
      const from = Math.max(decade, startYear),
        to = Math.min(decade + 9, endYear);
      const years = new Set<number>();
      const issues = rng.chance(0.4) ? 2 : 1;
      for (let i = 0; i < issues; i++) years.add(rng.int(from, to));
      for (const year of years) {
        const month = rng.int(1, 12),
          day = rng.int(1, 28);
        plan.push({
          title: t,
          dateIssued: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
          pageCount: rng.int(2, 4),
          volume: roman(year - startYear + 1),
          number: rng.int(1, 300),
        });
      }
    }
  }
  return plan;
}
