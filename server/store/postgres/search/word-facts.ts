// Small lookups in search_words and the ranking lists that decide which strategy answers a search.
import type { Pg } from '../db';
import type { Clause, TextPlan } from '../../../../contract/search/plan';
import { singleWord } from './where';
import { FEW_WORD_PAGES } from './tuning';

export interface WordInfo {
  /** Pages holding the word (search_words), null when it holds none. */
  pages: number | null;
  /** The word's current ranking list: pages holding it, ids kept, whether its cells are kept. */
  list: { pages: number; kept: number; cells: boolean } | null;
  /** pg_class's estimate of the archive's pages: 0 before the table was first analysed. */
  archivePages: number;
  /** The site's titles (as siteTitles gives them), null for none; only when asked with a site. */
  titles: number[] | null;
}

/** How many pages hold a word (search_words), and its current ranking list if it has one; with `siteId`, that
 *  site's titles too (as siteTitles): one statement. */
export const wordInfo = async (db: Pg, word: string, siteId?: number): Promise<WordInfo> =>
  (
    await db.read<WordInfo>(
      `SELECT (SELECT pages FROM search_words WHERE term = $1) AS pages,
              (SELECT json_build_object('pages', l.pages, 'kept', cardinality(l.ids), 'cells', l.cells IS NOT NULL) FROM search_rank_lists l
                WHERE l.term = $1 AND l.fingerprint = (SELECT value FROM meta WHERE key = 'pages_version')) AS list,
              (SELECT GREATEST(reltuples, 0)::int FROM pg_class WHERE oid = 'pages'::regclass) AS "archivePages",
              (SELECT array_agg(title_id) FROM site_titles WHERE site_id = $2) AS titles`,
      [word, siteId ?? null],
    )
  )[0];

/** A single-word search whose word is on fewer than FEW_WORD_PAGES pages (search_words keeps the counts). */
export async function fewPages(db: Pg, text: TextPlan, known?: { pages: number | null }): Promise<boolean> {
  const one = singleWord(text);
  if (!one) return false;
  return ((known ?? (await wordInfo(db, one.word))).pages ?? 0) < FEW_WORD_PAGES;
}

/** Whether a phrase search may be on more than `few` pages: false when a word it requires (a
 *  must-clause of 'all', 'phrase' or 'near' words) is on at most `few` pages, as search_words counts. */
export async function phraseMayBeCommon(db: Pg, text: TextPlan, few: number): Promise<boolean> {
  if (text.kind !== 'groups' || text.groups.length !== 1) return true;
  const required = text.groups[0].must.flatMap((c) => (c.kind === 'all' || c.kind === 'phrase' || c.kind === 'near' ? c.tokens : []));
  if (!required.length) return true;
  // A required word missing from search_words is on no page: the phrase is on none.
  const [r] = await db.read<{ pages: number; n: number }>(
    'SELECT COALESCE(MIN(pages), 0)::int AS pages, COUNT(*)::int AS n FROM search_words WHERE term = ANY($1::text[])',
    [required],
  );
  return r.n === new Set(required).size && r.pages > few;
}

/** The pages holding the words a plan requires or offers (search_words), summed: at least its matches for an OR. */
export async function wordsPages(db: Pg, text: TextPlan): Promise<number> {
  const tokens = (c: Clause): string[] => (c.kind === 'or' ? c.clauses.flatMap(tokens) : c.tokens);
  const words = text.kind === 'groups' ? text.groups.flatMap((g) => g.must.flatMap(tokens)) : [];
  const [r] = await db.read<{ pages: number }>('SELECT COALESCE(SUM(pages), 0)::int AS pages FROM search_words WHERE term = ANY($1::text[])', [
    [...new Set(words)],
  ]);
  return r.pages;
}
