// The row syntax (contract/search/syntax.ts): what each form means, and a readable QueryError for what
// cannot be read. The same parser serves both server engines and the offline search.
import { describe, expect, it } from 'vitest';
import { parseRowText } from '../../contract/search/syntax';
import { QueryError, parseSearchParams } from '../../contract/search/query';
import { planText } from '../../contract/search/plan';

describe('row text to terms', () => {
  it('reads plain words, folded, with punctuation separating them', () => {
    expect(parseRowText('Über the (city)')).toEqual([
      { kind: 'word', token: 'uber' },
      { kind: 'word', token: 'the' },
      { kind: 'word', token: 'city' },
    ]);
  });

  it('reads quoted phrases, and phrase~N as within N words', () => {
    expect(parseRowText('"City Council" mayor')).toEqual([
      { kind: 'phrase', tokens: ['city', 'council'] },
      { kind: 'word', token: 'mayor' },
    ]);
    expect(parseRowText('"city council"~5', 'exact')).toEqual([{ kind: 'phrase', tokens: ['city', 'council'], within: 5 }]);
    expect(parseRowText('"fox"')).toEqual([{ kind: 'word', token: 'fox' }]);
  });

  it('reads an Exact row without quotes as one phrase, as before', () => {
    expect(parseRowText('quick brown', 'exact')).toEqual([{ kind: 'phrase', tokens: ['quick', 'brown'] }]);
    expect(parseRowText('quick', 'exact')).toEqual([{ kind: 'word', token: 'quick' }]);
    expect(parseRowText('wash*', 'exact')).toEqual([{ kind: 'pattern', pattern: 'wash*' }]);
  });

  it('reads truncation, one-letter wildcards and OCR-tolerant words', () => {
    expect(parseRowText('Wash* wom?n harvest~ senate~2')).toEqual([
      { kind: 'pattern', pattern: 'wash*' },
      { kind: 'pattern', pattern: 'wom?n' },
      { kind: 'fuzzy', token: 'harvest' },
      { kind: 'fuzzy', token: 'senate', distance: 2 },
    ]);
    expect(parseRowText('wash**')).toEqual([{ kind: 'pattern', pattern: 'wash*' }]);
  });

  it('keeps Lucene words it does not implement as plain words (no operator meaning)', () => {
    expect(parseRowText('fox OR NEAR(a b) ^x :col').map((t) => (t.kind === 'word' ? t.token : t.kind))).toEqual(['fox', 'or', 'near', 'a', 'b', 'x', 'col']);
  });

  it.each([
    ['"city council', /Unbalanced quotes/],
    ['*', /A lone \* matches nothing/],
    ['fox *', /A lone \*/],
    ['?', /A lone \?/],
    ['wa*', /at least 3 letters before a \*/],
    ['w?sh', /at least 2 letters before a \?/],
    ['"city council"~99', /N from 1 to 20/],
    ['"city council"~0', /N from 1 to 20/],
    ['"city council"~x', /N from 1 to 20/],
    ['~99', /A ~ must follow a word/],
    ['fox ~', /A ~ must follow a word/],
    ['senate~7', /write ~ alone/],
    ['wash*~', /cannot follow a word with \* or \?/],
    ['"wash* council"', /not inside quotes/],
    ['"council"~3', /two or three different words/],
    ['"a b c d"~3', /two or three different words/],
  ])('%s is a clear QueryError', (text, message) => {
    expect(() => parseRowText(text)).toThrow(QueryError);
    expect(() => parseRowText(text)).toThrow(message);
  });

  it('rejects bad syntax when the search address is read (the API answers 400 with the message)', () => {
    expect(() => parseSearchParams('k=%22city&ord=k1')).toThrow(/Unbalanced quotes/);
    expect(() => parseSearchParams('e=%22city%20council%22~99&ord=e1')).toThrow(/N from 1 to 20/);
    expect(parseSearchParams('e=%22city%20council%22~5&ord=e1').rows).toEqual([{ type: 'exact', text: '"city council"~5', op: 'and' }]);
  });
});

describe('terms to the plan', () => {
  const rows = (type: 'all' | 'exact' | 'any' | 'none', text: string) => [{ type, text, op: 'and' as const }];
  const expansion = (words: string[]) => new Map([['wash*', { words, matched: words.length, limited: false }]]);

  it('a pattern stands for the words the engine found: any of them', () => {
    expect(planText(rows('all', 'wash* city'), expansion(['washington', 'wash']))).toEqual({
      kind: 'groups',
      groups: [
        {
          must: [
            { kind: 'all', tokens: ['city'] },
            { kind: 'any', tokens: ['washington', 'wash'] },
          ],
          exclude: [],
        },
      ],
    });
  });

  it('a pattern no word fits makes an All row match nothing, and drops out of an Any row', () => {
    expect(planText(rows('all', 'wash* city'), expansion([]))).toEqual({ kind: 'nothing' });
    expect(planText(rows('any', 'wash* city'), expansion([]))).toEqual({
      kind: 'groups',
      groups: [{ must: [{ kind: 'any', tokens: ['city'] }], exclude: [] }],
    });
  });

  it('a None row excludes its words, patterns and phrases', () => {
    const plan = planText([...rows('all', 'fox'), { type: 'none', text: 'wash* "lazy dog" cat', op: 'and' }], expansion(['washed']));
    expect(plan).toEqual({
      kind: 'groups',
      groups: [
        {
          must: [{ kind: 'all', tokens: ['fox'] }],
          exclude: [
            { kind: 'any', tokens: ['washed', 'cat'] },
            { kind: 'phrase', tokens: ['lazy', 'dog'] },
          ],
        },
      ],
    });
  });

  it('within N words becomes a near clause; an Any row with a phrase an OR of clauses', () => {
    expect(planText(rows('exact', '"city council"~5'))).toEqual({
      kind: 'groups',
      groups: [{ must: [{ kind: 'near', tokens: ['city', 'council'], within: 5 }], exclude: [] }],
    });
    expect(planText(rows('any', 'fox "lazy dog"'))).toEqual({
      kind: 'groups',
      groups: [
        {
          must: [
            {
              kind: 'or',
              clauses: [
                { kind: 'any', tokens: ['fox'] },
                { kind: 'phrase', tokens: ['lazy', 'dog'] },
              ],
            },
          ],
          exclude: [],
        },
      ],
    });
  });
});

describe('fz and fzx in the address', () => {
  it('reads fz=1 and the set-aside variants, and writes them back in the canonical key', async () => {
    const { canonicalSearchKey } = await import('../../contract/search/key');
    const q = parseSearchParams('k=senate&ord=k1&fz=1&fzx=Sennte,scnate');
    expect(q.fuzzy).toBe(true);
    expect(q.fuzzyExclude).toEqual(['scnate', 'sennte']);
    expect(canonicalSearchKey(q)).toContain('fz=1');
    expect(canonicalSearchKey('k=senate&ord=k1&fz=1&fzx=sennte,scnate')).toBe(canonicalSearchKey('fzx=scnate,sennte&fz=1&k=senate&ord=k1'));
    expect(parseSearchParams('k=senate&ord=k1&fz=0').fuzzy).toBeUndefined();
    expect(() => parseSearchParams('k=senate&fz=yes')).toThrow(/'fz' must be 1/);
  });
});
