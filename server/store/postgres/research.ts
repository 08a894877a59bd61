// Research data on PostgreSQL (issue #37): a month trend counted by the search's own conditions (searchWhere,
// the `where` of search.ts), export rows by id.
import type { Pg } from './db';
import type { ExportPageRow, MonthCell, ResearchRepo } from '../types';
import { WORDS_WITH_CORRECTIONS } from '../viewer-rows';
import { where as searchWhere } from './search/where';

export function pgResearch(db: Pg): ResearchRepo {
  return {
    async monthCells(f) {
      const titles = (await db.read<{ title_id: number }>('SELECT title_id FROM site_titles WHERE site_id = $1', [f.siteId])).map((r) => r.title_id);
      const w = searchWhere(f, titles);
      return db.read<MonthCell>(
        `SELECT p.title_id AS "titleId", substr(p.date_issued, 1, 7) AS period, COUNT(*)::int AS count FROM pages p ${w.sql} GROUP BY 1, 2`,
        w.params,
      );
    },
    async exportRows(ids) {
      if (!ids.length) return [];
      return db.read<ExportPageRow>(
        `SELECT p.id, p.uid, i.uid AS "issueUid", t.name AS title, t.lccn, p.date_issued AS date, i.edition, p.sequence, p.number,
                CASE WHEN w.corrected IS NULL OR w.corrected = '[]' THEN NULL ELSE ${WORDS_WITH_CORRECTIONS} END AS words, p.ocr_text AS text
           FROM pages p JOIN issues i ON i.id = p.issue_id JOIN titles t ON t.id = p.title_id LEFT JOIN page_words w ON w.page_id = p.id
          WHERE p.id = ANY($1::int[])`,
        [ids],
      );
    },
  };
}
