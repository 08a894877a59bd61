import type { Db } from './db';
import type { SiteRow, SitesRepo, SiteSection } from '../types';

interface RawSite {
  id: number;
  slug: string;
  name: string;
  is_default: number;
  updated_at: string;
}

export function normaliseOrigin(origin: string): string {
  return origin.trim().toLowerCase().replace(/\/+$/, '');
}

/** The host part of an origin ("http://localhost:8080" -> "localhost"), or '' if it is not a URL. */
export function originHost(origin: string): string {
  try {
    return new URL(origin).hostname.toLowerCase();
  } catch {
    return '';
  }
}

export function sqliteSites(db: Db): SitesRepo {
  const originsOf = db.prepare('SELECT origin FROM site_origins WHERE site_id = ? ORDER BY origin').pluck();
  const toRow = (r: RawSite): SiteRow => ({
    id: r.id,
    slug: r.slug,
    name: r.name,
    isDefault: r.is_default === 1,
    origins: originsOf.all(r.id) as string[],
    updatedAt: r.updated_at,
  });
  const byId = db.prepare('SELECT * FROM sites WHERE id = ?');
  const byOrigin = db.prepare('SELECT s.* FROM sites s JOIN site_origins o ON o.site_id = s.id WHERE o.origin = ?');
  const setOrigins = (id: number, origins: string[]) => {
    db.prepare('DELETE FROM site_origins WHERE site_id = ?').run(id);
    const ins = db.prepare('INSERT INTO site_origins (origin, site_id) VALUES (?, ?) ON CONFLICT(origin) DO UPDATE SET site_id = excluded.site_id');
    for (const o of origins) ins.run(normaliseOrigin(o), id);
  };
  // Every change to a site bumps the data version, so response caches keyed on it refresh at once.
  const bumpVersion = db.prepare("UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'data_version'");
  const touchSite = db.prepare("UPDATE sites SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = ?");
  const touch = { run: (id: number) => (touchSite.run(id), bumpVersion.run()) };

  return {
    async findByOrigin(origin) {
      // An entry is a full origin ("http://localhost:8080") or a bare host ("localhost") for any port.
      const exact = byOrigin.get(normaliseOrigin(origin)) as RawSite | undefined;
      if (exact) return toRow(exact);
      const host = originHost(origin);
      const hostRow = host ? (byOrigin.get(host) as RawSite | undefined) : undefined;
      return hostRow ? toRow(hostRow) : null;
    },
    async getDefault() {
      const r = db.prepare('SELECT * FROM sites ORDER BY is_default DESC, id LIMIT 1').get() as RawSite | undefined;
      if (!r) throw new Error('No site is configured');
      return toRow(r);
    },
    async get(id) {
      const r = byId.get(id) as RawSite | undefined;
      return r ? toRow(r) : null;
    },
    async list() {
      return (db.prepare('SELECT * FROM sites ORDER BY id').all() as RawSite[]).map(toRow);
    },
    async create(input) {
      const id = db.transaction(() => {
        if (input.isDefault) db.prepare('UPDATE sites SET is_default = 0').run();
        const res = db.prepare('INSERT INTO sites (slug, name, is_default) VALUES (?, ?, ?)').run(input.slug, input.name, input.isDefault ? 1 : 0);
        const newId = Number(res.lastInsertRowid);
        setOrigins(newId, input.origins);
        bumpVersion.run();
        return newId;
      })();
      return toRow(byId.get(id) as RawSite);
    },
    async update(id, input) {
      db.transaction(() => {
        if (input.isDefault) db.prepare('UPDATE sites SET is_default = 0').run();
        if (input.slug !== undefined) db.prepare('UPDATE sites SET slug = ? WHERE id = ?').run(input.slug, id);
        if (input.name !== undefined) db.prepare('UPDATE sites SET name = ? WHERE id = ?').run(input.name, id);
        if (input.isDefault !== undefined) db.prepare('UPDATE sites SET is_default = ? WHERE id = ?').run(input.isDefault ? 1 : 0, id);
        if (input.origins) setOrigins(id, input.origins);
        touch.run(id);
      })();
      const r = byId.get(id) as RawSite | undefined;
      if (!r) throw new Error(`No site ${id}`);
      return toRow(r);
    },
    async remove(id) {
      db.prepare('DELETE FROM sites WHERE id = ?').run(id);
      bumpVersion.run();
    },
    async getSections(siteId) {
      const rows = db.prepare('SELECT section, data FROM site_sections WHERE site_id = ?').all(siteId) as { section: SiteSection; data: string }[];
      return Object.fromEntries(rows.map((r) => [r.section, JSON.parse(r.data)]));
    },
    async putSection(siteId, section, data) {
      db.transaction(() => {
        db.prepare(
          `INSERT INTO site_sections (site_id, section, data) VALUES (?, ?, ?)
           ON CONFLICT(site_id, section) DO UPDATE SET data = excluded.data, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')`,
        ).run(siteId, section, JSON.stringify(data));
        touch.run(siteId);
      })();
    },
    async getTitleIds(siteId) {
      return db.prepare('SELECT title_id FROM site_titles WHERE site_id = ? ORDER BY title_id').pluck().all(siteId) as number[];
    },
    async setTitleIds(siteId, titleIds) {
      db.transaction(() => {
        db.prepare('DELETE FROM site_titles WHERE site_id = ?').run(siteId);
        const ins = db.prepare('INSERT OR IGNORE INTO site_titles (site_id, title_id) VALUES (?, ?)');
        for (const t of titleIds) ins.run(siteId, t);
        bumpVersion.run();
      })();
    },
  };
}
