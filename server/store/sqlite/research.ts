// Research data on SQLite (issue #37). A trend per month reads the search's own matches (the engine's page of every one
// by date: the engine's memos of the words' matches serve it) and the in-memory page metadata for their
// months: no second matching path that could disagree with the search's count.
import type { Db } from './db';
import type { ExportPageRow, MonthCell, ResearchRepo, SearchRepo } from '../types';
import { WORDS_WITH_CORRECTIONS } from '../viewer-rows';
import { pageMeta } from './search-meta';

export function sqliteResearch(db: Db, search: SearchRepo): ResearchRepo {
  return {
    async monthCells(f) {
      const { total } = await search.count(f);
      if (!total) return [];
      const { ids } = await search.page(f, 'date', 0, total);
      const meta = pageMeta(db);
      const cells = new Map<number, MonthCell>();
      for (const id of ids) {
        const month = Math.floor(meta.date[id] / 100);
        const key = meta.title[id] * 1_000_000 + month;
        const c = cells.get(key);
        if (c) c.count++;
        else cells.set(key, { titleId: meta.title[id], period: `${Math.floor(month / 100)}-${String(month % 100).padStart(2, '0')}`, count: 1 });
      }
      return [...cells.values()];
    },
    async exportRows(ids) {
      if (!ids.length) return [];
      return db
        .prepare(
          `SELECT p.id, p.uid, i.uid AS issueUid, t.name AS title, t.lccn, p.date_issued AS date, i.edition, p.sequence, p.number,
                  CASE WHEN w.corrected IS NULL OR w.corrected = '[]' THEN NULL ELSE ${WORDS_WITH_CORRECTIONS} END AS words, p.ocr_text AS text
             FROM pages p JOIN issues i ON i.id = p.issue_id JOIN titles t ON t.id = p.title_id LEFT JOIN page_words w ON w.page_id = p.id
            WHERE p.id IN (SELECT value FROM json_each(?))`,
        )
        .all(JSON.stringify(ids)) as ExportPageRow[];
    },
  };
}
