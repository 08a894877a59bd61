import type { Pg } from './db';
import type { ContactRepo, MetaRepo } from '../types';

const NOW = `to_char(now() AT TIME ZONE 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export function pgMeta(db: Pg): MetaRepo {
  return {
    async dataVersion() {
      // Read where searches and browsing read (the replica when there is one): the version is bumped after
      // the data it stands for commits, so a replica that shows version v holds that data too, and an
      // answer cached for v (search, Home) is never built from a replica still behind it.
      return Number((await db.read<{ value: string }>("SELECT value FROM meta WHERE key = 'data_version'"))[0].value);
    },
    async bumpDataVersion() {
      const [r] = await db.q<{ value: string }>("UPDATE meta SET value = (value::bigint + 1)::text WHERE key = 'data_version' RETURNING value");
      return Number(r.value);
    },
    async searchVersion() {
      // Read where searches read, as dataVersion (a replica that shows the version holds the text too).
      const [r] = await db.read<{ v: string }>("SELECT SUM(value::bigint)::text AS v FROM meta WHERE key IN ('data_version', 'text_version')");
      return Number(r.v);
    },
    async bumpTextVersion() {
      await db.q("UPDATE meta SET value = (value::bigint + 1)::text WHERE key = 'text_version'");
      return this.searchVersion();
    },
  };
}

export function pgContact(db: Pg): ContactRepo {
  return {
    async add(m) {
      const clientId = m.clientId ?? null;
      const [r] = await db.q<{ id: number }>(
        'INSERT INTO contact_messages (site_id, name, email, subject, message, client_id) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (client_id) DO NOTHING RETURNING id',
        [m.siteId, m.name, m.email, m.subject, m.message, clientId],
      );
      // No row back: this clientId was stored before (a repeat); answer with that message's id.
      return r ? r.id : (await db.q<{ id: number }>('SELECT id FROM contact_messages WHERE client_id = $1', [clientId]))[0].id;
    },
    async list(limit = 200) {
      return db.q(
        `SELECT id, site_id AS "siteId", name, email, subject, message, created_at AS "createdAt", read_at AS "readAt"
           FROM contact_messages ORDER BY id DESC LIMIT $1`,
        [limit],
      ) as ReturnType<ContactRepo['list']>;
    },
    async markRead(id) {
      await db.q(`UPDATE contact_messages SET read_at = ${NOW} WHERE id = $1`, [id]);
    },
  };
}
