// The OCR's confusions learned from an archive's own vocabulary (contract/search/confusions.ts), the distance
// with a learned table, and a word's readings split in two (contract/search/expand.ts, plan.ts).
import { describe, expect, it } from 'vitest';
import { confusionTable, learnConfusions } from '../../contract/search/confusions';
import { LISTED_CONFUSIONS, fuzzyPrefixes, ocrDistance, type Confusion } from '../../contract/search/ocr-distance';
import { chooseFuzzy, splitHalves, splitPieces, splitWords, type VocabularyWord } from '../../contract/search/expand';
import { planText } from '../../contract/search/plan';
import { parseSearchParams } from '../../contract/search/query';

/** A vocabulary as an archive read by an OCR engine that reads s as x and drops a final e now and then: frequent
 *  words, each misread on a page or two, and rare words that are only rare. */
function vocabulary(): VocabularyWord[] {
  const words = ['senate', 'session', 'house', 'business', 'estate', 'states', 'lesson', 'rose', 'sister', 'sale', 'passage', 'masters'];
  const rows: VocabularyWord[] = words.map((term, i) => ({ term, pages: 200 + i }));
  for (const w of words) {
    // Every s read as x once (one misreading per position), on a page each.
    [...w].forEach((ch, i) => ch === 's' && rows.push({ term: w.slice(0, i) + 'x' + w.slice(i + 1), pages: 1 }));
    if (w.endsWith('e')) rows.push({ term: w.slice(0, -1), pages: 2 });
  }
  // Enough misreadings of other words for the archive to be worth learning from.
  for (let i = 0; i < 400; i++) {
    const w = `word${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`;
    rows.push({ term: w, pages: 50 });
    rows.push({ term: w.replace('o', 'c'), pages: 1 });
  }
  return rows;
}

const price = (table: ReadonlyArray<Confusion>, from: string, to: string) => table.find(([x, y]) => x === from && y === to)?.[2];

describe('learnConfusions', () => {
  it('learns the confusions the archive shows, cheaper the more often they are seen', () => {
    const learned = learnConfusions(vocabulary())!;
    expect(learned.evidence).toBeGreaterThan(300);
    const table = learned.confusions;
    expect(price(table, 'o', 'c')).toBeLessThan(0.5); // seen 400 times
    expect(price(table, 's', 'x')).toBeLessThan(1); // not in the listed table at all
    expect(price(LISTED_CONFUSIONS, 's', 'x')).toBeUndefined();
    expect(price(table, 'o', 'c')!).toBeLessThanOrEqual(price(table, 's', 'x')!);
    expect(price(table, 'q', 'z')).toBeUndefined(); // never seen: a plain edit
    // Two letters for one cannot be seen letter by letter: the listed ones stay.
    expect(price(table, 'rn', 'm')).toBeDefined();
    // And the search's distance follows: "xenate" is now a likely misreading of senate, as the archive shows.
    expect(ocrDistance('senate', 'xenate')).toBe(1);
    expect(ocrDistance('senate', 'xenate', Infinity, table)).toBeLessThan(1);
  });

  it('is the same table whatever order the vocabulary comes in (both engines learn the same)', () => {
    const rows = vocabulary();
    const a = learnConfusions(rows);
    const b = learnConfusions([...rows].reverse());
    expect(b).toEqual(a);
  });

  it('does not count a rare form that is a word as a misreading', () => {
    const rows = vocabulary();
    const all = learnConfusions(rows)!;
    const dictionary = new Set(rows.filter((r) => /x/.test(r.term)).map((r) => r.term));
    const withWords = learnConfusions(rows, { isWord: (t) => dictionary.has(t) })!;
    expect(price(all.confusions, 's', 'x')).toBeDefined();
    expect(price(withWords.confusions, 's', 'x')).toBeUndefined();
  });

  it('learns nothing from an archive with too few misreadings: the listed table serves', () => {
    const small = [
      { term: 'senate', pages: 40 },
      { term: 'scnate', pages: 1 },
    ];
    expect(learnConfusions(small)).toBeNull();
    expect(confusionTable(null)).toBe(LISTED_CONFUSIONS);
    expect(confusionTable({ confusions: [] })).toBe(LISTED_CONFUSIONS);
    const learned = learnConfusions(vocabulary())!;
    expect(confusionTable(learned)).toBe(learned.confusions);
  });

  it('reads the ranges a learned confusion at the start could move the word to', () => {
    const table = learnConfusions(vocabulary())!.confusions;
    // s read as x in the second letter: the range of "ax" for astern, which the listed table does not read.
    expect(fuzzyPrefixes('astern', table)).toContain('ax');
    expect(fuzzyPrefixes('astern')).not.toContain('ax');
  });
});

describe('a word read as two', () => {
  it('names the pieces and halves to look up', () => {
    expect(splitPieces('estate')).toEqual([]); // under 7 letters
    expect(splitPieces('finance')).toEqual(['ance', 'fina', 'finan', 'nance']);
    expect(splitPieces('abundant')).toEqual(['abun', 'abund', 'abunda', 'dant', 'ndant', 'undant']);
    expect(splitHalves('abundant')).toContainEqual(['abun', 'dant']);
    expect(splitHalves('sale')).toEqual([['sa', 'le']]);
    expect(splitWords('abundant')).toEqual(expect.arrayContaining(['abun', 'dant', 'ab', 'undant']));
  });

  it('searches a rare piece alone and both halves side by side, never a piece that is a word of its own', () => {
    const rows = [{ term: 'abundant', pages: 300 }];
    const split = [
      { term: 'abun', pages: 2 },
      { term: 'dant', pages: 1 },
      { term: 'undant', pages: 1 },
      { term: 'abund', pages: 150 }, // on half as many pages as the word: a word of its own
    ];
    const e = chooseFuzzy('abundant', 2, rows, () => Infinity, { split });
    expect(e.words).toEqual(expect.arrayContaining(['abundant', 'abun', 'dant', 'undant', 'abun dant']));
    expect(e.words).not.toContain('abund');
    expect(e.words).not.toContain('ab undant'); // "ab" is not in the index
    // Without a budget (word~0) no split reading is searched.
    expect(chooseFuzzy('abundant', 0, rows, () => Infinity, { split }).words).toEqual(['abundant']);
  });

  it('plans a split reading as a phrase beside the word forms, and a visitor can set it aside', () => {
    const q = parseSearchParams('k=abundant crops&fz=1&fzx=abun daut,cr0ps');
    expect(q.fuzzyExclude).toEqual(['abun daut', 'cr0ps']);
    const expansions = new Map([
      ['abundant~', { words: ['abundant', 'abun', 'abun dant'], matched: 2, limited: false }],
      ['crops~', { words: ['crops'], matched: 0, limited: false }],
    ]);
    const plan = planText(q.rows, expansions, true);
    expect(plan).toEqual({
      kind: 'groups',
      groups: [
        {
          must: [
            {
              kind: 'or',
              clauses: [
                { kind: 'any', tokens: ['abundant', 'abun'] },
                { kind: 'phrase', tokens: ['abun', 'dant'] },
              ],
            },
            { kind: 'any', tokens: ['crops'] },
          ],
          exclude: [],
        },
      ],
    });
  });
});
