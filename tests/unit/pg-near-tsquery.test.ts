// A proximity group's PostgreSQL tsquery requires each of its words before the spacings, so the text index
// reads only the pages holding all of them (an OR of spacings alone makes every page holding either word a
// candidate whose positions are checked). The pages matched are the same: tests/server/search-syntax-engines.test.ts.
import { describe, expect, it } from 'vitest';
import { clauseTsquery } from '../../server/store/postgres/tsquery';

describe('PostgreSQL proximity tsquery', () => {
  it('requires every word of the group beside its spacings', () => {
    expect(clauseTsquery({ kind: 'near', tokens: ['capital', 'from'], within: 2 })).toBe(
      "('capital' & 'from' & (('capital' <1> 'from') | ('capital' <2> 'from') | ('from' <1> 'capital') | ('from' <2> 'capital')))",
    );
  });
});
