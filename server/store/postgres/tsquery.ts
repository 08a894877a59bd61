// Compiles a text plan into a PostgreSQL tsquery string (for to_tsquery('simple', ...)). Tokens are letters
// and digits only (contract/search/tokens.ts) and are single-quoted, so nothing a person types becomes tsquery syntax.
import type { Clause, TextGroup } from '../../../contract/search/plan';

const lexeme = (t: string) => `'${t.replace(/'/g, "''")}'`;

/**
 * Two words within n words of each other, in any order: one of them n or fewer positions after the
 * other (tsquery's <k> is "exactly k after"). Longer proximity groups are every order of the words, each
 * with every spacing that keeps the span within n: exact, and small for the 2-4 words people write.
 */
function nearTsquery(tokens: string[], within: number): string {
  const alternatives: string[] = [];
  const permute = (rest: string[], chosen: string[]) => {
    if (!rest.length) return spacings(chosen, within);
    rest.forEach((t, i) => permute([...rest.slice(0, i), ...rest.slice(i + 1)], [...chosen, t]));
  };
  const spacings = (order: string[], budget: number, at = 1, expr = lexeme(order[0])) => {
    if (at === order.length) return void alternatives.push(expr);
    for (let gap = 1; gap <= budget - (order.length - 1 - at); gap++) spacings(order, budget - gap, at + 1, `${expr} <${gap}> ${lexeme(order[at])}`);
  };
  const words = [...new Set(tokens)];
  permute(words, []);
  const near = `(${[...new Set(alternatives)].map((a) => `(${a})`).join(' | ')})`;
  // The same pages with every word required first: the index then reads only the pages holding all the words
  // (an OR of spacings alone lets it take every page holding either word as a candidate and check positions
  // on each: every page for a common word).
  return words.length > 1 ? `(${words.map(lexeme).join(' & ')} & ${near})` : near;
}

export function clauseTsquery(c: Clause): string {
  if (c.kind === 'or') return c.clauses.length > 1 ? `(${c.clauses.map(clauseTsquery).join(' | ')})` : clauseTsquery(c.clauses[0]);
  if (c.kind === 'near') return nearTsquery(c.tokens, c.within);
  const sep = c.kind === 'phrase' ? ' <-> ' : c.kind === 'any' ? ' | ' : ' & ';
  const joined = c.tokens.map(lexeme).join(sep);
  return c.tokens.length > 1 ? `(${joined})` : joined;
}

/** At least one of the clauses: for a group's exclusions (pages matching any of them). */
export const anyClauseTsquery = (clauses: Clause[]): string => clauses.map(clauseTsquery).join(' | ');

/** One group: its requirements AND NOT any exclusion; null when it neither requires nor excludes. */
export function groupTsquery(g: TextGroup): string | null {
  const must = g.must.map(clauseTsquery);
  const ex = g.exclude.length ? `!(${anyClauseTsquery(g.exclude)})` : null;
  const parts = ex ? [...must, ex] : must;
  return parts.length ? parts.join(' & ') : null;
}

/** The whole plan (an OR of groups), or null when some group matches every page. */
export function planTsquery(groups: TextGroup[]): string | null {
  const parts = groups.map(groupTsquery);
  if (parts.some((p) => p === null)) return null;
  return parts.length === 1 ? parts[0] : parts.map((p) => `(${p})`).join(' | ');
}

/** A clause with its phrases and proximity groups loosened to "all of these words". */
const loosened = (c: Clause): Clause =>
  c.kind === 'or'
    ? { kind: 'or', clauses: c.clauses.map(loosened) }
    : c.kind === 'phrase' || c.kind === 'near'
      ? { kind: 'all', tokens: [...new Set(c.tokens)] }
      : c;

/**
 * The query a RUM relevance order is computed for: the plan with every phrase and proximity group as
 * "all of its words" (the matches themselves still come from the exact query). RUM's in-index distance
 * for a phrase and the same distance computed from a page's tsvector disagree for a few pages, which the
 * ordered page (search.ts rumPage) cannot allow; for words joined by & and | the two always agree. So
 * phrases rank by how densely their words occur together (covers of all the words), not by phrase count.
 * Exclusions are left out: they decide which pages match, not how well (every ranked group requires words).
 */
export function rankTsquery(groups: TextGroup[]): string | null {
  return planTsquery(groups.map((g) => ({ must: g.must.map(loosened), exclude: [] })));
}

/** A pair of adjacent words as one lexeme of tsv_pairs (migration 013): the two words and a space. */
export const pairLexeme = (a: string, b: string) => lexeme(`${a} ${b}`);

/**
 * The plan's phrases as adjacent-word pairs, for the pairs index (migration 013): a page holding the phrase
 * "a b c" holds the pairs "a b" and "b c". Null when some group has no phrase to narrow by (the index
 * cannot help). `exact` when the pairs are the whole query (every group a set of two-word phrases, nothing
 * excluded): a two-word phrase is exactly its pair, so no tsvector needs reading; otherwise the pairs only
 * narrow the pages the full query is then tested on.
 */
export function pairsTsquery(groups: TextGroup[]): { query: string; exact: boolean } | null {
  let exact = true;
  const parts: string[] = [];
  for (const g of groups) {
    const pairs: string[] = [];
    for (const c of g.must) {
      if (c.kind === 'phrase' && c.tokens.length >= 2) {
        for (let i = 0; i + 1 < c.tokens.length; i++) pairs.push(pairLexeme(c.tokens[i], c.tokens[i + 1]));
        if (c.tokens.length > 2) exact = false;
      } else exact = false;
    }
    if (!pairs.length) return null;
    if (g.exclude.length) exact = false;
    const unique = [...new Set(pairs)];
    parts.push(unique.length > 1 ? `(${unique.join(' & ')})` : unique[0]);
  }
  if (!parts.length) return null;
  return { query: parts.length === 1 ? parts[0] : parts.map((p) => `(${p})`).join(' | '), exact };
}

/** The two words of a plan that is one two-word phrase and nothing else (no other words, no exclusions, one
 *  group): such a phrase is ranked by how often a page holds it (search.ts phrasePage). */
export function twoWordPhrase(groups: TextGroup[]): [string, string] | null {
  if (groups.length !== 1) return null;
  const [g] = groups;
  if (g.exclude.length || g.must.length !== 1) return null;
  const [c] = g.must;
  return c.kind === 'phrase' && c.tokens.length === 2 ? [c.tokens[0], c.tokens[1]] : null;
}

/**
 * The pages holding a pair at least `k` times, as a query of the pairs index (migration 015: a page holding
 * "a b" k times also holds the lexemes "a b#2" ... "a b#k"); with `exactly`, the pages holding it k times.
 */
export function pairLevelTsquery([a, b]: [string, string], k: number, exactly = false): string {
  const at = (n: number) => lexeme(n === 1 ? `${a} ${b}` : `${a} ${b}#${n}`);
  return exactly ? `${at(k)} & !${at(k + 1)}` : at(k);
}
