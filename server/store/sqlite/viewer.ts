import type { Db } from './db';
import * as viewerRows from '../viewer-rows';
import type { ClipRow, ViewerRepo } from '../types';

export function sqliteViewer(db: Db): ViewerRepo {
  const pageByUid = db.prepare(`SELECT ${viewerRows.PAGE_COLUMNS} FROM ${viewerRows.PAGE_FROM} WHERE p.uid = ?`);
  const neighbourPage = (issueId: number, cmp: '<' | '>', sequence: number) =>
    db
      .prepare(`SELECT uid FROM pages WHERE issue_id = ? AND sequence ${cmp} ? ORDER BY sequence ${cmp === '<' ? 'DESC' : 'ASC'} LIMIT 1`)
      .pluck()
      .get(issueId, sequence) as string | undefined;
  // Issues of the same title ordered by (date, edition); the neighbour's first page by sequence.
  const neighbourIssuePage = (titleId: number, date: string, edition: number, before: boolean) =>
    db
      .prepare(
        `SELECT (SELECT uid FROM pages WHERE issue_id = i.id ORDER BY sequence LIMIT 1) FROM issues i
         WHERE i.title_id = ? AND ${before ? '(i.date_issued < ? OR (i.date_issued = ? AND i.edition < ?))' : '(i.date_issued > ? OR (i.date_issued = ? AND i.edition > ?))'}
           AND EXISTS (SELECT 1 FROM pages WHERE issue_id = i.id)
         ORDER BY i.date_issued ${before ? 'DESC' : 'ASC'}, i.edition ${before ? 'DESC' : 'ASC'} LIMIT 1`,
      )
      .pluck()
      .get(titleId, date, date, edition) as string | undefined;

  return {
    async page(uid) {
      const r = pageByUid.get(uid) as viewerRows.RawPage | undefined;
      if (!r) return null;
      return {
        ...viewerRows.toPage(r),
        prevPageUid: neighbourPage(r.issue_id, '<', r.sequence) ?? null,
        nextPageUid: neighbourPage(r.issue_id, '>', r.sequence) ?? null,
        prevIssuePageUid: neighbourIssuePage(r.title_id, r.date_issued, r.edition, true) ?? null,
        nextIssuePageUid: neighbourIssuePage(r.title_id, r.date_issued, r.edition, false) ?? null,
        pageCount: db.prepare('SELECT COUNT(*) FROM pages WHERE issue_id = ?').pluck().get(r.issue_id) as number,
      };
    },
    async words(uid) {
      const raw = db
        .prepare(`SELECT ${viewerRows.WORDS_WITH_CORRECTIONS} AS words FROM pages p LEFT JOIN page_words w ON w.page_id = p.id WHERE p.uid = ?`)
        .get(uid) as { words: string | null } | undefined;
      if (!raw) return null;
      return viewerRows.toWords(raw.words);
    },
    async text(uid) {
      const t = db.prepare('SELECT ocr_text FROM pages WHERE uid = ?').pluck().get(uid) as string | undefined;
      return t ?? null;
    },
    async issue(uid) {
      const i = db.prepare(`${viewerRows.ISSUE_SELECT} WHERE i.uid = ?`).get(uid) as viewerRows.RawIssue | undefined;
      if (!i) return null;
      const pages = (
        db.prepare(`SELECT ${viewerRows.PAGE_COLUMNS} FROM ${viewerRows.PAGE_FROM} WHERE p.issue_id = ? ORDER BY p.sequence`).all(i.id) as viewerRows.RawPage[]
      ).map(viewerRows.toPage);
      return viewerRows.toIssue(i, pages);
    },
    async issueWords(uid) {
      const rows = db
        .prepare(
          `SELECT p.uid, ${viewerRows.WORDS_WITH_CORRECTIONS} AS words FROM issues i JOIN pages p ON p.issue_id = i.id LEFT JOIN page_words w ON w.page_id = p.id
           WHERE i.uid = ? ORDER BY p.sequence`,
        )
        .all(uid) as { uid: string; words: string | null }[];
      return rows.map((r) => ({ pageUid: r.uid, words: viewerRows.toWords(r.words) }));
    },
    async titleIssues(lccn, year) {
      const rows = db
        .prepare(
          `SELECT i.uid, i.date_issued, i.edition, COUNT(p.id) AS page_count,
                  (SELECT uid FROM pages WHERE issue_id = i.id AND image_path IS NOT NULL ORDER BY sequence LIMIT 1) AS thumb
           FROM titles t JOIN issues i ON i.title_id = t.id JOIN pages p ON p.issue_id = i.id
           WHERE t.lccn = ? AND (? IS NULL OR i.date_issued >= ? AND i.date_issued < ?)
           GROUP BY i.id ORDER BY i.date_issued, i.edition`,
        )
        .all(lccn, year ?? null, `${year}-01-01`, `${(year ?? 0) + 1}-01-01`) as {
        uid: string;
        date_issued: string;
        edition: number;
        page_count: number;
        thumb: string | null;
      }[];
      return rows.map(viewerRows.toTitleIssue);
    },
    async audio(uid) {
      const r = db.prepare(`${viewerRows.AUDIO_SELECT} WHERE a.uid = ?`).get(uid) as viewerRows.RawAudio | undefined;
      if (!r) return null;
      const audio = viewerRows.toAudio(r);
      if (r.lccn && r.date_issued) {
        audio.pageUid =
          (db
            .prepare(
              `${viewerRows.AUDIO_PAGE_SELECT}
               WHERE t.lccn = ? AND i.date_issued = ? ORDER BY i.edition, p.sequence LIMIT 1`,
            )
            .pluck()
            .get(r.lccn, r.date_issued) as string | undefined) ?? null;
      }
      return audio;
    },
    async createClip(input) {
      const pageId = db.prepare('SELECT id FROM pages WHERE uid = ?').pluck().get(input.pageUid) as number | undefined;
      if (pageId === undefined) return null;
      const clip = viewerRows.newClip(pageId, input);
      // One statement: a repeat of a clientId inserts nothing (the unique index), then its clip is read back.
      db.prepare(`INSERT INTO clips (${viewerRows.CLIP_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (client_id) DO NOTHING`).run(...clip.values);
      const id = clip.clientId === null ? clip.id : (db.prepare('SELECT id FROM clips WHERE client_id = ?').pluck().get(clip.clientId) as string);
      return this.clip(id) as Promise<ClipRow>;
    },
    async clip(id) {
      return (db.prepare(`${viewerRows.CLIP_SELECT} WHERE c.id = ?`).get(id) as ClipRow | undefined) ?? null;
    },
  };
}
