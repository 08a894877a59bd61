// Issue #34.1: a pattern (wash*, wom?n) is tested against every vocabulary word of its range. A regular
// expression built from it backtracked exponentially on runs of * and ?: `abc` + `*?` x 16 + `z` against one
// 30-letter word froze the viewer's page search (main thread) and a search worker for seconds. The matcher now
// runs in time linear in the word per star; the parser collapses wildcard runs and caps them per word.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { globMatch, vocabularyPattern } from '../../../contract/search/expand';
import { MAX_FUZZY_LETTERS, MAX_WILDCARDS, collapseWildcards, parseRowText } from '../../../contract/search/syntax';
import { rowTerms } from '../../../contract/search/plan';
import { QueryError } from '../../../contract/search/query';

/** What a pattern means, spelt the slow way (only on short words here): the old expression. */
const reference = (pattern: string, word: string) =>
  new RegExp(`^${[...pattern].map((ch) => (ch === '*' ? '.*' : ch === '?' ? '.' : ch)).join('')}$`, 'u').test(word);

/** A vocabulary of 30- to 40-letter words, as a visitor's correction can add one. */
const LONG_WORDS = Array.from({ length: 200 }, (_, i) => {
  const n = 30 + (i % 11);
  return Array.from({ length: n }, (_, j) => String.fromCharCode(97 + ((i * 7 + j * 3) % 25))).join(''); // no z
});

const timed = (f: () => void) => {
  const t = performance.now();
  f();
  return performance.now() - t;
};

describe('pattern matching (issue #34.1)', () => {
  it('matches exactly what the wildcards mean', () => {
    const letters = fc.constantFrom('a', 'b', 'é', '7', '𝔞');
    fc.assert(
      fc.property(fc.array(fc.oneof(letters, fc.constantFrom('*', '?')), { maxLength: 8 }), fc.array(letters, { maxLength: 9 }), (p, w) => {
        const pattern = p.join('');
        const word = w.join('');
        expect(vocabularyPattern(pattern).test(word)).toBe(reference(pattern, word));
        expect(globMatch([...collapseWildcards(pattern)], [...word])).toBe(reference(pattern, word));
      }),
      { numRuns: 3000 },
    );
    expect(vocabularyPattern('wom?n').test('women')).toBe(true);
    expect(vocabularyPattern('wash*').test('washington')).toBe(true);
    expect(vocabularyPattern('wash*').test('wash')).toBe(true);
    expect(vocabularyPattern('wom?n').test('woman s')).toBe(false);
  });

  it('collapses runs of wildcards that hold a * into their ?s and one *', () => {
    expect(collapseWildcards('abc*?*?*?z')).toBe('abc???*z');
    expect(collapseWildcards('wash**')).toBe('wash*');
    expect(collapseWildcards('wom?n')).toBe('wom?n');
    expect(collapseWildcards('ab??c*d*')).toBe('ab??c*d*');
    expect(vocabularyPattern('abc*?*?z').like).toBe('abc__%z');
  });

  it('tests the adversarial patterns against 30-40-letter words in milliseconds', () => {
    const patterns = [
      `abc${'*?'.repeat(16)}z`,
      `${LONG_WORDS[0].slice(0, 3)}${'*?'.repeat(20)}z`,
      `${LONG_WORDS[0].slice(0, 3)}${'?*'.repeat(30)}z`,
      `${LONG_WORDS[0].slice(0, 3)}${'*a'.repeat(15)}z`,
      `${LONG_WORDS[0].slice(0, 3)}*${'?'.repeat(25)}*z`,
    ];
    for (const pattern of patterns) {
      const p = vocabularyPattern(pattern);
      const ms = timed(() => {
        for (const w of LONG_WORDS) expect(p.test(w)).toBe(false);
      });
      // The regular expression took 4.4 s on one word with 16 pairs; 200 words each must now take well under one.
      expect(ms, pattern).toBeLessThan(100);
    }
  });

  it(`refuses more than ${MAX_WILDCARDS} wildcards in one word with a clear 400, after collapsing runs`, () => {
    expect(() => parseRowText(`abc${'*?'.repeat(16)}z`)).toThrow(QueryError);
    expect(() => parseRowText(`abc${'*?'.repeat(16)}z`)).toThrow(/at most 10 \* or \? in one word/);
    expect(() => parseRowText(`ab${'?'.repeat(MAX_WILDCARDS + 1)}`)).toThrow(QueryError);
    expect(parseRowText(`abc${'*'.repeat(40)}`)).toEqual([{ kind: 'pattern', pattern: 'abc*' }]);
    expect(parseRowText(`ab${'?'.repeat(MAX_WILDCARDS)}`)).toEqual([{ kind: 'pattern', pattern: `ab${'?'.repeat(MAX_WILDCARDS)}` }]);
    expect(parseRowText('abc*?*?z')).toEqual([{ kind: 'pattern', pattern: 'abc??*z' }]);
  });
});

describe('OCR-tolerant words (issue #34.1)', () => {
  it(`looks up misreadings for words of at most ${MAX_FUZZY_LETTERS} letters: a longer word~ is a 400, with fz=1 it is searched as typed`, () => {
    const longest = 'a'.repeat(MAX_FUZZY_LETTERS);
    expect(parseRowText(`${longest}~2`)).toEqual([{ kind: 'fuzzy', token: longest, distance: 2 }]);
    expect(() => parseRowText(`${longest}a~`)).toThrow(QueryError);
    expect(() => parseRowText(`${longest}a~1`)).toThrow(/likely misreadings are looked up for words of at most 24 letters; search it without the ~/);
    expect(rowTerms({ type: 'all', text: `senate ${longest}a`, op: 'and' }, true)).toEqual([
      { kind: 'fuzzy', token: 'senate' },
      { kind: 'word', token: `${longest}a` },
    ]);
  });
});
