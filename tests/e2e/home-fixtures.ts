// Test data for the home screen's browser tests: real newspaper titles from the US Newspaper Directory
// (../shared/corpus/catalog), shaped as the getDetail title list (spec 3.7).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TitleItem } from '../../contract/api';

const CATALOG = resolve(process.cwd(), '../shared/corpus/catalog/us-newspaper-directory.tsv');

const cleanTitle = (t: string) => t.replace(/\s*[=:/;,.]\s*$/, '').trim();
const year = (y: string, fallback: string) => (/^\d{4}$/.test(y) ? y : /^\d{3}u$/.test(y) ? y.slice(0, 3) + '0' : fallback);

/** The first `limit` catalog titles, sorted by name as the server lists them. */
export function catalogTitles(limit = Infinity): TitleItem[] {
  const lines = readFileSync(CATALOG, 'utf8').split('\n').slice(1);
  const out: TitleItem[] = [];
  for (const line of lines) {
    if (out.length >= limit) break;
    const cols = line.split('\t');
    if (cols.length < 8 || !cols[1]) continue;
    const start = year(cols[6], '1800');
    const end = year(cols[7], start);
    out.push({ TitleId: out.length + 1, title: cleanTitle(cols[1]), YearRange: `${start}-${end}`, count: ((out.length * 7919) % 900) + 1, ThumbImagePath: '' });
  }
  return out.sort((a, b) => a.title.localeCompare(b.title, 'en-US', { sensitivity: 'base' }));
}
