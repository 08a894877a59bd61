// A page of a single-word relevance search read from the word's ranking list (rank-lists.ts).
import { anyClauseTsquery } from '../tsquery';
import { where, type SingleWord } from './where';
import type { SearchPass } from './pass';

/** A page of a single-word relevance search from the word's ranking list, or null when there is no
 *  current list or fewer listed pages pass the filters than the page needs (full ranking then). */
export async function rankListPage(
  s: SearchPass,
  one: SingleWord,
  list: { pages: number; kept: number },
  offset: number,
  limit: number,
): Promise<number[] | null> {
  s.startCount(); // the list gives no counts: they are counted meanwhile
  const w = where(s.f, s.titles, { params: [one.word], text: false });
  const conds = [w.sql.replace(/^WHERE /, '')].filter(Boolean);
  // The pages table is joined only for filters on it: a current list holds only existing pages.
  const join = conds.length ? 'JOIN pages p ON p.id = r.id' : '';
  if (one.exclude.length) {
    // Pages holding a None word, from the full-text index (exact for plain words: no tsvector is read),
    // taken off the list's ids before any join (joined on p.id, the planner anti-joins every page).
    w.params.push(anyClauseTsquery(one.exclude));
    conds.push(`r.id NOT IN (SELECT x.id FROM pages x WHERE x.tsv @@ to_tsquery('simple', $${w.params.length}))`);
  }
  const n = w.params.length;
  const rows = await s.db.read<{ id: number }>(
    `SELECT r.id FROM search_rank_lists l CROSS JOIN LATERAL unnest(l.ids) WITH ORDINALITY AS r(id, ord) ${join}
      WHERE l.term = $1 ${conds.length ? `AND ${conds.join(' AND ')}` : ''}
      ORDER BY r.ord LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...w.params, limit, offset],
  );
  // Exact when the page is full (the pages before it in the list are the best ones overall) or when
  // the list holds every page of the word.
  return rows.length === limit || list.kept === list.pages ? rows.map((r) => r.id) : null;
}
