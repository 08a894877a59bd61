// The text plan and its FTS5 form: what the engine is asked, for each row type and combinator.
import { describe, expect, it } from 'vitest';
import { parseSearchParams, QueryError } from '../../contract/search/query';
import { highlightTerms, planText, MAX_TERMS } from '../../contract/search/plan';
import { planExpr } from '../../server/store/sqlite/fts5';
import { tokenize } from '../../contract/search/tokens';

const plan = (qs: string) => planText(parseSearchParams(qs).rows);
const expr = (qs: string) => {
  const p = plan(qs);
  return p.kind === 'groups' ? planExpr(p.groups) : p.kind;
};

describe('tokenize', () => {
  it('folds case and diacritics and splits on everything but letters and digits', () => {
    expect(tokenize('Über-Café, NAÏVE 1887!')).toEqual(['uber', 'cafe', 'naive', '1887']);
    expect(tokenize('"a" OR b* ^c NEAR(d) col:e')).toEqual(['a', 'or', 'b', 'c', 'near', 'd', 'col', 'e']);
    expect(tokenize('😀 🗞️ — ... ')).toEqual([]);
  });
});

describe('FTS5 expressions', () => {
  it('quotes every token so operators are words', () => {
    expect(expr('k=fox OR NOT dog&ord=k1')).toBe('("fox" AND "or" AND "not" AND "dog")');
  });
  it('exact rows are phrases, any rows ORs, none rows NOT', () => {
    expect(expr('e=quick brown&ord=e1')).toBe('"quick brown"');
    expect(expr('o=a b&ord=o1')).toBe('("a" OR "b")');
    expect(expr('k=a&n=b c&ord=k1,n1')).toBe('("a") NOT ("b" OR "c")');
  });
  it('AND groups joined by OR', () => {
    expect(expr('k=a,b,c&ord=k1,k2_k3')).toBe('("a" AND "b") OR ("c")');
  });
  it('a group that only excludes cannot be one MATCH', () => {
    expect(expr('n=a&ord=n1')).toBeNull();
  });
  it('rows without words match nothing; None rows without words exclude nothing', () => {
    expect(plan('k=😀&ord=k1')).toEqual({ kind: 'nothing' });
    expect(expr('k=😀,fox&ord=k1_k2')).toBe('"fox"');
    expect(expr('k=fox&n=!!!&ord=k1,n1')).toBe('"fox"');
  });
  it(`more than ${MAX_TERMS} words is a QueryError`, () => {
    const many = Array.from({ length: MAX_TERMS + 1 }, (_, i) => `w${i}`).join(' ');
    expect(() => plan(`k=${many}&ord=k1`)).toThrow(QueryError);
  });
});

describe('highlight terms', () => {
  it('words from All and Any rows, phrases from Exact rows, nothing from None rows', () => {
    expect(highlightTerms(plan('k=a b&e=c d&o=e&n=f&ord=k1,e1,o1,n1'))).toEqual({ words: ['a', 'b', 'e'], phrases: [['c', 'd']] });
  });
});
