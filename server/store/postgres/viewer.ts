import type { Pg } from './db';
import * as viewerRows from '../viewer-rows';
import type { ClipRow, ViewerRepo } from '../types';

const CLIP = `${viewerRows.CLIP_SELECT} WHERE c.id = $1`;

export function pgViewer(db: Pg): ViewerRepo {
  const one = async <T extends Record<string, unknown>>(sql: string, params: unknown[]) => (await db.read<T>(sql, params))[0];
  const neighbourPage = async (issueId: number, cmp: '<' | '>', sequence: number) =>
    (
      await one<{ uid: string }>(`SELECT uid FROM pages WHERE issue_id = $1 AND sequence ${cmp} $2 ORDER BY sequence ${cmp === '<' ? 'DESC' : 'ASC'} LIMIT 1`, [
        issueId,
        sequence,
      ])
    )?.uid ?? null;
  const neighbourIssuePage = async (titleId: number, date: string, edition: number, before: boolean) =>
    (
      await one<{ uid: string | null }>(
        `SELECT (SELECT uid FROM pages WHERE issue_id = i.id ORDER BY sequence LIMIT 1) AS uid FROM issues i
          WHERE i.title_id = $1 AND ${before ? '(i.date_issued < $2 OR (i.date_issued = $2 AND i.edition < $3))' : '(i.date_issued > $2 OR (i.date_issued = $2 AND i.edition > $3))'}
            AND EXISTS (SELECT 1 FROM pages WHERE issue_id = i.id)
          ORDER BY i.date_issued ${before ? 'DESC' : 'ASC'}, i.edition ${before ? 'DESC' : 'ASC'} LIMIT 1`,
        [titleId, date, edition],
      )
    )?.uid ?? null;

  const repo: ViewerRepo = {
    async page(uid) {
      const r = await one<viewerRows.RawPage & Record<string, unknown>>(`SELECT ${viewerRows.PAGE_COLUMNS} FROM ${viewerRows.PAGE_FROM} WHERE p.uid = $1`, [
        uid,
      ]);
      if (!r) return null;
      const [prevPageUid, nextPageUid, prevIssuePageUid, nextIssuePageUid, count] = await Promise.all([
        neighbourPage(r.issue_id, '<', r.sequence),
        neighbourPage(r.issue_id, '>', r.sequence),
        neighbourIssuePage(r.title_id, r.date_issued, r.edition, true),
        neighbourIssuePage(r.title_id, r.date_issued, r.edition, false),
        one<{ n: number }>('SELECT COUNT(*)::int AS n FROM pages WHERE issue_id = $1', [r.issue_id]),
      ]);
      return { ...viewerRows.toPage(r), prevPageUid, nextPageUid, prevIssuePageUid, nextIssuePageUid, pageCount: count.n };
    },
    async words(uid) {
      const raw = await one<{ words: string | null }>(
        `SELECT ${viewerRows.WORDS_WITH_CORRECTIONS} AS words FROM pages p LEFT JOIN page_words w ON w.page_id = p.id WHERE p.uid = $1`,
        [uid],
      );
      if (!raw) return null;
      return viewerRows.toWords(raw.words);
    },
    async text(uid) {
      return (await one<{ ocr_text: string }>('SELECT ocr_text FROM pages WHERE uid = $1', [uid]))?.ocr_text ?? null;
    },
    async issue(uid) {
      const i = await one<viewerRows.RawIssue & Record<string, unknown>>(`${viewerRows.ISSUE_SELECT} WHERE i.uid = $1`, [uid]);
      if (!i) return null;
      const pages = (
        await db.read<viewerRows.RawPage & Record<string, unknown>>(
          `SELECT ${viewerRows.PAGE_COLUMNS} FROM ${viewerRows.PAGE_FROM} WHERE p.issue_id = $1 ORDER BY p.sequence`,
          [i.id],
        )
      ).map(viewerRows.toPage);
      return viewerRows.toIssue(i, pages);
    },
    async issueWords(uid) {
      const rows = await db.read<{ uid: string; words: string | null }>(
        `SELECT p.uid, ${viewerRows.WORDS_WITH_CORRECTIONS} AS words FROM issues i JOIN pages p ON p.issue_id = i.id LEFT JOIN page_words w ON w.page_id = p.id
          WHERE i.uid = $1 ORDER BY p.sequence`,
        [uid],
      );
      return rows.map((r) => ({ pageUid: r.uid, words: viewerRows.toWords(r.words) }));
    },
    async titleIssues(lccn, year) {
      const rows = await db.read<{ uid: string; date_issued: string; edition: number; page_count: string | number; thumb: string | null }>(
        `SELECT i.uid, i.date_issued, i.edition, COUNT(p.id) AS page_count,
                (SELECT uid FROM pages WHERE issue_id = i.id AND image_path IS NOT NULL ORDER BY sequence LIMIT 1) AS thumb
           FROM titles t JOIN issues i ON i.title_id = t.id JOIN pages p ON p.issue_id = i.id
          WHERE t.lccn = $1 AND ($2::int IS NULL OR (i.date_issued >= $3 AND i.date_issued < $4))
          GROUP BY i.id ORDER BY i.date_issued, i.edition`,
        [lccn, year ?? null, `${year ?? 0}-01-01`, `${(year ?? 0) + 1}-01-01`],
      );
      return rows.map(viewerRows.toTitleIssue);
    },
    async audio(uid) {
      const r = await one<viewerRows.RawAudio & Record<string, unknown>>(`${viewerRows.AUDIO_SELECT} WHERE a.uid = $1`, [uid]);
      if (!r) return null;
      const audio = viewerRows.toAudio(r);
      if (r.lccn && r.date_issued) {
        audio.pageUid =
          (
            await one<{ uid: string }>(
              `${viewerRows.AUDIO_PAGE_SELECT}
              WHERE t.lccn = $1 AND i.date_issued = $2 ORDER BY i.edition, p.sequence LIMIT 1`,
              [r.lccn, r.date_issued],
            )
          )?.uid ?? null;
      }
      return audio;
    },
    async createClip(input) {
      const page = (await db.q<{ id: number }>('SELECT id FROM pages WHERE uid = $1', [input.pageUid]))[0];
      if (!page) return null;
      const clip = viewerRows.newClip(page.id, input);
      // A repeat of a clientId inserts nothing (the unique index; safe under concurrent repeats), then its clip is read.
      await db.q(`INSERT INTO clips (${viewerRows.CLIP_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (client_id) DO NOTHING`, clip.values);
      const id = clip.clientId === null ? clip.id : (await db.q<{ id: string }>('SELECT id FROM clips WHERE client_id = $1', [clip.clientId]))[0].id;
      return (await db.q<ClipRow & Record<string, unknown>>(CLIP, [id]))[0];
    },
    async clip(id) {
      return (await db.read<ClipRow & Record<string, unknown>>(CLIP, [id]))[0] ?? null;
    },
  };
  return repo;
}
