import type { Db } from './db';
import type { CorrectionListRow, CorrectionRow, CorrectionsRepo } from '../types';
import type { AdminContributor, AdminCorrectionBlock, CorrectionPublish } from '../../../contract/corrections';

const COLUMNS = `c.id, c.page_id AS pageId, p.uid AS pageUid, c.line_id AS lineId, c.version, c.text, c.previous_text AS previousText,
  c.state, c.revert_of AS revertOf, c.display_name AS displayName, c.account, c.address, c.site_id AS siteId,
  c.client_id AS clientId, c.created_at AS createdAt, c.decided_at AS decidedAt, c.decided_by AS decidedBy`;
const FROM = 'FROM corrections c JOIN pages p ON p.id = c.page_id';
const BLOCK = 'id, kind, value, reason, created_at AS createdAt, created_by AS createdBy';
const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ','now')";
/** Whether site `site` shows page p: its title list is empty (every title) or holds the page's title. */
const SHOWS = (site: string) =>
  `(NOT EXISTS (SELECT 1 FROM site_titles st WHERE st.site_id = ${site}) OR EXISTS (SELECT 1 FROM site_titles st WHERE st.site_id = ${site} AND st.title_id = p.title_id))`;

export function sqliteCorrections(db: Db): CorrectionsRepo {
  // Statements prepared once each (preparing costs more than running these small queries).
  const prepared = new Map<string, ReturnType<Db['prepare']>>();
  const prep = (sql: string) => prepared.get(sql) ?? prepared.set(sql, db.prepare(sql)).get(sql)!;
  const one = (where: string, ...params: unknown[]) => (prep(`SELECT ${COLUMNS} ${FROM} WHERE ${where}`).get(...params) as CorrectionRow) ?? null;
  const published = db
    .prepare("SELECT version FROM corrections WHERE page_id = ? AND line_id = ? AND state = 'published' ORDER BY version DESC LIMIT 1")
    .pluck();
  const maxVersion = db.prepare('SELECT MAX(version) FROM corrections WHERE page_id = ? AND line_id = ?').pluck();
  const insert = db.prepare(
    `INSERT INTO corrections (page_id, line_id, version, text, previous_text, state, revert_of, display_name, account, address, site_id, client_id)
     VALUES (@pageId, @lineId, @version, @text, @previousText, @state, @revertOf, @displayName, @account, @address, @siteId, @clientId)`,
  );
  const pageRows = (pageId: number) => prep(`SELECT ${COLUMNS} ${FROM} WHERE c.page_id = ? ORDER BY c.line_id, c.version`).all(pageId) as CorrectionRow[];

  // better-sqlite3 runs a transaction synchronously: nothing else touches the database between the
  // version check and the insert.
  const insertTx = db.transaction((c: Parameters<CorrectionsRepo['insert']>[0]) => {
    if (c.clientId) {
      const seen = one('c.client_id = ?', c.clientId);
      if (seen) return { kind: 'repeat' as const, row: seen };
    }
    const current = (published.get(c.pageId, c.lineId) as number | undefined) ?? 0;
    if (current !== c.baseVersion) return { kind: 'conflict' as const };
    const version = ((maxVersion.get(c.pageId, c.lineId) as number | null) ?? 0) + 1;
    const r = insert.run({ ...c, version });
    return { kind: 'created' as const, row: one('c.id = ?', r.lastInsertRowid)! };
  });

  return {
    async page(uid) {
      return (
        (prep('SELECT p.id, p.uid, p.ocr_text AS ocrText, w.words FROM pages p LEFT JOIN page_words w ON w.page_id = p.id WHERE p.uid = ?').get(uid) as Awaited<
          ReturnType<CorrectionsRepo['page']>
        >) ?? null
      );
    },
    async pageRows(pageId) {
      return pageRows(pageId);
    },
    async get(id) {
      return one('c.id = ?', id);
    },
    async byClientId(clientId) {
      return one('c.client_id = ?', clientId);
    },
    async insert(c) {
      return insertTx(c);
    },
    async setState(id, state, by) {
      db.prepare(`UPDATE corrections SET state = ?, decided_at = ${NOW}, decided_by = ? WHERE id = ?`).run(state, by, id);
    },
    async writeOverlay(pageId, build) {
      db.transaction(() => {
        const o = build(pageRows(pageId));
        // Only the lines that changed reach the full-text index (correction_lines_fts, migration 011): a
        // correction writes its line's words, not the page's. pages.corrected_text is not indexed.
        const indexed = new Map(
          (prep('SELECT line_id, text FROM correction_lines WHERE page_id = ?').raw().all(pageId) as [string, string][]).map(([id, text]) => [id, text]),
        );
        for (const l of o.lines) {
          if (indexed.get(l.id) === l.text) continue;
          prep('INSERT INTO correction_lines (page_id, line_id, text) VALUES (?, ?, ?) ON CONFLICT (page_id, line_id) DO UPDATE SET text = excluded.text').run(
            pageId,
            l.id,
            l.text,
          );
        }
        const now = new Set(o.lines.map((l) => l.id));
        for (const id of indexed.keys()) if (!now.has(id)) prep('DELETE FROM correction_lines WHERE page_id = ? AND line_id = ?').run(pageId, id);
        prep('UPDATE pages SET corrected_text = ? WHERE id = ? AND corrected_text <> ?').run(o.text, pageId, o.text);
        prep('UPDATE page_words SET corrected = ? WHERE page_id = ?').run(o.words, pageId);
      })();
    },
    async summary(pageUid) {
      const r = prep(
        `SELECT CASE WHEN p.corrected_text = '' THEN 0 ELSE length(p.corrected_text) - length(replace(p.corrected_text, char(10), '')) + 1 END AS correctedLines,
                  (SELECT COUNT(DISTINCT COALESCE(account, display_name, address, '')) FROM corrections
                    WHERE page_id = p.id AND state = 'published' AND revert_of IS NULL) AS contributors,
                  COALESCE(json_array_length(w.corrected), 0) AS correctedWords
             FROM pages p LEFT JOIN page_words w ON w.page_id = p.id WHERE p.uid = ?`,
      ).get(pageUid) as { correctedLines: number; contributors: number; correctedWords: number } | undefined;
      return r ?? { correctedLines: 0, contributors: 0, correctedWords: 0 };
    },
    async list({ siteId, pending, limit }) {
      return db
        .prepare(
          `SELECT ${COLUMNS}, t.name AS title, p.date_issued AS date, p.sequence ${FROM} JOIN titles t ON t.id = p.title_id
            WHERE ${pending ? "c.state = 'pending'" : "c.state <> 'pending'"} AND (@site IS NULL OR c.site_id = @site OR ${SHOWS('@site')})
            ORDER BY c.id ${pending ? 'ASC' : 'DESC'} LIMIT @limit`,
        )
        .all({ site: siteId ?? null, limit }) as CorrectionListRow[];
    },
    async blocks() {
      return db.prepare(`SELECT ${BLOCK} FROM correction_blocks ORDER BY id DESC`).all() as AdminCorrectionBlock[];
    },
    async addBlock(b, by) {
      db.prepare(
        'INSERT INTO correction_blocks (kind, value, reason, created_by) VALUES (?, ?, ?, ?) ON CONFLICT (kind, value) DO UPDATE SET reason = excluded.reason',
      ).run(b.kind, b.value, b.reason ?? '', by);
      return db.prepare(`SELECT ${BLOCK} FROM correction_blocks WHERE kind = ? AND value = ?`).get(b.kind, b.value) as AdminCorrectionBlock;
    },
    async removeBlock(id) {
      return db.prepare('DELETE FROM correction_blocks WHERE id = ?').run(id).changes > 0;
    },
    async findBlock(addresses, account) {
      return (
        (prep(
          `SELECT ${BLOCK} FROM correction_blocks WHERE (kind = 'address' AND value IN (SELECT value FROM json_each(?))) OR (kind = 'account' AND value = ?) LIMIT 1`,
        ).get(JSON.stringify(addresses), account) as AdminCorrectionBlock | undefined) ?? null
      );
    },
    async policy(siteId) {
      const r = prep('SELECT publish, require_account AS requireAccount FROM correction_policies WHERE site_id = ?').get(siteId) as
        { publish: CorrectionPublish; requireAccount: number } | undefined;
      return { publish: r?.publish ?? 'immediately', requireAccount: r?.requireAccount === 1 };
    },
    async pagePolicy(pageId, siteId) {
      const r = prep(
        `SELECT COALESCE(MAX(cp.publish = 'afterApproval'), 0) AS approval, COALESCE(MAX(cp.require_account), 0) AS account
           FROM correction_policies cp
          WHERE cp.site_id = @site OR cp.site_id IN (SELECT s.id FROM sites s JOIN pages p ON p.id = @page WHERE ${SHOWS('s.id')})`,
      ).get({ site: siteId, page: pageId }) as { approval: number; account: number };
      return { publish: r.approval ? 'afterApproval' : 'immediately', requireAccount: r.account === 1 };
    },
    async setPolicy(siteId, p) {
      db.prepare(
        `INSERT INTO correction_policies (site_id, publish, require_account) VALUES (?, ?, ?)
         ON CONFLICT (site_id) DO UPDATE SET publish = excluded.publish, require_account = excluded.require_account`,
      ).run(siteId, p.publish, p.requireAccount ? 1 : 0);
    },
    async contributors(siteId, limit) {
      return db
        .prepare(
          `SELECT COALESCE(display_name, account, 'Anonymous') AS name, COUNT(*) AS corrections,
                  COUNT(DISTINCT page_id || ':' || line_id) AS lines, MAX(created_at) AS lastAt
             FROM corrections WHERE site_id = ? AND state = 'published' AND revert_of IS NULL
            GROUP BY 1 ORDER BY lines DESC, corrections DESC, name LIMIT ?`,
        )
        .all(siteId, limit) as AdminContributor[];
    },
  };
}
