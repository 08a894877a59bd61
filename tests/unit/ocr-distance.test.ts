// The confusion-aware distance behind word~ and fz=1: OCR's usual confusions cost less than other edits,
// and the budget grows with the word's length (1 for 4-7 letters, 2 for 8 or more).
import { describe, expect, it } from 'vitest';
import { CONFUSION_COST, fuzzyBudget, fuzzyPrefixes, ocrDistance } from '../../contract/search/ocr-distance';
import { chooseFuzzy, MAX_FUZZY, MISREADING_RATIO } from '../../contract/search/expand';

describe('ocrDistance', () => {
  it('charges a confusion less than another edit', () => {
    expect(ocrDistance('senate', 'scnate')).toBe(CONFUSION_COST); // e read as c
    expect(ocrDistance('senate', 'sxnate')).toBe(1);
    expect(ocrDistance('number', 'numbek')).toBe(CONFUSION_COST); // r read as k (NUMBEK)
    expect(ocrDistance('modern', 'modem')).toBe(CONFUSION_COST); // rn read as m: two letters for one
    expect(ocrDistance('appropriations', 'appioprlatlons')).toBeCloseTo(3 * CONFUSION_COST); // r/i, i/l twice
    expect(ocrDistance('senate', 'senate')).toBe(0);
  });
  it('stops early past the budget', () => {
    expect(ocrDistance('senate', 'telegram', 1)).toBe(Infinity);
    expect(ocrDistance('senate', 'scnnto', 1)).toBe(Infinity); // 1.8: two confusions and a plain edit
  });
});

describe('budget and candidates', () => {
  it('gives 0 below 4 letters, 1 for 4-7, 2 for 8 or more, or what word~N says', () => {
    expect(['the', 'fort', 'senates', 'railroad'].map((w) => fuzzyBudget(w))).toEqual([0, 1, 1, 2]);
    expect(fuzzyBudget('the', 2)).toBe(2);
  });
  it('reads the ranges a confusion at the start could move the word to', () => {
    expect(fuzzyPrefixes('senate')).toEqual(expect.arrayContaining(['se', 'sc', 'so', '5e']));
    expect(fuzzyPrefixes('modern')).toEqual(expect.arrayContaining(['mo', 'rn'])); // m read as rn
    expect(fuzzyPrefixes('house')).toContain('bo'); // h read as b
  });
  it('chooses the closest, then most frequent forms; keeps the typed word', () => {
    const rows = [
      { term: 'sennte', pages: 5 },
      { term: 'scnate', pages: 2 },
      { term: 'senator', pages: 40 },
      { term: 'zzz', pages: 99 },
    ];
    const e = chooseFuzzy('senate', 1, rows, ocrDistance);
    expect(e.words).toEqual(['senate', 'scnate', 'sennte']);
    const many = Array.from({ length: MAX_FUZZY + 5 }, (_, i) => ({ term: `senat${String.fromCharCode(97 + (i % 26))}${i}`.slice(0, 7), pages: i }));
    expect(chooseFuzzy('senate', 2, many, ocrDistance).words.length).toBeLessThanOrEqual(MAX_FUZZY + 1);
  });
  it('takes a form as a misreading only when it is much rarer than the word (bench/search-recall.ts)', () => {
    // "state" is a word of its own, however close to "store"; "stora" is the misreading.
    const rows = [
      { term: 'store', pages: 40 },
      { term: 'state', pages: 900 },
      { term: 'stora', pages: 3 },
      { term: 'stare', pages: 40 / MISREADING_RATIO + 1 },
    ];
    expect(chooseFuzzy('store', 1, rows, ocrDistance).words).toEqual(['store', 'stora']);
    // A word the index does not hold at all: every close form may be how it was read.
    expect(chooseFuzzy('store', 1, rows.slice(1), ocrDistance).words).toEqual(['store', 'stare', 'stora', 'state']);
  });
});
