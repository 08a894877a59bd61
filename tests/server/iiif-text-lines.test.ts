// Grouping OCR words into the lines of the IIIF text annotations: punctuation and a slightly skewed
// line stay together; a return to the left or a jump to another column starts a new line.
import { describe, expect, it } from 'vitest';
import { groupLines } from '../../server/presentation/text-annotations';
import type { WordBox } from '../../server/store/types';

describe('groupLines', () => {
  it('keeps small punctuation and a skewed line together, and breaks at a new line and a new column', () => {
    const words: WordBox[] = [
      ['THURSDAY', 100, 100, 200, 40],
      [',', 305, 130, 8, 10], // a comma: small, low in the line
      ['MORNING', 320, 104, 180, 40], // the scan drifts down a little
      ['MARCH', 510, 110, 150, 40],
      ['Next', 100, 160, 90, 40], // back to the left: a new line
      ['line', 200, 161, 70, 40],
      ['Column', 900, 100, 150, 40], // same height, but far right after a lower line: still a new line
    ];
    expect(groupLines(words).map((l) => [l.text, l.box])).toEqual([
      ['THURSDAY , MORNING MARCH', [100, 100, 560, 50]],
      ['Next line', [100, 160, 170, 41]],
      ['Column', [900, 100, 150, 40]],
    ]);
  });

  it('skips empty words and words without a usable box', () => {
    expect(
      groupLines([
        ['', 0, 0, 1, 1],
        ['ok', 0, 0, 10, 10],
        ['bad', Number.NaN, 0, 1, 1],
      ]).map((l) => l.text),
    ).toEqual(['ok']);
  });
});
