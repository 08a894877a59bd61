import type { Db } from './db';
import { AUDIO_COLUMNS, audioValues, BATCH_COLUMNS, toBatch, type RawBatch } from '../ingest-rows';
import { issueUid, pageUid, type IngestRepo, type PlaceInput } from '../types';

export function sqliteIngest(db: Db, onChange: () => void): IngestRepo {
  const idOf = (sel: string, ins: string, ...args: unknown[]): number => {
    const found = db
      .prepare(sel)
      .pluck()
      .get(...args) as number | undefined;
    if (found !== undefined) return found;
    return Number(db.prepare(ins).run(...args).lastInsertRowid);
  };
  /** Country → state → city ids, created as needed. A place with no city has no city id. */
  const cityId = (place: PlaceInput): number | null => {
    const country = place.country?.trim();
    const state = place.state?.trim();
    const city = place.city?.trim();
    if (!country || !state || !city) return null;
    const co = idOf('SELECT id FROM countries WHERE name = ?', 'INSERT INTO countries (name) VALUES (?)', country);
    const st = idOf('SELECT id FROM states WHERE country_id = ? AND name = ?', 'INSERT INTO states (country_id, name) VALUES (?, ?)', co, state);
    const ci = idOf('SELECT id FROM cities WHERE state_id = ? AND name = ?', 'INSERT INTO cities (state_id, name) VALUES (?, ?)', st, city);
    if (place.county) db.prepare('UPDATE cities SET county = ? WHERE id = ? AND county IS NULL').run(place.county.trim(), ci);
    return ci;
  };

  return {
    async upsertTitle(t) {
      return db.transaction(() => {
        const city = cityId(t.place);
        db.prepare(
          `INSERT INTO titles (lccn, name, city_id, place_of_publication, publisher, start_year, end_year, language, frequency, details, source)
           VALUES (@lccn, @name, @city, @pop, @publisher, @startYear, @endYear, @language, @frequency, @details, @source)
           ON CONFLICT(lccn) DO UPDATE SET name = excluded.name, city_id = excluded.city_id,
             place_of_publication = excluded.place_of_publication, publisher = excluded.publisher,
             start_year = excluded.start_year, end_year = excluded.end_year, language = excluded.language,
             frequency = excluded.frequency, details = COALESCE(excluded.details, titles.details), source = excluded.source
           WHERE titles.source <> 'marc' OR excluded.source = 'marc'`,
        ).run({
          lccn: t.lccn,
          name: t.name,
          city,
          pop: t.placeOfPublication ?? null,
          publisher: t.publisher ?? null,
          startYear: t.startYear ?? null,
          endYear: t.endYear ?? null,
          language: t.language ?? null,
          frequency: t.frequency ?? null,
          details: t.details ? JSON.stringify(t.details) : null,
          source: t.source,
        });
        return db.prepare('SELECT id FROM titles WHERE lccn = ?').pluck().get(t.lccn) as number;
      })();
    },
    async titleIdByLccn(lccn) {
      return (db.prepare('SELECT id FROM titles WHERE lccn = ?').pluck().get(lccn) as number | undefined) ?? null;
    },
    async beginBatch(name, sourcePath) {
      const existing = db.prepare('SELECT id FROM batches WHERE name = ?').pluck().get(name) as number | undefined;
      if (existing !== undefined) {
        db.prepare("UPDATE batches SET status = 'loading', source_path = COALESCE(?, source_path), finished_at = NULL WHERE id = ?").run(sourcePath, existing);
        return existing;
      }
      return Number(db.prepare('INSERT INTO batches (name, source_path) VALUES (?, ?)').run(name, sourcePath).lastInsertRowid);
    },
    async finishBatch(batchId, status, report) {
      db.prepare("UPDATE batches SET status = ?, report = ?, finished_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = ?").run(
        status,
        JSON.stringify(report),
        batchId,
      );
      onChange();
    },
    async getBatch(name) {
      const r = db.prepare(`SELECT ${BATCH_COLUMNS} FROM batches WHERE name = ?`).get(name) as RawBatch | undefined;
      return r ? toBatch(r) : null;
    },
    async listBatches() {
      return (db.prepare(`SELECT ${BATCH_COLUMNS} FROM batches ORDER BY id`).all() as RawBatch[]).map(toBatch);
    },
    async loadedIssueUids(batchId) {
      return new Set(db.prepare('SELECT uid FROM issues WHERE batch_id = ?').pluck().all(batchId) as string[]);
    },
    async writeIssue(batchId, issue) {
      const uid = issueUid(issue.lccn, issue.dateIssued, issue.edition);
      const year = Number(issue.dateIssued.slice(0, 4));
      const result = db.transaction(() => {
        const titleId = db.prepare('SELECT id FROM titles WHERE lccn = ?').pluck().get(issue.lccn) as number | undefined;
        if (titleId === undefined) throw new Error(`Title ${issue.lccn} must be loaded before its issues`);
        db.prepare('DELETE FROM issues WHERE uid = ?').run(uid);
        const issueId = Number(
          db
            .prepare('INSERT INTO issues (uid, title_id, batch_id, date_issued, year, edition, volume, number) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
            .run(uid, titleId, batchId, issue.dateIssued, year, issue.edition, issue.volume ?? null, issue.number ?? null).lastInsertRowid,
        );
        const insPage = db.prepare(
          `INSERT INTO pages (uid, issue_id, title_id, sequence, number, section_label, reel, date_issued, year, decade, width, height,
                              image_path, pdf_path, alto_path, ocr_text, word_count)
           VALUES (@uid, @issueId, @titleId, @sequence, @number, @section, @reel, @date, @year, @decade, @width, @height,
                   @imagePath, @pdfPath, @altoPath, @ocrText, @wordCount)`,
        );
        const insWords = db.prepare('INSERT INTO page_words (page_id, words) VALUES (?, ?)');
        const pageUids: string[] = [];
        for (const page of [...issue.pages].sort((a, b) => a.sequence - b.sequence)) {
          const puid = pageUid(uid, page.sequence);
          const pageId = Number(
            insPage.run({
              uid: puid,
              issueId,
              titleId,
              sequence: page.sequence,
              number: page.number ?? null,
              section: page.section ?? null,
              reel: page.reel ?? null,
              date: issue.dateIssued,
              year,
              decade: Math.floor(year / 10) * 10,
              width: page.width,
              height: page.height,
              imagePath: page.imagePath,
              pdfPath: page.pdfPath,
              altoPath: page.altoPath,
              ocrText: page.ocrText,
              wordCount: page.words.length,
            }).lastInsertRowid,
          );
          insWords.run(pageId, JSON.stringify(page.words));
          pageUids.push(puid);
        }
        return { issueUid: uid, pageUids };
      })();
      onChange();
      return result;
    },
    async writeAudio(batchId, item) {
      db.transaction(() => {
        const titleId = item.lccn ? ((db.prepare('SELECT id FROM titles WHERE lccn = ?').pluck().get(item.lccn) as number | undefined) ?? null) : null;
        db.prepare('DELETE FROM audio_items WHERE uid = ?').run(item.uid);
        db.prepare(`INSERT INTO audio_items (${AUDIO_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(...audioValues(item, titleId, batchId));
      })();
      onChange();
    },
    async pageFiles(uid) {
      const r = db.prepare('SELECT uid, width, height, image_path, pdf_path, alto_path FROM pages WHERE uid = ?').get(uid) as
        { uid: string; width: number | null; height: number | null; image_path: string | null; pdf_path: string | null; alto_path: string | null } | undefined;
      return r ? { uid: r.uid, width: r.width, height: r.height, imagePath: r.image_path, pdfPath: r.pdf_path, altoPath: r.alto_path } : null;
    },
    async audioMedia(uid) {
      const r = db.prepare('SELECT uid, media_path, media_type FROM audio_items WHERE uid = ?').get(uid) as
        { uid: string; media_path: string; media_type: string } | undefined;
      return r ? { uid: r.uid, mediaPath: r.media_path, mediaType: r.media_type } : null;
    },
    async purgeBatch(name) {
      const batchId = db.prepare('SELECT id FROM batches WHERE name = ?').pluck().get(name) as number | undefined;
      if (batchId === undefined) return null;
      const counts = db.transaction(() => {
        const issues = db.prepare('SELECT COUNT(*) FROM issues WHERE batch_id = ?').pluck().get(batchId) as number;
        const pages = db.prepare('SELECT COUNT(*) FROM pages p JOIN issues i ON i.id = p.issue_id WHERE i.batch_id = ?').pluck().get(batchId) as number;
        db.prepare('DELETE FROM pages WHERE issue_id IN (SELECT id FROM issues WHERE batch_id = ?)').run(batchId);
        db.prepare('DELETE FROM issues WHERE batch_id = ?').run(batchId);
        db.prepare('DELETE FROM audio_items WHERE batch_id = ?').run(batchId);
        db.prepare('DELETE FROM batches WHERE id = ?').run(batchId);
        return { issues, pages };
      })();
      onChange();
      return counts;
    },
  };
}
