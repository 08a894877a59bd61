// An export reads the matching words and the snippet of every matching page (issue #37), from the plain OCR
// text by a path that finds words as offsets and tokenises only the words holding a query word's letters
// (contract/search/words.ts pageMatches). It must give exactly what splitting the page into words and
// matching each (textWords, matchWords, buildSnippet: the search's own way) gives: random pages of awkward
// words (case, accents, punctuation, Unicode spaces, letters whose lower case is longer) are read both ways.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../support/seeded-random';
import { buildSnippet, matchWords, textWords } from '../../contract/search/words';
import { pageMatches } from '../../contract/search/page-matches';
import { splitWordCore } from '../../contract/search/word-core';
import type { HighlightTerms } from '../../contract/search/plan';

/** The general way, as the export read pages before: every word split out and matched. */
function reference(text: string, terms: HighlightTerms) {
  const nothing = !terms.words.length && !terms.phrases.length && !terms.near?.length;
  const words = textWords(nothing ? text.slice(0, 4000) : text);
  const hits = matchWords(words, terms);
  const matches = new Set<string>();
  for (const i of [...hits].sort((a, b) => a - b)) matches.add(splitWordCore(words[i].text)[1]);
  const snippet = buildSnippet(words, hits)
    .replace(/<\/?mark>/g, '')
    .replace(/&(lt|gt|quot|#39|amp);/g, (_m, e: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' })[e]!);
  return { matches: [...matches], snippet };
}

const VOCAB = [
  'the',
  'council',
  'Council,',
  'COUNCIL.',
  'councils',
  'met',
  'city',
  'fête',
  'Fête',
  'naïve',
  'I—NO.',
  'tele-',
  'gram',
  'city-council',
  '(council)',
  'x&y',
  '<mark>',
  '&amp;',
  'a"b',
  "it's",
  'mayor',
  'MAYOR',
  '—',
  'election',
  'returns',
  'İstanbul',
  'ﬁre',
  'say',
  'says',
  'essays',
  '12',
  '1860',
  'Counc1l',
  'cOuNcIl',
];
const SPACES = [' ', ' ', ' ', '  ', '\n', '\t', '\u00a0', '\u2003', '\r\n', ' \u3000 '];

const TERMS: HighlightTerms[] = [
  { words: ['council'], phrases: [] },
  { words: ['says'], phrases: [] },
  { words: ['fete'], phrases: [] },
  { words: ['naive', 'mayor'], phrases: [] },
  { words: [], phrases: [['city', 'council']] },
  {
    words: ['election'],
    phrases: [
      ['the', 'council'],
      ['mayor', 'met', 'the'],
    ],
  },
  { words: ['istanbul', 'fire', '12'], phrases: [] },
  { words: [], phrases: [] },
  { words: ['council'], phrases: [], near: [{ tokens: ['mayor', 'council'], within: 3 }] },
  { words: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'council'], phrases: [] },
];

describe('pageMatches on plain text', () => {
  it('gives the matches and the snippet that splitting the page into words gives', () => {
    const rand = seededRandom(37);
    for (let page = 0; page < 600; page++) {
      const n = Math.floor(rand() * (page % 5 === 0 ? 12 : 400));
      let text = rand() < 0.2 ? SPACES[Math.floor(rand() * SPACES.length)] : '';
      for (let i = 0; i < n; i++) text += VOCAB[Math.floor(rand() * VOCAB.length)] + SPACES[Math.floor(rand() * SPACES.length)];
      if (rand() < 0.5) text = text.trimEnd();
      for (const terms of TERMS) expect(pageMatches(null, text, terms), JSON.stringify({ text, terms })).toEqual(reference(text, terms));
    }
  });

  it('finds every occurrence of a word, not words that only contain its letters, and centres the snippet on the most matches', () => {
    const filler = Array.from({ length: 60 }, (_, i) => `w${i}`).join(' ');
    const text = `Essays ${filler} the COUNCIL, met; council-men and the Council. ${filler}`;
    const got = pageMatches(null, text, { words: ['council'], phrases: [] });
    expect(got.matches).toEqual(['COUNCIL', 'council-men', 'Council']); // 'council-men' holds the token 'council'
    expect(got.snippet.startsWith('… ')).toBe(true);
    expect(got.snippet).toContain('the COUNCIL, met; council-men and the Council.');
    expect(got).toEqual(reference(text, { words: ['council'], phrases: [] }));
  });
});
