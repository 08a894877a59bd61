// Compiles a text plan into a PostgreSQL tsquery string (for to_tsquery('simple', ...)). Tokens are letters
// and digits only (contract/search/tokens.ts) and are single-quoted, so nothing a person types becomes tsquery syntax.
import type { Clause, TextGroup } from '../../../contract/search/plan';

const lexeme = (t: string) => `'${t.replace(/'/g, "''")}'`;

function clause(c: Clause): string {
  const sep = c.kind === 'phrase' ? ' <-> ' : c.kind === 'any' ? ' | ' : ' & ';
  const joined = c.tokens.map(lexeme).join(sep);
  return c.tokens.length > 1 ? `(${joined})` : joined;
}

/** At least one of the words: for a group's None words (pages holding any of them). */
export const anyWordTsquery = (tokens: string[]): string => tokens.map(lexeme).join(' | ');

/** One group: its requirements AND NOT any excluded word; null when it neither requires nor excludes. */
export function groupTsquery(g: TextGroup): string | null {
  const must = g.must.map(clause);
  const ex = g.exclude.length ? `!(${anyWordTsquery(g.exclude)})` : null;
  const parts = ex ? [...must, ex] : must;
  return parts.length ? parts.join(' & ') : null;
}

/** The whole plan (an OR of groups), or null when some group matches every page. */
export function planTsquery(groups: TextGroup[]): string | null {
  const parts = groups.map(groupTsquery);
  if (parts.some((p) => p === null)) return null;
  return parts.length === 1 ? parts[0] : parts.map((p) => `(${p})`).join(' | ');
}
