// Compiles a text plan into FTS5 MATCH expressions. Every token is quoted (quoteFts5), so whatever a
// person typed, the expression is well formed.
import type { Clause, TextGroup } from '../../../contract/search/plan';

/** A token (letters and digits only) as an FTS5 string: always double-quoted, so it is never syntax. */
export const quoteFts5 = (token: string): string => `"${token.replace(/"/g, '""')}"`;

export function clauseExpr(c: Clause): string {
  if (c.kind === 'or') return c.clauses.length > 1 ? `(${c.clauses.map(clauseExpr).join(' OR ')})` : clauseExpr(c.clauses[0]);
  if (c.kind === 'phrase') return quoteFts5(c.tokens.join(' ')); // "a b": the tokens consecutively
  // NEAR(…, n) allows n tokens between the first and the last: "within N words" spans N positions.
  if (c.kind === 'near') return `NEAR(${c.tokens.map(quoteFts5).join(' ')}, ${c.within - 1})`;
  const joined = c.tokens.map(quoteFts5).join(c.kind === 'any' ? ' OR ' : ' AND ');
  return c.tokens.length > 1 ? `(${joined})` : joined;
}

/** What a group requires, or null when it only excludes. */
export const mustExpr = (g: TextGroup): string | null => (g.must.length ? g.must.map(clauseExpr).join(' AND ') : null);

/** What a group excludes as one OR expression, or null. */
export const excludeExpr = (g: TextGroup): string | null => (g.exclude.length ? g.exclude.map(clauseExpr).join(' OR ') : null);

/** The group as one MATCH expression; null when the group has no requirement (FTS5 cannot say "not X" alone). */
export function groupExpr(g: TextGroup): string | null {
  const must = mustExpr(g);
  if (!must) return null;
  const ex = excludeExpr(g);
  // One excluded clause is already one term (a word, a phrase, a parenthesised OR); several need parentheses.
  return ex ? `(${must}) NOT ${g.exclude.length === 1 ? ex : `(${ex})`}` : must;
}

/** The whole plan as one MATCH expression when every group has a requirement; otherwise null. */
export function planExpr(groups: TextGroup[]): string | null {
  const parts = groups.map(groupExpr);
  if (parts.some((p) => p === null)) return null;
  return parts.length === 1 ? parts[0] : parts.map((p) => `(${p})`).join(' OR ');
}
