import type { Pg } from './db';
import type { CorrectionListRow, CorrectionRow, CorrectionsRepo } from '../types';
import type { AdminContributor, AdminCorrectionBlock, CorrectionPublish } from '../../../contract/corrections';
import { searchText } from './ingest';

const COLUMNS = `c.id, c.page_id AS "pageId", p.uid AS "pageUid", c.line_id AS "lineId", c.version, c.text, c.previous_text AS "previousText",
  c.state, c.revert_of AS "revertOf", c.display_name AS "displayName", c.account, c.address, c.site_id AS "siteId",
  c.client_id AS "clientId", c.created_at AS "createdAt", c.decided_at AS "decidedAt", c.decided_by AS "decidedBy"`;
const FROM = 'FROM corrections c JOIN pages p ON p.id = c.page_id';
const BLOCK = 'id, kind, value, reason, created_at AS "createdAt", created_by AS "createdBy"';
const NOW = `to_char(now() AT TIME ZONE 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const UNIQUE_VIOLATION = '23505';
/** Whether site `site` shows page p: its title list is empty (every title) or holds the page's title. */
const SHOWS = (site: string) =>
  `(NOT EXISTS (SELECT 1 FROM site_titles st WHERE st.site_id = ${site}) OR EXISTS (SELECT 1 FROM site_titles st WHERE st.site_id = ${site} AND st.title_id = p.title_id))`;

export function pgCorrections(db: Pg): CorrectionsRepo {
  const one = async (where: string, params: unknown[]) => (await db.q<CorrectionRow>(`SELECT ${COLUMNS} ${FROM} WHERE ${where}`, params))[0] ?? null;
  const byLineVersion = `c.page_id = $1 AND c.line_id = $2 ORDER BY c.version`;

  return {
    async page(uid) {
      const [r] = await db.read<{ id: number; uid: string; ocrText: string; words: string | null }>(
        'SELECT p.id, p.uid, p.ocr_text AS "ocrText", w.words FROM pages p LEFT JOIN page_words w ON w.page_id = p.id WHERE p.uid = $1',
        [uid],
      );
      return r ?? null;
    },
    async pageRows(pageId) {
      return db.q<CorrectionRow>(`SELECT ${COLUMNS} ${FROM} WHERE c.page_id = $1 ORDER BY c.line_id, c.version`, [pageId]);
    },
    async get(id) {
      return one('c.id = $1', [id]);
    },
    async byClientId(clientId) {
      return one('c.client_id = $1', [clientId]);
    },
    async insert(c) {
      if (c.clientId) {
        const seen = await one('c.client_id = $1', [c.clientId]);
        if (seen) return { kind: 'repeat', row: seen };
      }
      try {
        // The page row's lock orders writers of one page: the version check and the insert see the same state.
        const id = await db.tx(async (q) => {
          await q('SELECT id FROM pages WHERE id = $1 FOR UPDATE', [c.pageId]);
          // A repeat that waited for the lock behind its first copy finds it now.
          if (c.clientId && (await q('SELECT 1 FROM corrections WHERE client_id = $1', [c.clientId])).length) return 'repeat' as const;
          const rows = await q<{ version: number; state: string }>(`SELECT c.version, c.state FROM corrections c WHERE ${byLineVersion}`, [c.pageId, c.lineId]);
          const current = rows.filter((r) => r.state === 'published').pop()?.version ?? 0;
          if (current !== c.baseVersion) return null;
          const version = (rows[rows.length - 1]?.version ?? 0) + 1;
          const [r] = await q<{ id: number }>(
            `INSERT INTO corrections (page_id, line_id, version, text, previous_text, state, revert_of, display_name, account, address, site_id, client_id)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
            [c.pageId, c.lineId, version, c.text, c.previousText, c.state, c.revertOf, c.displayName, c.account, c.address, c.siteId, c.clientId],
          );
          return r.id;
        });
        if (id === null) return { kind: 'conflict' };
        if (id === 'repeat') return { kind: 'repeat', row: (await one('c.client_id = $1', [c.clientId]))! };
        return { kind: 'created', row: (await one('c.id = $1', [id]))! };
      } catch (e) {
        if ((e as { code?: string }).code !== UNIQUE_VIOLATION) throw e;
        // The same clientId sent twice at once: the other request stored it.
        const seen = c.clientId ? await one('c.client_id = $1', [c.clientId]) : null;
        return seen ? { kind: 'repeat', row: seen } : { kind: 'conflict' };
      }
    },
    async setState(id, state, by) {
      await db.q(`UPDATE corrections SET state = $1, decided_at = ${NOW}, decided_by = $2 WHERE id = $3`, [state, by, id]);
    },
    async writeOverlay(pageId, build) {
      await db.tx(async (q) => {
        const [page] = await q<{ ocr_text: string; corrected_text: string }>('SELECT ocr_text, corrected_text FROM pages WHERE id = $1 FOR UPDATE', [pageId]);
        if (!page) return;
        const rows = await q<CorrectionRow>(`SELECT ${COLUMNS} ${FROM} WHERE c.page_id = $1 ORDER BY c.line_id, c.version`, [pageId]);
        const o = build(rows);
        if (page.corrected_text !== o.text) {
          // The indexed text is the original OCR's tokens followed by the corrected lines' (as SQLite's view).
          const indexed = searchText(o.text ? `${page.ocr_text}\n${o.text}` : page.ocr_text);
          await q('UPDATE pages SET corrected_text = $1, search_text = $2 WHERE id = $3', [o.text, indexed, pageId]);
        }
        await q('UPDATE page_words SET corrected = $1 WHERE page_id = $2', [o.words, pageId]);
      });
    },
    async summary(pageUid) {
      const [r] = await db.q<{ correctedLines: number; contributors: number; correctedWords: number }>(
        `SELECT CASE WHEN p.corrected_text = '' THEN 0 ELSE length(p.corrected_text) - length(replace(p.corrected_text, chr(10), '')) + 1 END AS "correctedLines",
                (SELECT COUNT(DISTINCT COALESCE(account, display_name, address, ''))::int FROM corrections
                  WHERE page_id = p.id AND state = 'published' AND revert_of IS NULL) AS contributors,
                COALESCE(json_array_length(w.corrected::json), 0) AS "correctedWords"
           FROM pages p LEFT JOIN page_words w ON w.page_id = p.id WHERE p.uid = $1`,
        [pageUid],
      );
      return r ?? { correctedLines: 0, contributors: 0, correctedWords: 0 };
    },
    async list({ siteId, pending, limit }) {
      return db.q<CorrectionListRow>(
        `SELECT ${COLUMNS}, t.name AS title, p.date_issued AS date, p.sequence ${FROM} JOIN titles t ON t.id = p.title_id
          WHERE ${pending ? "c.state = 'pending'" : "c.state <> 'pending'"} AND ($1::int IS NULL OR c.site_id = $1 OR ${SHOWS('$1')})
          ORDER BY c.id ${pending ? 'ASC' : 'DESC'} LIMIT $2`,
        [siteId ?? null, limit],
      );
    },
    async blocks() {
      return db.q<AdminCorrectionBlock>(`SELECT ${BLOCK} FROM correction_blocks ORDER BY id DESC`);
    },
    async addBlock(b, by) {
      const [r] = await db.q<AdminCorrectionBlock>(
        `INSERT INTO correction_blocks (kind, value, reason, created_by) VALUES ($1, $2, $3, $4)
         ON CONFLICT (kind, value) DO UPDATE SET reason = excluded.reason RETURNING ${BLOCK}`,
        [b.kind, b.value, b.reason ?? '', by],
      );
      return r;
    },
    async removeBlock(id) {
      return (await db.q('DELETE FROM correction_blocks WHERE id = $1 RETURNING id', [id])).length > 0;
    },
    async findBlock(addresses, account) {
      const [r] = await db.q<AdminCorrectionBlock>(
        `SELECT ${BLOCK} FROM correction_blocks WHERE (kind = 'address' AND value = ANY($1::text[])) OR (kind = 'account' AND value = $2) LIMIT 1`,
        [addresses, account],
      );
      return r ?? null;
    },
    async policy(siteId) {
      const [r] = await db.q<{ publish: CorrectionPublish; requireAccount: boolean }>(
        'SELECT publish, require_account AS "requireAccount" FROM correction_policies WHERE site_id = $1',
        [siteId],
      );
      return { publish: r?.publish ?? 'immediately', requireAccount: r?.requireAccount === true };
    },
    async pagePolicy(pageId, siteId) {
      const [r] = await db.q<{ approval: boolean; account: boolean }>(
        `SELECT COALESCE(bool_or(cp.publish = 'afterApproval'), false) AS approval, COALESCE(bool_or(cp.require_account), false) AS account
           FROM correction_policies cp
          WHERE cp.site_id = $1 OR cp.site_id IN (SELECT s.id FROM sites s JOIN pages p ON p.id = $2 WHERE ${SHOWS('s.id')})`,
        [siteId, pageId],
      );
      return { publish: r.approval ? 'afterApproval' : 'immediately', requireAccount: r.account };
    },
    async setPolicy(siteId, p) {
      await db.q(
        `INSERT INTO correction_policies (site_id, publish, require_account) VALUES ($1, $2, $3)
         ON CONFLICT (site_id) DO UPDATE SET publish = excluded.publish, require_account = excluded.require_account`,
        [siteId, p.publish, p.requireAccount],
      );
    },
    async contributors(siteId, limit) {
      return db.q<AdminContributor>(
        `SELECT COALESCE(display_name, account, 'Anonymous') AS name, COUNT(*)::int AS corrections,
                COUNT(DISTINCT page_id || ':' || line_id)::int AS lines, MAX(created_at) AS "lastAt"
           FROM corrections WHERE site_id = $1 AND state = 'published' AND revert_of IS NULL
          GROUP BY 1 ORDER BY lines DESC, corrections DESC, name LIMIT $2`,
        [siteId, limit],
      );
    },
  };
}
