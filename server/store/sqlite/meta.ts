import type { Db } from './db';
import type { ContactRepo, MetaRepo } from '../types';

export function sqliteMeta(db: Db): MetaRepo {
  const get = db.prepare("SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'data_version'").pluck();
  const bump = db.prepare("UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'data_version'");
  const search = db.prepare("SELECT SUM(CAST(value AS INTEGER)) FROM meta WHERE key IN ('data_version', 'text_version')").pluck();
  const bumpText = db.prepare("UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'text_version'");
  return {
    async dataVersion() {
      return get.get() as number;
    },
    async bumpDataVersion() {
      bump.run();
      return get.get() as number;
    },
    async searchVersion() {
      return search.get() as number;
    },
    async bumpTextVersion() {
      bumpText.run();
      return search.get() as number;
    },
  };
}

export function sqliteContact(db: Db): ContactRepo {
  return {
    async add(m) {
      const clientId = m.clientId ?? null;
      const r = db
        .prepare(
          'INSERT INTO contact_messages (site_id, name, email, subject, message, client_id) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (client_id) DO NOTHING',
        )
        .run(m.siteId, m.name, m.email, m.subject, m.message, clientId);
      if (r.changes === 1 || clientId === null) return Number(r.lastInsertRowid);
      return db.prepare('SELECT id FROM contact_messages WHERE client_id = ?').pluck().get(clientId) as number;
    },
    async list(limit = 200) {
      return db
        .prepare(
          `SELECT id, site_id AS siteId, name, email, subject, message, created_at AS createdAt, read_at AS readAt
             FROM contact_messages ORDER BY id DESC LIMIT ?`,
        )
        .all(limit) as Awaited<ReturnType<ContactRepo['list']>>;
    },
    async markRead(id) {
      db.prepare("UPDATE contact_messages SET read_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = ?").run(id);
    },
  };
}
