// A large, realistic newspaper corpus for benchmarks, built from the real OCR of the shared NDNP batches
// and real titles and places of the US Newspaper Directory. Engine-independent: `corpusTitles` and
// `corpusPages` describe the content; writers (SQLite here, PostgreSQL later) load it their own way.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const SHARED_CORPUS = join(import.meta.dirname, '../../../shared/corpus');

export interface CorpusOptions {
  pages: number;
  wordsPerPage: number;
  titles: number;
  seed: number;
}

export interface CorpusTitle {
  lccn: string;
  name: string;
  country: string;
  state: string;
  city: string;
  startYear: number;
  endYear: number;
}

export interface CorpusPage {
  lccn: string;
  date: string; // YYYY-MM-DD
  sequence: number;
  text: string;
  /** page_words JSON: [[text, x, y, w, h], ...] in a 6-column layout on a 6000 x 8000 px page. */
  wordsJson: string;
}

export const PAGE_WIDTH = 6000;
export const PAGE_HEIGHT = 8000;

export function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every ALTO page file (NNNN.xml) under a folder, in path order. */
export function altoFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) altoFiles(path, out);
    else if (/^\d{4}\.xml$/.test(name)) out.push(path);
  }
  return out;
}

const unescapeXml = (s: string) => s.replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e]!);

/** Every OCR word of the shared ALTO pages, in reading order (hyphen halves as printed). */
export function realWords(corpusDir = SHARED_CORPUS): string[] {
  const words: string[] = [];
  for (const file of altoFiles(join(corpusDir, 'ndnp'))) {
    const xml = readFileSync(file, 'utf8');
    for (const m of xml.matchAll(/<String [^>]*CONTENT="([^"]+)"/g)) words.push(unescapeXml(m[1]));
  }
  if (words.length < 1000) throw new Error(`Too few OCR words found under ${corpusDir}/ndnp`);
  return words;
}

/** Real titles with a full place and a 19th/20th-century start year, chosen by the seed. */
export function corpusTitles(opts: Pick<CorpusOptions, 'titles' | 'seed'>, corpusDir = SHARED_CORPUS): CorpusTitle[] {
  const rand = mulberry32(opts.seed ^ 0x5eed);
  const rows = readFileSync(join(corpusDir, 'catalog/us-newspaper-directory.tsv'), 'utf8').split('\n').slice(1);
  const usable: CorpusTitle[] = [];
  for (const line of rows) {
    const c = line.split('\t');
    if (c.length < 8 || !c[2] || !c[3] || !c[5] || !/^18[3-9]\d$/.test(c[6])) continue;
    const startYear = Number(c[6]);
    const endYear = /^\d{4}$/.test(c[7]) ? Math.min(Number(c[7]), 1963) : startYear + 40;
    if (endYear - startYear < 5) continue;
    usable.push({ lccn: c[0].trim(), name: c[1].replace(/\s*[=:/]\s*$/, '').trim(), country: c[2], state: c[3], city: c[5], startYear, endYear });
  }
  const chosen = new Map<string, CorpusTitle>();
  while (chosen.size < opts.titles && chosen.size < usable.length) {
    const t = usable[Math.floor(rand() * usable.length)];
    chosen.set(t.lccn, t);
  }
  return [...chosen.values()];
}

const jsonString = (s: string) => (/["\\\u0000-\u001f\u2028\u2029]/.test(s) ? JSON.stringify(s) : `"${s}"`);

/**
 * Pages: runs of 20-80 consecutive real OCR words (so real phrases recur), with 2% of words garbled the
 * way OCR garbles them (rare words); issues of 4-8 pages spread over each title's years.
 */
export function* corpusPages(opts: CorpusOptions, titles: CorpusTitle[], source: string[]): Generator<CorpusPage> {
  const rand = mulberry32(opts.seed);
  const perTitle = Math.ceil(opts.pages / titles.length);
  let made = 0;
  const colWidth = PAGE_WIDTH / 6;
  const lineHeight = 50;
  const linesPerColumn = Math.floor((PAGE_HEIGHT - 200) / lineHeight);
  for (const title of titles) {
    const days = (title.endYear - title.startYear + 1) * 365;
    let pagesLeft = Math.min(perTitle, opts.pages - made);
    const issues = Math.ceil(pagesLeft / 6);
    const step = Math.max(1, Math.floor(days / issues));
    let day = 0;
    while (pagesLeft > 0) {
      const date = new Date(Date.UTC(title.startYear, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
      day += step;
      const issuePages = Math.min(pagesLeft, 4 + Math.floor(rand() * 5));
      for (let seq = 1; seq <= issuePages; seq++) {
        const text: string[] = [];
        const json: string[] = [];
        let x = 100;
        let line = 0;
        let col = 0;
        while (text.length < opts.wordsPerPage) {
          let at = Math.floor(rand() * source.length);
          const run = 20 + Math.floor(rand() * 60);
          for (let k = 0; k < run && text.length < opts.wordsPerPage; k++, at = (at + 1) % source.length) {
            let w = source[at];
            if (rand() < 0.02) w = garble(w, rand);
            const width = 30 + w.length * 22;
            if (x + width > (col + 1) * colWidth - 20) {
              line++;
              x = col * colWidth + 100;
              if (line >= linesPerColumn) {
                line = 0;
                col = (col + 1) % 6;
                x = col * colWidth + 100;
              }
            }
            text.push(w);
            json.push(`[${jsonString(w)},${x},${200 + line * lineHeight},${width},40]`);
            x += width + 15;
          }
        }
        yield { lccn: title.lccn, date, sequence: seq, text: text.join(' '), wordsJson: `[${json.join(',')}]` };
      }
      pagesLeft -= issuePages;
      made += issuePages;
    }
  }
}

const NOISE = "abcdefghijklmnopqrstuvwxyz.,;'-1il";
function garble(w: string, rand: () => number): string {
  const i = Math.floor(rand() * (w.length + 1));
  return w.slice(0, i) + NOISE[Math.floor(rand() * NOISE.length)] + w.slice(i + 1);
}
