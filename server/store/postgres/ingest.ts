import type { Pg } from './db';
import { issueUid, pageUid, type IngestRepo, type PlaceInput } from '../types';
import { tokenize } from '../../../contract/search/tokens';
import { AUDIO_COLUMNS, audioValues, BATCH_COLUMNS, toBatch, type RawBatch } from '../ingest-rows';

/** The text as the search module tokenises it: what the tsvector is built from (see 002_search.sql). */
export const searchText = (text: string) => tokenize(text).join(' ');

const NOW = `to_char(now() AT TIME ZONE 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
type Q = Parameters<Parameters<Pg['tx']>[0]>[0];

async function idOf(q: Q, table: string, cols: string[], values: unknown[]): Promise<number> {
  const where = cols.map((c, i) => `${c} = $${i + 1}`).join(' AND ');
  const found = await q<{ id: number }>(`SELECT id FROM ${table} WHERE ${where}`, values);
  if (found[0]) return found[0].id;
  const [r] = await q<{ id: number }>(
    `INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')}) ON CONFLICT DO NOTHING RETURNING id`,
    values,
  );
  return r?.id ?? (await q<{ id: number }>(`SELECT id FROM ${table} WHERE ${where}`, values))[0].id;
}

async function cityId(q: Q, place: PlaceInput): Promise<number | null> {
  const country = place.country?.trim();
  const state = place.state?.trim();
  const city = place.city?.trim();
  if (!country || !state || !city) return null;
  const co = await idOf(q, 'countries', ['name'], [country]);
  const st = await idOf(q, 'states', ['country_id', 'name'], [co, state]);
  const ci = await idOf(q, 'cities', ['state_id', 'name'], [st, city]);
  if (place.county) await q('UPDATE cities SET county = $1 WHERE id = $2 AND county IS NULL', [place.county.trim(), ci]);
  return ci;
}

