import type { Db } from './db';
import type { SharedListsRepo } from '../types';
import * as rows from '../shared-lists-rows';

export function sqliteSharedLists(db: Db): SharedListsRepo {
  const byId = db.prepare(`SELECT ${rows.COLUMNS} FROM shared_lists WHERE id = ?`);
  const byClient = db.prepare(`SELECT ${rows.COLUMNS} FROM shared_lists WHERE client_id = ?`);
  const create = db.transaction((r: Parameters<SharedListsRepo['create']>[0]) => {
    const known = byClient.get(r.clientId) as rows.RawSharedList | undefined;
    if (known) {
      db.prepare('UPDATE shared_lists SET token_hash = ? WHERE client_id = ?').run(r.tokenHash, r.clientId);
      return { row: rows.toRow(known), created: false };
    }
    db.prepare(
      `INSERT INTO shared_lists (id, site_id, client_id, token_hash, name, description, include_notes, items, item_count, created_at, address)
       VALUES (@id, @siteId, @clientId, @tokenHash, @name, @description, @includeNotes, @items, @itemCount, @createdAt, @address)`,
    ).run({ ...r, includeNotes: r.includeNotes ? 1 : 0, items: JSON.stringify(r.items), itemCount: r.items.length });
    return { row: rows.toRow(byId.get(r.id) as rows.RawSharedList), created: true };
  });
  return {
    async create(r) {
      return create(r);
    },
    async get(id) {
      const r = byId.get(id) as rows.RawSharedList | undefined;
      return r ? rows.toRow(r) : null;
    },
    async tokenHash(id) {
      return (db.prepare('SELECT token_hash FROM shared_lists WHERE id = ?').pluck().get(id) as string | undefined) ?? null;
    },
    async remove(id) {
      return db.prepare('DELETE FROM shared_lists WHERE id = ?').run(id).changes > 0;
    },
    async report(id) {
      return db.prepare('UPDATE shared_lists SET reports = reports + 1 WHERE id = ?').run(id).changes > 0;
    },
    async list(limit, reported) {
      return (db.prepare(`SELECT ${rows.SUMMARY_COLUMNS} FROM shared_lists ${rows.listOrder(reported)} LIMIT ?`).all(limit) as rows.RawSummary[]).map(
        rows.toSummary,
      );
    },
    async pageIssues(pageUids) {
      const out = new Map<string, string>();
      const unique = [...new Set(pageUids)];
      for (let i = 0; i < unique.length; i += 500) {
        const part = unique.slice(i, i + 500);
        const found = db
          .prepare(`SELECT p.uid AS page, i.uid AS issue FROM pages p JOIN issues i ON i.id = p.issue_id WHERE p.uid IN (${part.map(() => '?').join(',')})`)
          .all(...part) as { page: string; issue: string }[];
        for (const f of found) out.set(f.page, f.issue);
      }
      return out;
    },
  };
}
