// The run reads (issue #36) as both engines make them: the same SQL text (written with '?' and numbered
// for PostgreSQL), the same mapping. Each screen's answer is a few indexed reads, never one per day or page.
import type { FrontPage, IssueRef, TitleDetails } from '../../contract/runs';
import type { RunsRepo, RunIssuePage } from './types/runs';

/** Runs a read-only statement written with '?' placeholders. */
export type ReadAll = <R>(sql: string, params: unknown[]) => Promise<R[]>;

/** '?' placeholders as PostgreSQL's $1, $2... (the statements here hold no other '?'). */
export const numbered = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

/** The site's collection over `titles t`: a site with no title list shows every title. Two parameters: the site id twice. */
const IN_SITE = `(NOT EXISTS (SELECT 1 FROM site_titles WHERE site_id = ?) OR t.id IN (SELECT title_id FROM site_titles WHERE site_id = ?))`;

const parseDetails = (raw: string | null): TitleDetails | null => {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as TitleDetails;
  } catch {
    return null;
  }
};

const ref = (r: { date_issued: string; edition: number } | undefined): IssueRef | null => (r ? { date: r.date_issued, edition: Number(r.edition) } : null);

export function runsRepo(all: ReadAll): RunsRepo {
  const one = async <R>(sql: string, params: unknown[]) => (await all<R>(sql, params))[0];
  const siteTitle = (siteId: number, lccn: string) =>
    one<{ id: number; name: string; lccn: string }>(`SELECT t.id, t.name, t.lccn FROM titles t WHERE t.lccn = ? AND ${IN_SITE}`, [lccn, siteId, siteId]);
  const edgeIssue = (titleId: number, last: boolean) =>
    one<{ date_issued: string; edition: number }>(
      `SELECT date_issued, edition FROM issues WHERE title_id = ? ORDER BY date_issued ${last ? 'DESC' : 'ASC'}, edition ${last ? 'DESC' : 'ASC'} LIMIT 1`,
      [titleId],
    );

  return {
    async title(siteId, lccn) {
      const t = await one<{
        id: number;
        lccn: string;
        name: string;
        source: string;
        place_of_publication: string | null;
        publisher: string | null;
        start_year: number | null;
        end_year: number | null;
        language: string | null;
        frequency: string | null;
        details: string | null;
        city: string | null;
        county: string | null;
        state: string | null;
        country: string | null;
      }>(
        `SELECT t.id, t.lccn, t.name, t.source, t.place_of_publication, t.publisher, t.start_year, t.end_year, t.language, t.frequency, t.details,
                ci.name AS city, ci.county, s.name AS state, co.name AS country
           FROM titles t LEFT JOIN cities ci ON ci.id = t.city_id LEFT JOIN states s ON s.id = ci.state_id LEFT JOIN countries co ON co.id = s.country_id
          WHERE t.lccn = ? AND ${IN_SITE}`,
        [lccn, siteId, siteId],
      );
      if (!t) return null;
      const [issueYears, pageYears, first, last] = await Promise.all([
        all<{ year: number; n: number }>('SELECT year, CAST(COUNT(*) AS INTEGER) AS n FROM issues WHERE title_id = ? GROUP BY year ORDER BY year', [t.id]),
        all<{ year: number; n: number }>('SELECT year, CAST(COUNT(*) AS INTEGER) AS n FROM pages WHERE title_id = ? GROUP BY year', [t.id]),
        edgeIssue(t.id, false),
        edgeIssue(t.id, true),
      ]);
      const pagesBy = new Map(pageYears.map((r) => [Number(r.year), Number(r.n)]));
      return {
        id: Number(t.id),
        lccn: t.lccn,
        name: t.name,
        source: t.source,
        placeOfPublication: t.place_of_publication,
        publisher: t.publisher,
        startYear: t.start_year,
        endYear: t.end_year,
        language: t.language,
        frequency: t.frequency,
        details: parseDetails(t.details),
        place: { city: t.city, county: t.county, state: t.state, country: t.country },
        coverage: issueYears.map((r) => ({ year: Number(r.year), issues: Number(r.n), pages: pagesBy.get(Number(r.year)) ?? 0 })),
        firstIssue: ref(first),
        lastIssue: ref(last),
      };
    },

    async lccnOf(siteId, titleId) {
      return (await one<{ lccn: string }>(`SELECT t.lccn FROM titles t WHERE t.id = ? AND ${IN_SITE}`, [titleId, siteId, siteId]))?.lccn ?? null;
    },

    async heldLccns(siteId, lccns) {
      if (!lccns.length) return new Set();
      const rows = await all<{ lccn: string }>(
        `SELECT t.lccn FROM titles t WHERE t.lccn IN (${lccns.map(() => '?').join(', ')}) AND ${IN_SITE} AND EXISTS (SELECT 1 FROM issues WHERE title_id = t.id)`,
        [...lccns, siteId, siteId],
      );
      return new Set(rows.map((r) => r.lccn));
    },

    async year(siteId, lccn, year) {
      const t = await siteTitle(siteId, lccn);
      if (!t) return null;
      const from = `${String(year).padStart(4, '0')}-01-01`;
      const to = `${String(year + 1).padStart(4, '0')}-01-01`;
      const [issues, prev, next] = await Promise.all([
        all<{ date_issued: string; edition: number; pages: number }>(
          `SELECT i.date_issued, i.edition, (SELECT CAST(COUNT(*) AS INTEGER) FROM pages p WHERE p.issue_id = i.id) AS pages
             FROM issues i WHERE i.title_id = ? AND i.date_issued >= ? AND i.date_issued < ? ORDER BY i.date_issued, i.edition`,
          [t.id, from, to],
        ),
        one<{ d: string | null }>('SELECT MAX(date_issued) AS d FROM issues WHERE title_id = ? AND date_issued < ?', [t.id, from]),
        one<{ d: string | null }>('SELECT MIN(date_issued) AS d FROM issues WHERE title_id = ? AND date_issued >= ?', [t.id, to]),
      ]);
      return {
        lccn: t.lccn,
        name: t.name,
        issues: issues.map((r) => ({ date: r.date_issued, edition: Number(r.edition), pages: Number(r.pages) })),
        prevYear: prev?.d ? Number(prev.d.slice(0, 4)) : null,
        nextYear: next?.d ? Number(next.d.slice(0, 4)) : null,
      };
    },

    async issue(siteId, lccn, date, edition) {
      const i = await one<{
        id: number;
        title_id: number;
        uid: string;
        date_issued: string;
        edition: number;
        volume: string | null;
        number: string | null;
        lccn: string;
        name: string;
        place_of_publication: string | null;
      }>(
        `SELECT i.id, i.title_id, i.uid, i.date_issued, i.edition, i.volume, i.number, t.lccn, t.name, t.place_of_publication
           FROM titles t JOIN issues i ON i.title_id = t.id
          WHERE t.lccn = ? AND i.date_issued = ? AND i.edition = ? AND ${IN_SITE}`,
        [lccn, date, edition, siteId, siteId],
      );
      if (!i) return null;
      const [pages, editions, prev, next] = await Promise.all([
        all<{
          uid: string;
          sequence: number;
          number: string | null;
          section_label: string | null;
          width: number | null;
          height: number | null;
          image_path: string | null;
          pdf_path: string | null;
        }>('SELECT uid, sequence, number, section_label, width, height, image_path, pdf_path FROM pages WHERE issue_id = ? ORDER BY sequence', [i.id]),
        all<{ edition: number }>('SELECT edition FROM issues WHERE title_id = ? AND date_issued = ? ORDER BY edition', [i.title_id, date]),
        one<{ date_issued: string; edition: number }>(
          `SELECT date_issued, edition FROM issues WHERE title_id = ? AND (date_issued < ? OR (date_issued = ? AND edition < ?))
            ORDER BY date_issued DESC, edition DESC LIMIT 1`,
          [i.title_id, date, date, edition],
        ),
        one<{ date_issued: string; edition: number }>(
          `SELECT date_issued, edition FROM issues WHERE title_id = ? AND (date_issued > ? OR (date_issued = ? AND edition > ?))
            ORDER BY date_issued ASC, edition ASC LIMIT 1`,
          [i.title_id, date, date, edition],
        ),
      ]);
      return {
        uid: i.uid,
        lccn: i.lccn,
        title: i.name,
        placeOfPublication: i.place_of_publication,
        date: i.date_issued,
        edition: Number(i.edition),
        volume: i.volume,
        number: i.number,
        pages: pages.map((p): RunIssuePage => ({
          uid: p.uid,
          sequence: Number(p.sequence),
          number: p.number,
          section: p.section_label,
          width: p.width,
          height: p.height,
          hasImage: !!p.image_path,
          hasPdf: !!p.pdf_path,
          pdfPath: p.pdf_path,
          imagePath: p.image_path,
        })),
        editions: editions.map((e) => Number(e.edition)),
        prevIssue: ref(prev),
        nextIssue: ref(next),
      };
    },

    async frontPages(siteId, at, limit) {
      const [where, value] = 'date' in at ? ['i.date_issued = ?', at.date] : ['substr(i.date_issued, 6, 5) = ?', at.monthDay];
      const rows = await all<{
        lccn: string;
        name: string;
        place_of_publication: string | null;
        date_issued: string;
        edition: number;
        page_uid: string;
        image_path: string | null;
        pages: number;
      }>(
        `SELECT t.lccn, t.name, t.place_of_publication, i.date_issued, i.edition, p.uid AS page_uid, p.image_path,
                (SELECT CAST(COUNT(*) AS INTEGER) FROM pages c WHERE c.issue_id = i.id) AS pages
           FROM issues i JOIN titles t ON t.id = i.title_id
           JOIN pages p ON p.issue_id = i.id AND p.sequence = (SELECT MIN(sequence) FROM pages f WHERE f.issue_id = i.id)
          WHERE ${where} AND ${IN_SITE}
          ORDER BY i.date_issued, lower(t.name), t.lccn, i.edition LIMIT ?`,
        [value, siteId, siteId, limit],
      );
      return rows.map((r): FrontPage => ({
        lccn: r.lccn,
        title: r.name,
        placeOfPublication: r.place_of_publication,
        date: r.date_issued,
        edition: Number(r.edition),
        pageUid: r.page_uid,
        pages: Number(r.pages),
        hasImage: !!r.image_path,
      }));
    },
  };
}
