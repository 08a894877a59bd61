// Snippets and boxes come from page_words JSON read by a scanner that parses only the numbers it needs
// (contract/search/words.ts scanWords). It must give exactly what parsing the whole JSON gives: the same
// pages are highlighted both ways (a leading space makes the scanner step aside) and compared.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../support/seeded-random';
import { highlightPage, scanWords } from '../../contract/search/words';
import { planText, highlightTerms } from '../../contract/search/plan';
import { parseSearchParams } from '../../contract/search/query';

const VOCAB = [
  'the',
  'council',
  'met',
  'Council',
  'city',
  'fête',
  'Über',
  'naïve',
  'I—NO.',
  'tele-',
  'gram',
  'Telegram',
  'a]b',
  '[x',
  'say "hi"',
  'back\\slash',
  '12,',
  'mayor',
  'MAYOR',
  '—',
  'election',
  'returns',
];

/** A page of words laid out in lines, with both hyphenation conventions and some 6th-element boxes. */
function page(seed: number): unknown[] {
  const r = seededRandom(seed);
  // Odd pages without the words JSON escapes (quote, backslash): those take the scanner's path.
  const vocab = seed % 2 ? VOCAB.filter((w) => !/["\\]/.test(w)) : VOCAB;
  const out: unknown[] = [];
  let x = 0;
  let y = 0;
  for (let i = 0; i < 300; i++) {
    const text = vocab[Math.floor(r() * vocab.length)];
    const w = Math.round(20 + r() * 80);
    const entry: unknown[] = [text, x, y, w, 20 + Math.floor(r() * 10)];
    if (r() < 0.05) entry.push([0, y + 30, 40 + Math.round(r() * 10) / 10, 20]);
    out.push(entry);
    x += w + 10;
    if (x > 900 || r() < 0.05) {
      x = 0;
      y += 30;
    }
  }
  return out;
}

const QUERIES = [
  'k=council&ord=k1',
  'k=fete uber&ord=k1',
  'e=city council&ord=e1',
  'e=telegram&ord=e1',
  'o=mayor election&ord=o1',
  'k=hi&ord=k1',
  'k=slash&ord=k1',
  'e=election returns&ord=e1',
  'k=no&ord=k1',
];

describe('page_words scanner', () => {
  it('reads what ingest writes (JSON.stringify, no escapes) and steps aside for anything else', () => {
    expect(
      scanWords(
        JSON.stringify([
          ['a', 1, 2, 3, 4],
          ['b]', 5, 6, 7, 8, [1, 2, 3, 4]],
        ]),
      )?.count,
    ).toBe(2);
    expect(scanWords('[]')?.count).toBe(0);
    expect(scanWords(JSON.stringify([['say "hi"', 1, 2, 3, 4]]))).toBeNull();
    expect(scanWords(' [["a",1,2,3,4]]')).toBeNull();
    expect(scanWords('[["a",1,2,3,4]] x')).toBeNull();
    expect(scanWords('{"a":1}')).toBeNull();
  });

  it('gives the same snippets and boxes as parsing the whole JSON', () => {
    let scanned = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const json = JSON.stringify(page(seed));
      if (scanWords(json)) scanned++;
      for (const qs of QUERIES) {
        const terms = highlightTerms(planText(parseSearchParams(qs).rows));
        const fast = highlightPage(json, '', terms);
        const parsed = highlightPage(` ${json}`, '', terms);
        expect(fast, `${seed} ${qs}`).toEqual(parsed);
      }
    }
    expect(scanned).toBe(20); // pages without an escaped character went through the scanner
  });

  it('a word whose numbers are broken has no box, and the page still highlights', () => {
    const terms = highlightTerms(planText(parseSearchParams('k=council&ord=k1').rows));
    const r = highlightPage('[["the",1,2,3,4],["council",x,2,3,4]]', 'the council', terms);
    expect(r.snippet).toBe('the <mark>council</mark>');
    expect(r.boxes).toEqual([]);
  });
});
