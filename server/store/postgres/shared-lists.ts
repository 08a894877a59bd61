import type { Pg } from './db';
import type { SharedListsRepo } from '../types';
import * as rows from '../shared-lists-rows';

// Every read is on the primary: a list just shared (or withdrawn) is read at once through its link.
export function pgSharedLists(pg: Pg): SharedListsRepo {
  return {
    async create(r) {
      const [row] = await pg.q<rows.RawSharedList & { created: boolean }>(
        `INSERT INTO shared_lists (id, site_id, client_id, token_hash, name, description, include_notes, items, item_count, created_at, address)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         ON CONFLICT (client_id) DO UPDATE SET token_hash = EXCLUDED.token_hash
         RETURNING ${rows.COLUMNS}, (xmax = 0) AS created`,
        [r.id, r.siteId, r.clientId, r.tokenHash, r.name, r.description, r.includeNotes, JSON.stringify(r.items), r.items.length, r.createdAt, r.address],
      );
      return { row: rows.toRow(row), created: row.created };
    },
    async get(id) {
      const [r] = await pg.q<rows.RawSharedList & Record<string, unknown>>(`SELECT ${rows.COLUMNS} FROM shared_lists WHERE id = $1`, [id]);
      return r ? rows.toRow(r) : null;
    },
    async tokenHash(id) {
      const [r] = await pg.q<{ token_hash: string }>('SELECT token_hash FROM shared_lists WHERE id = $1', [id]);
      return r?.token_hash ?? null;
    },
    async remove(id) {
      return (await pg.q('DELETE FROM shared_lists WHERE id = $1 RETURNING id', [id])).length > 0;
    },
    async report(id) {
      return (await pg.q('UPDATE shared_lists SET reports = reports + 1 WHERE id = $1 RETURNING id', [id])).length > 0;
    },
    async list(limit, reported) {
      return (
        await pg.q<rows.RawSummary & Record<string, unknown>>(`SELECT ${rows.SUMMARY_COLUMNS} FROM shared_lists ${rows.listOrder(reported)} LIMIT $1`, [limit])
      ).map(rows.toSummary);
    },
    async pageIssues(pageUids) {
      const unique = [...new Set(pageUids)];
      if (!unique.length) return new Map();
      const found = await pg.q<{ page: string; issue: string }>(
        'SELECT p.uid AS page, i.uid AS issue FROM pages p JOIN issues i ON i.id = p.issue_id WHERE p.uid = ANY($1::text[])',
        [unique],
      );
      return new Map(found.map((f) => [f.page, f.issue]));
    },
  };
}
