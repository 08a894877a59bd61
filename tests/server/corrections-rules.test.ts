// The pure rules behind visitor corrections (issue #23): how lines are found, how a line's box is divided
// among corrected words, what text is kept or refused, and which ALTO String gets which word.
import { describe, expect, it } from 'vitest';
import { divideLine, pageLines } from '../../server/services/corrections/lines';
import { cleanDisplayName, cleanLineText, refusal, similarity } from '../../server/services/corrections/clean';
import { spread } from '../../server/services/corrections/alto-corrected';
import { WindowLimiter } from '../../server/services/corrections/limiter';
import type { WordBox } from '../../server/store/types';

const words: WordBox[] = [
  ['OLD', 10, 10, 40, 20],
  ['NEWS', 60, 10, 50, 20],
  ['second', 10, 40, 70, 20],
  ['line', 90, 40, 40, 20],
];

describe('lines', () => {
  it('follows the OCR text lines and skips the blank lines between blocks', () => {
    expect(pageLines(words, 'OLD NEWS\n\nsecond line')).toEqual([
      { id: 'L1', text: 'OLD NEWS', box: [10, 10, 100, 20], words: [0, 1] },
      { id: 'L2', text: 'second line', box: [10, 40, 120, 20], words: [2, 3] },
    ]);
  });

  it('groups by the boxes when the text does not follow the words (same ids, same lines)', () => {
    expect(pageLines(words, 'something else entirely').map((l) => [l.id, l.text, l.words])).toEqual([
      ['L1', 'OLD NEWS', [0, 1]],
      ['L2', 'second line', [2, 3]],
    ]);
    expect(pageLines([], 'text without words')).toEqual([]);
  });

  it('divides a line’s box among its words by length, spaces included', () => {
    expect(divideLine('ab cd', [0, 5, 50, 10])).toEqual([
      ['ab', 0, 5, 20, 10],
      ['cd', 30, 5, 20, 10],
    ]);
    expect(divideLine('   ', [0, 0, 10, 10])).toEqual([]);
  });
});

describe('text', () => {
  it('keeps plain text only', () => {
    expect(cleanLineText('a<b onclick="x">b</b>\u0000c\u200e\td\r\ne')).toBe('a b c d e');
    expect(cleanLineText('1 < 2 and 3 > 2')).toBe('1 < 2 and 3 > 2');
    expect(cleanDisplayName('  ')).toBeNull();
    expect(cleanDisplayName('x'.repeat(100))).toHaveLength(60);
  });

  it('refuses links and text unlike the line, and takes real corrections', () => {
    expect(refusal('the Mayor spoke', 'tbe Mavor spoke')).toBeNull();
    expect(refusal('THE', 'tbe')).toBeNull(); // short lines are never judged by similarity
    expect(refusal('see example.com', 'see exarnple corn')).toMatch(/Links/);
    expect(refusal('mail me@spam.example', 'mail me')).toMatch(/Links/);
    expect(refusal('zzzz qqqq xxxx '.repeat(10), 'The council met on Tuesday')).toMatch(/too different/);
    // Unlike but of similar length: OCR can be that bad, so it is allowed.
    expect(refusal('The council met on Tuesday', 'Tlie eouucil rnet ou Tucsday')).toBeNull();
    expect(similarity('abc', 'abc')).toBe(1);
    expect(similarity('abc', 'xyz')).toBe(0);
  });
});

describe('ALTO words', () => {
  it('gives each String one word, the last String the last word, surplus to the one before', () => {
    expect(spread(['a', 'b', 'c'], 3)).toEqual(['a', 'b', 'c']);
    expect(spread(['a', 'b', 'c', 'd'], 3)).toEqual(['a', 'b c', 'd']);
    expect(spread(['a', 'b'], 3)).toEqual(['a', '', 'b']);
    expect(spread(['a', 'b'], 1)).toEqual(['a b']);
  });
});

describe('rate limits', () => {
  it('counts per key in fixed windows and says how long to wait', () => {
    const l = new WindowLimiter(60_000);
    expect([l.hit('a', 2, 0), l.hit('a', 2, 1000), l.hit('a', 2, 2000)]).toEqual([0, 0, 58]);
    expect(l.hit('b', 2, 2000)).toBe(0);
    expect(l.hit('a', 2, 60_000)).toBe(0);
  });
});