export function pgIngest(db: Pg, onChange: () => Promise<unknown>): IngestRepo {
  return {
    async upsertTitle(t) {
      return db.tx(async (q) => {
        const city = await cityId(q, t.place);
        await q(
          `INSERT INTO titles (lccn, name, city_id, place_of_publication, publisher, start_year, end_year, language, frequency, source, details)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
           ON CONFLICT (lccn) DO UPDATE SET name = EXCLUDED.name, city_id = EXCLUDED.city_id,
             place_of_publication = EXCLUDED.place_of_publication, publisher = EXCLUDED.publisher,
             start_year = EXCLUDED.start_year, end_year = EXCLUDED.end_year, language = EXCLUDED.language,
             frequency = EXCLUDED.frequency, details = COALESCE(EXCLUDED.details, titles.details), source = EXCLUDED.source
           WHERE titles.source <> 'marc' OR EXCLUDED.source = 'marc'`,
          [
            t.lccn,
            t.name,
            city,
            t.placeOfPublication ?? null,
            t.publisher ?? null,
            t.startYear ?? null,
            t.endYear ?? null,
            t.language ?? null,
            t.frequency ?? null,
            t.source,
            t.details ? JSON.stringify(t.details) : null,
          ],
        );
        return (await q<{ id: number }>('SELECT id FROM titles WHERE lccn = $1', [t.lccn]))[0].id;
      });
    },
    async titleIdByLccn(lccn) {
      return (await db.q<{ id: number }>('SELECT id FROM titles WHERE lccn = $1', [lccn]))[0]?.id ?? null;
    },
    async beginBatch(name, sourcePath) {
      const [existing] = await db.q<{ id: number }>('SELECT id FROM batches WHERE name = $1', [name]);
      if (existing) {
        await db.q("UPDATE batches SET status = 'loading', source_path = COALESCE($1, source_path), finished_at = NULL WHERE id = $2", [
          sourcePath,
          existing.id,
        ]);
        return existing.id;
      }
      return (await db.q<{ id: number }>('INSERT INTO batches (name, source_path) VALUES ($1, $2) RETURNING id', [name, sourcePath]))[0].id;
    },
    async finishBatch(batchId, status, report) {
      await db.q(`UPDATE batches SET status = $1, report = $2, finished_at = ${NOW} WHERE id = $3`, [status, JSON.stringify(report), batchId]);
      await onChange();
    },
    async getBatch(name) {
      const r = (await db.q<RawBatch>(`SELECT ${BATCH_COLUMNS} FROM batches WHERE name = $1`, [name]))[0];
      return r ? toBatch(r) : null;
    },
    async listBatches() {
      return (await db.q<RawBatch>(`SELECT ${BATCH_COLUMNS} FROM batches ORDER BY id`)).map(toBatch);
    },
    async loadedIssueUids(batchId) {
      return new Set((await db.q<{ uid: string }>('SELECT uid FROM issues WHERE batch_id = $1', [batchId])).map((r) => r.uid));
    },
    async writeIssue(batchId, issue) {
      const uid = issueUid(issue.lccn, issue.dateIssued, issue.edition);
      const year = Number(issue.dateIssued.slice(0, 4));
      const result = await db.tx(async (q) => {
        const [title] = await q<{ id: number }>('SELECT id FROM titles WHERE lccn = $1', [issue.lccn]);
        if (!title) throw new Error(`Title ${issue.lccn} must be loaded before its issues`);
        await q('DELETE FROM issues WHERE uid = $1', [uid]);
        const [row] = await q<{ id: number }>(
          'INSERT INTO issues (uid, title_id, batch_id, date_issued, year, edition, volume, number) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id',
          [uid, title.id, batchId, issue.dateIssued, year, issue.edition, issue.volume ?? null, issue.number ?? null],
        );
        const pageUids: string[] = [];
        for (const page of [...issue.pages].sort((a, b) => a.sequence - b.sequence)) {
          const puid = pageUid(uid, page.sequence);
          const [p] = await q<{ id: number }>(
            `INSERT INTO pages (uid, issue_id, title_id, sequence, number, reel, date_issued, year, decade, width, height,
                                image_path, pdf_path, alto_path, ocr_text, word_count, search_text, section_label)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) RETURNING id`,
            [
              puid,
              row.id,
              title.id,
              page.sequence,
              page.number ?? null,
              page.reel ?? null,
              issue.dateIssued,
              year,
              Math.floor(year / 10) * 10,
              page.width,
              page.height,
              page.imagePath,
              page.pdfPath,
              page.altoPath,
              page.ocrText,
              page.words.length,
              searchText(page.ocrText),
              page.section ?? null,
            ],
          );
          await q('INSERT INTO page_words (page_id, words) VALUES ($1, $2)', [p.id, JSON.stringify(page.words)]);
          pageUids.push(puid);
        }
        return { issueUid: uid, pageUids };
      });
      await onChange();
      return result;
    },
    async writeAudio(batchId, item) {
      await db.tx(async (q) => {
        const titleId = item.lccn ? ((await q<{ id: number }>('SELECT id FROM titles WHERE lccn = $1', [item.lccn]))[0]?.id ?? null) : null;
        await q('DELETE FROM audio_items WHERE uid = $1', [item.uid]);
        await q(`INSERT INTO audio_items (${AUDIO_COLUMNS}, search_text) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`, [
          ...audioValues(item, titleId, batchId),
          searchText(item.cues.map((c) => c.text).join(' ')),
        ]);
      });
      await onChange();
    },
    async pageFiles(uid) {
      const r = (
        await db.read<{ uid: string; width: number | null; height: number | null; imagePath: string | null; pdfPath: string | null; altoPath: string | null }>(
          'SELECT uid, width, height, image_path AS "imagePath", pdf_path AS "pdfPath", alto_path AS "altoPath" FROM pages WHERE uid = $1',
          [uid],
        )
      )[0];
      return r ?? null;
    },
    async audioMedia(uid) {
      const r = (
        await db.read<{ uid: string; mediaPath: string; mediaType: string }>(
          'SELECT uid, media_path AS "mediaPath", media_type AS "mediaType" FROM audio_items WHERE uid = $1',
          [uid],
        )
      )[0];
      return r ?? null;
    },
    async purgeBatch(name) {
      const [batch] = await db.q<{ id: number }>('SELECT id FROM batches WHERE name = $1', [name]);
      if (!batch) return null;
      const counts = await db.tx(async (q) => {
        const [{ issues }] = await q<{ issues: number }>('SELECT COUNT(*)::int AS issues FROM issues WHERE batch_id = $1', [batch.id]);
        const [{ pages }] = await q<{ pages: number }>('SELECT COUNT(*)::int AS pages FROM pages p JOIN issues i ON i.id = p.issue_id WHERE i.batch_id = $1', [
          batch.id,
        ]);
        await q('DELETE FROM pages WHERE issue_id IN (SELECT id FROM issues WHERE batch_id = $1)', [batch.id]);
        await q('DELETE FROM issues WHERE batch_id = $1', [batch.id]);
        await q('DELETE FROM audio_items WHERE batch_id = $1', [batch.id]);
        await q('DELETE FROM batches WHERE id = $1', [batch.id]);
        return { issues, pages };
      });
      await onChange();
      return counts;
    },
  };
}
