// The search benchmark's query classes, shared by bench/search/run.ts (SQLite) and bench/search-engines.ts
// (SQLite and PostgreSQL side by side): words picked by how many pages hold them (from the SQLite index),
// real phrases from the source OCR, real places and titles of the corpus.
import type { Db } from '../../server/store/sqlite/db';
import { mulberry32, realWords } from './corpus';

/** Makes the i-th query string of a class. */
export type Make = (i: number) => string;

export interface QueryClasses {
  /** The classes (the goal applies to these). */
  classes: Record<string, Make>;
  /** Beyond the classes, measured so they are known (kept out of the goal). */
  extra: Record<string, Make>;
  /** The row syntax (issue #22): truncation, wildcards, proximity, OCR-tolerant words; goal p95 < 150 ms on SQLite. */
  syntax: Record<string, Make>;
  /** For classes that measure a repeat: the visitor's first request for the same words, run unmeasured just before. */
  primes: Record<string, Make>;
}

export function searchQueryClasses(db: Db, perClass: number, seed = 42): QueryClasses {
  const rand = mulberry32(seed);
  const pages = db.prepare('SELECT COUNT(*) FROM pages').pluck().get() as number;
  // Terms by how many pages hold them, from the index itself.
  db.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.bench_vocab USING fts5vocab('main', 'pages_fts', 'row')");
  const terms = (min: number, max: number, limit: number) =>
    db
      .prepare(
        "SELECT term FROM temp.bench_vocab WHERE doc BETWEEN ? AND ? AND length(term) >= 4 AND term GLOB '[a-z]*' AND term NOT GLOB '*[0-9]*' ORDER BY random() LIMIT ?",
      )
      .pluck()
      .all(min, max, limit) as string[];
  const rare = terms(5, Math.max(10, pages * 0.001), perClass * 3);
  const common = terms(pages * 0.3, pages, perClass * 3);
  const medium = terms(pages * 0.01, pages * 0.1, perClass * 6);

  // Real phrases: consecutive words of the source OCR (the generator copies runs of it).
  const source = realWords().map((w) => w.toLowerCase().replace(/[^a-z]/g, ''));
  const phrases: string[] = [];
  while (phrases.length < perClass * 2) {
    const i = Math.floor(rand() * (source.length - 1));
    if (source[i].length >= 4 && source[i + 1].length >= 4) phrases.push(`${source[i]} ${source[i + 1]}`);
  }

  const places = db
    .prepare('SELECT DISTINCT s.id FROM states s JOIN cities c ON c.state_id = s.id JOIN titles t ON t.city_id = c.id')
    .pluck()
    .all() as number[];
  const titleIds = db.prepare('SELECT id FROM titles').pluck().all() as number[];
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];
  const state = () => pick(places);
  const DATE = 'm=between&d=01/01/1860-12/31/1899';

  const classes: Record<string, Make> = {
    'rare word': (i) => `k=${rare[i]}&ord=k1`,
    'common word': (i) => `k=${common[i]}&ord=k1`,
    '2-word AND': (i) => `k=${medium[2 * i]} ${medium[2 * i + 1]}&ord=k1`,
    phrase: (i) => `e=${phrases[i]}&ord=e1`,
    OR: (i) => `o=${medium[2 * i]} ${medium[2 * i + 1]}&ord=o1`,
    None: (i) => `k=${common[i]}&n=${medium[i]}&ord=k1,n1`,
    'rare word + date': (i) => `k=${rare[perClass + i]}&ord=k1&${DATE}`,
    'common word + date': (i) => `k=${common[perClass + i]}&ord=k1&${DATE}`,
    '2-word AND + date': (i) => `k=${medium[2 * i + 1]} ${medium[2 * i + 2]}&ord=k1&${DATE}`,
    'phrase + date': (i) => `e=${phrases[perClass + i]}&ord=e1&${DATE}`,
    'common word + place': (i) => `k=${common[2 * perClass + i]}&ord=k1&st=${state()}`,
    'rare word + place': (i) => `k=${rare[2 * perClass + i]}&ord=k1&st=${state()}`,
    'common word + date + place': (i) => `k=${common[i]}&ord=k1&${DATE}&st=${state()}&sort=date`,
    'deep page 50 (relevance)': (i) => `k=${medium[3 * perClass + i]}&ord=k1&p=50`,
    'deep page 50 (common, by date)': (i) => `k=${common[(i + 7) % common.length]}&ord=k1&p=50&sort=date`,
    'browse title + decade': (i) => `t=${pick(titleIds)}&bdd=${1840 + 10 * (i % 8)}&p=${1 + (i % 5)}`,
    // The same words again, as a visitor pages or narrows: FTS and BM25 answers are kept per expression.
    'common word, page 2 (same words)': (i) => `k=${common[i]}&ord=k1&p=2`,
    'common word + title facet (same words)': (i) => `k=${common[i]}&ord=k1&t=${pick(titleIds)}`,
  };

  /**
   * Beyond the classes, measured so they are known: several words that are each on most pages. Rank
   * lists answer these only when their bounds decide, so they often score every match (see docs/API.md).
   */
  const extra: Record<string, Make> = {
    'extra: 2 common words AND': (i) => `k=${common[i]} ${common[(i + 1) % common.length]}&ord=k1`,
    'extra: phrase of 2 common words': (i) => `e=${common[i]} ${common[(i + 1) % common.length]}&ord=e1`,
  };

  const twoWords = phrases.filter((p) => new Set(p.split(' ')).size === 2); // "a a"~5 is no proximity
  const syntax: Record<string, Make> = {
    'syntax: truncation (4 letters*)': (i) => `k=${medium[i].slice(0, 4)}*&ord=k1`,
    'syntax: wildcard (abc?e)': (i) => `k=${medium[perClass + i].slice(0, 3)}?${medium[perClass + i].slice(4)}&ord=k1`,
    'syntax: proximity "a b"~5': (i) => `e="${twoWords[i % twoWords.length]}"~5&ord=e1`,
    'syntax: fuzzy word~': (i) => `k=${medium[2 * perClass + i]}~&ord=k1`,
    'syntax: fz=1, 2 words': (i) => `k=${medium[2 * i]} ${medium[2 * i + 1]}&fz=1&ord=k1`,
  };

  const primes: Record<string, Make> = {
    'common word, page 2 (same words)': (i) => `k=${common[i]}&ord=k1`,
    'common word + title facet (same words)': (i) => `k=${common[i]}&ord=k1`,
  };
  return { classes, extra, syntax, primes };
}
