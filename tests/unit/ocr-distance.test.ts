// The confusion-aware distance behind word~ and fz=1: OCR's usual confusions cost less than other edits,
// and the budget grows with the word's length (1 for 4-7 letters, 2 for 8 or more).
import { describe, expect, it } from 'vitest';
import { CONFUSION_COST, confusionPrefixes, fuzzyBudget, fuzzyPrefixes, ocrDistance, ocrDistanceTo } from '../../contract/search/ocr-distance';
import { chooseFuzzy, likeliestSource, MAX_FUZZY } from '../../contract/search/expand';

describe('ocrDistance', () => {
  it('charges a confusion less than another edit', () => {
    expect(ocrDistance('senate', 'scnate')).toBe(CONFUSION_COST); // e read as c
    expect(ocrDistance('senate', 'sxnate')).toBe(1);
    expect(ocrDistance('number', 'numbek')).toBe(CONFUSION_COST); // r read as k (NUMBEK)
    expect(ocrDistance('modern', 'modem')).toBe(CONFUSION_COST); // rn read as m: two letters for one
    expect(ocrDistance('appropriations', 'appioprlatlons')).toBeCloseTo(3 * CONFUSION_COST); // r/i, i/l twice
    expect(ocrDistance('senate', 'senate')).toBe(0);
  });
  it('scores a stream of forms of any lengths with one word the same as one at a time (its table is reused)', () => {
    const forms = ['s', 'scnate', 'senators', 'se', 'sennte', 'representatives', 'senate', 'scnnto', 'é', 'sénat', 'senate1', 'ate'];
    const to = ocrDistanceTo('senate');
    for (const max of [Infinity, 1, 2.5]) for (const f of forms) expect(to(f, max), `${f} within ${max}`).toBe(ocrDistanceTo('senate')(f, max));
    expect(to('senate')).toBe(0);
    expect(to('scnate')).toBe(CONFUSION_COST);
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
    expect(fuzzyPrefixes('senate')).toEqual(expect.arrayContaining(['se', 'sc', 'so', '5en']));
    // A changed first letter reads three letters (the other two are the word's).
    expect(fuzzyPrefixes('modern')).toEqual(expect.arrayContaining(['mo', 'rno'])); // m read as rn
    expect(fuzzyPrefixes('house')).toContain('bou'); // h read as b
    expect(fuzzyPrefixes('house')).not.toContain('bo');
  });
  it('reads the ranges of a first letter changed, dropped or added, no range inside another', () => {
    const p = fuzzyPrefixes('james');
    expect(p).toEqual(expect.arrayContaining(['ja', 'dam', 'am', 'tja'])); // "dames", "ames", "tjames"
    expect(p.filter((x) => p.some((y) => y !== x && x.startsWith(y)))).toEqual([]);
    expect(confusionPrefixes('james')).not.toContain('dam');
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
  it('takes a form as a misreading only when the word is its likeliest source (bench/search-recall.ts)', () => {
    // A source scores ln(pages) - 1.25 x distance. "state" (100 pages, 0.8 from "store") is a word of its own:
    // ln 100 > ln 40 - 1.25 x 0.8. "stare" (20 pages) is 0.4 from both words, and "state" is the more frequent:
    // it is "state" misread. "stora" is 0.4 from "store" and 1.2 from "state": "store" misread.
    const rows = [
      { term: 'store', pages: 40 },
      { term: 'state', pages: 100 },
      { term: 'stora', pages: 3 },
      { term: 'stare', pages: 20 },
    ];
    expect(chooseFuzzy('store', 1, rows, ocrDistance).words).toEqual(['store', 'stora']);
    // A word the index does not hold at all: every close form may be how it was read.
    expect(chooseFuzzy('store', 1, rows.slice(1), ocrDistance).words).toEqual(['store', 'stare', 'stora', 'state']);
  });
  it('leaves a form to a more frequent word it is as close to (the noisy channel)', () => {
    // "sald" is one edit from both; "said" is on far more pages, so "sald" is read as its misreading, not "sale"'s.
    const rows = [
      { term: 'said', pages: 800 },
      { term: 'sale', pages: 300 },
      { term: 'sald', pages: 20 },
      { term: 'salc', pages: 4 }, // a confusion away from "sale" (e/c), two edits from "said"
    ];
    expect(chooseFuzzy('sale', 1, rows, ocrDistance).words).toEqual(['sale', 'salc']);
    expect(chooseFuzzy('said', 1, rows, ocrDistance).words).toEqual(['said', 'sald']);
    const rivals = rows.map((r) => ({ ...r, d: ocrDistance('sale', r.term), len: r.term.length })).sort((a, b) => b.pages - a.pages);
    expect(likeliestSource('sale', 300, 'sald', 20, 1, rivals)).toBe(false);
    expect(likeliestSource('sale', 300, 'salc', 4, 0.4, rivals)).toBe(true);
    // With the frequent rival gone, the same form is the word's.
    expect(chooseFuzzy('sale', 1, rows.slice(1), ocrDistance).words).toEqual(['sale', 'salc', 'sald']);
  });
});
