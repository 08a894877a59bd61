import type { Pg } from './db';
import type { SiteRow, SitesRepo, SiteSection } from '../types';
import { normaliseOrigin, originHost } from '../sqlite/sites';

interface RawSite {
  id: number;
  slug: string;
  name: string;
  is_default: number;
  updated_at: string;
}
const NOW = `to_char(now() AT TIME ZONE 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// Every change to a site bumps the data version, so response caches keyed on it refresh at once.
const BUMP = "UPDATE meta SET value = (value::bigint + 1)::text WHERE key = 'data_version'";

export function pgSites(db: Pg): SitesRepo {
  const toRow = async (r: RawSite): Promise<SiteRow> => ({
    id: r.id,
    slug: r.slug,
    name: r.name,
    isDefault: r.is_default === 1,
    origins: (await db.read<{ origin: string }>('SELECT origin FROM site_origins WHERE site_id = $1 ORDER BY origin', [r.id])).map((o) => o.origin),
    updatedAt: r.updated_at,
  });
  const byId = async (id: number) => (await db.read<RawSite>('SELECT * FROM sites WHERE id = $1', [id]))[0];
  const byOrigin = async (o: string) => (await db.read<RawSite>('SELECT s.* FROM sites s JOIN site_origins o ON o.site_id = s.id WHERE o.origin = $1', [o]))[0];
  const setOrigins = async (q: Pg['q'], id: number, origins: string[]) => {
    await q('DELETE FROM site_origins WHERE site_id = $1', [id]);
    for (const o of origins) {
      await q('INSERT INTO site_origins (origin, site_id) VALUES ($1, $2) ON CONFLICT (origin) DO UPDATE SET site_id = EXCLUDED.site_id', [
        normaliseOrigin(o),
        id,
      ]);
    }
  };

  return {
    async findByOrigin(origin) {
      const exact = await byOrigin(normaliseOrigin(origin));
      if (exact) return toRow(exact);
      const host = originHost(origin);
      const hostRow = host ? await byOrigin(host) : undefined;
      return hostRow ? toRow(hostRow) : null;
    },
    async getDefault() {
      const r = (await db.read<RawSite>('SELECT * FROM sites ORDER BY is_default DESC, id LIMIT 1'))[0];
      if (!r) throw new Error('No site is configured');
      return toRow(r);
    },
    async get(id) {
      const r = await byId(id);
      return r ? toRow(r) : null;
    },
    async list() {
      return Promise.all((await db.read<RawSite>('SELECT * FROM sites ORDER BY id')).map(toRow));
    },
    async create(input) {
      const id = await db.tx(async (q) => {
        if (input.isDefault) await q('UPDATE sites SET is_default = 0');
        const [row] = await q<{ id: number }>('INSERT INTO sites (slug, name, is_default) VALUES ($1, $2, $3) RETURNING id', [
          input.slug,
          input.name,
          input.isDefault ? 1 : 0,
        ]);
        await setOrigins(q, row.id, input.origins);
        await q(BUMP);
        return row.id;
      });
      return toRow((await db.q<RawSite>('SELECT * FROM sites WHERE id = $1', [id]))[0]);
    },
    async update(id, input) {
      await db.tx(async (q) => {
        if (input.isDefault) await q('UPDATE sites SET is_default = 0');
        if (input.slug !== undefined) await q('UPDATE sites SET slug = $1 WHERE id = $2', [input.slug, id]);
        if (input.name !== undefined) await q('UPDATE sites SET name = $1 WHERE id = $2', [input.name, id]);
        if (input.isDefault !== undefined) await q('UPDATE sites SET is_default = $1 WHERE id = $2', [input.isDefault ? 1 : 0, id]);
        if (input.origins) await setOrigins(q, id, input.origins);
        await q(`UPDATE sites SET updated_at = ${NOW} WHERE id = $1`, [id]);
        await q(BUMP);
      });
      const r = (await db.q<RawSite>('SELECT * FROM sites WHERE id = $1', [id]))[0];
      if (!r) throw new Error(`No site ${id}`);
      return toRow(r);
    },
    async remove(id) {
      await db.tx(async (q) => {
        await q('DELETE FROM sites WHERE id = $1', [id]);
        await q(BUMP);
      });
    },
    async getSections(siteId) {
      const rows = await db.read<{ section: SiteSection; data: string }>('SELECT section, data FROM site_sections WHERE site_id = $1', [siteId]);
      return Object.fromEntries(rows.map((r) => [r.section, JSON.parse(r.data)]));
    },
    async putSection(siteId, section, data) {
      await db.tx(async (q) => {
        await q(
          `INSERT INTO site_sections (site_id, section, data) VALUES ($1, $2, $3)
           ON CONFLICT (site_id, section) DO UPDATE SET data = EXCLUDED.data, updated_at = ${NOW}`,
          [siteId, section, JSON.stringify(data)],
        );
        await q(`UPDATE sites SET updated_at = ${NOW} WHERE id = $1`, [siteId]);
        await q(BUMP);
      });
    },
    async getTitleIds(siteId) {
      return (await db.read<{ title_id: number }>('SELECT title_id FROM site_titles WHERE site_id = $1 ORDER BY title_id', [siteId])).map((r) => r.title_id);
    },
    async setTitleIds(siteId, titleIds) {
      await db.tx(async (q) => {
        await q('DELETE FROM site_titles WHERE site_id = $1', [siteId]);
        if (titleIds.length) {
          await q('INSERT INTO site_titles (site_id, title_id) SELECT $1, t FROM unnest($2::int[]) t ON CONFLICT DO NOTHING', [siteId, titleIds]);
        }
        await q(BUMP);
      });
    },
  };
}
