// Reading a newspaper as a run (issue #36): a title's record and coverage, a year of its issues, an issue with
// its pages, the front pages of a day (or of a month and day across the years, with its Atom feed), and
// the whole issue as one PDF. Per site: a title outside the site's collection is not found.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { badRequest, notFound } from '../errors';
import { isIsoDay, isMonthDay, issuePath, frontPagesPath, type FrontPagesResponse } from '../../contract/runs';
import { createImageService } from '../images/service';
import { demoFullImages } from '../demo/full-image';
import { dataFile, frontPagesAnswer, issueAnswer, issueOr404, titleAnswer, yearAnswer } from '../services/runs';
import { issuePdf, readPdf, type PageSource } from '../services/issue-pdf';
import { xmlEscape } from '../services/sitemap';
import { loadSiteSections } from '../services/site-config';
import { canonicalOrigin } from '../services/canonical-origin';
import * as urls from '../presentation/urls';
import { apiRoute } from './api-registry';

const CACHE = 'public, max-age=60, stale-while-revalidate=600';

const lccn = z.string().min(1).max(64, 'An LCCN is at most 64 characters.').describe('Library of Congress Control Number, e.g. sn99021999');
const day = z.string().max(10).refine(isIsoDay, 'The date must be a real day written YYYY-MM-DD, such as 1887-03-03.').describe('YYYY-MM-DD');
const edition = z
  .string()
  .regex(/^(ed-?)?\d{1,3}$/i, "The edition must be a number such as 1 (or 'ed-1').")
  .transform((s) => Number(s.replace(/\D/g, '')))
  .refine((n) => n >= 1, 'The edition must be 1 or more.')
  .describe('Edition number: 1 for the first (or only) edition of the day');

const TITLE = apiRoute({
  method: 'GET',
  path: '/Api/Titles/:lccn',
  tag: 'Titles',
  summary: "A title's record (from its MARC record when it has one) and the issues and pages held per year",
  description: "The title may also be named 'id-{TitleId}' (the Home API's title id); the answer carries its LCCN.",
  params: z.object({ lccn }),
  responses: { 200: { description: 'TitleResponse (contract/runs.ts)' }, 404: { description: 'No such title on this site' } },
  example: '/Api/Titles/sn99021999',
});
const TITLE_ISSUES = apiRoute({
  method: 'GET',
  path: '/Api/Titles/:lccn/Issues',
  tag: 'Titles',
  summary: "A year of a title's issues (for its calendar), with the previous and next year that have issues",
  params: z.object({ lccn }),
  query: z.object({
    year: z
      .string({ error: "'year' is required, such as year=1887." })
      .regex(/^\d{1,4}$/, 'The year must be a number such as 1887.')
      .transform(Number)
      .describe('The year, such as 1887'),
  }),
  responses: { 200: { description: 'TitleIssuesResponse (contract/runs.ts)' }, 404: { description: 'No such title on this site' } },
  example: '/Api/Titles/sn99021999/Issues?year=1887',
});
const ISSUE = apiRoute({
  method: 'GET',
  path: '/Api/Issues/:lccn/:date/:edition',
  tag: 'Titles',
  summary: 'An issue with every page, the previous and next issue, and its PDF and IIIF manifest links',
  params: z.object({ lccn, date: day, edition }),
  responses: { 200: { description: 'IssueResponse (contract/runs.ts)' }, 404: { description: 'No such title, issue or edition on this site' } },
  example: '/Api/Issues/sn99021999/1887-03-03/1',
});
const frontQuery = z.object({
  date: day.optional().describe('A day: the first page of every issue of that date'),
  monthDay: z
    .string()
    .max(5)
    .refine(isMonthDay, 'monthDay must be a month and day written MM-DD, such as 03-03.')
    .optional()
    .describe('MM-DD: the first pages of that month and day in every year held ("on this day")'),
  year: z
    .string()
    .regex(/^\d{4}$/, 'The year must be four digits.')
    .transform(Number)
    .optional()
    .describe('With monthDay: the year "today" is in, for hundredYearsAgo (default: this year)'),
});
const FRONT_PAGES = apiRoute({
  method: 'GET',
  path: '/Api/FrontPages',
  tag: 'Titles',
  summary: 'The front page of every issue of a date across the site’s titles, or of a month and day across the years',
  query: frontQuery,
  responses: { 200: { description: 'FrontPagesResponse (contract/runs.ts)' }, 400: { description: 'Neither date nor monthDay, or both' } },
  example: '/Api/FrontPages?date=1887-03-03',
});
const FRONT_FEED = apiRoute({
  method: 'GET',
  path: '/Api/FrontPages/feed.atom',
  tag: 'Titles',
  summary: 'On this day: the front pages of a month and day (default today, UTC) across the years, as an Atom feed',
  query: frontQuery.pick({ monthDay: true }),
  responses: { 200: { description: 'Atom 1.0', contentType: 'application/atom+xml' } },
  example: '/Api/FrontPages/feed.atom?monthDay=03-03',
});
const ISSUE_PDF = apiRoute({
  method: 'GET',
  path: '/Api/Files/issue/:lccn/:date/:edition/pdf',
  tag: 'Files',
  summary: 'The whole issue as one PDF (each page’s PDF, or its image where it has none), streamed',
  params: z.object({ lccn, date: day, edition }),
  query: z.object({ download: z.string().max(10).optional().describe('Any value: answer as an attachment') }),
  responses: {
    200: { description: 'application/pdf', contentType: 'application/pdf' },
    404: { description: 'No such issue, or none of its pages has a file' },
  },
  example: '/Api/Files/issue/sn99021999/1887-03-03/1/pdf',
});

const todayMonthDay = () => new Date().toISOString().slice(5, 10);

function frontAt(q: { date?: string; monthDay?: string }): { date: string } | { monthDay: string } {
  if (q.date && q.monthDay) throw badRequest('Give either date or monthDay, not both.');
  if (q.date) return { date: q.date };
  if (q.monthDay) return { monthDay: q.monthDay };
  throw badRequest('Give date=YYYY-MM-DD or monthDay=MM-DD.');
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const longDate = (iso: string) => `${MONTHS[Number(iso.slice(5, 7)) - 1]} ${Number(iso.slice(8, 10))}, ${Number(iso.slice(0, 4))}`;

function frontPagesFeed(origin: string, siteTitle: string, answer: FrontPagesResponse, selfPath: string): string {
  const md = answer.monthDay ?? '';
  const when = `${MONTHS[Number(md.slice(0, 2)) - 1]} ${Number(md.slice(3, 5))}`;
  const entries = answer.pages.map((p) => {
    const link = origin + urls.viewerPage(p.pageUid);
    return [
      '  <entry>',
      `    <id>${xmlEscape(origin + issuePath(p.lccn, p.date, p.edition))}</id>`,
      `    <title>${xmlEscape(`${p.title}, ${longDate(p.date)}${p.edition > 1 ? `, edition ${p.edition}` : ''}`)}</title>`,
      `    <link rel="alternate" type="text/html" href="${xmlEscape(link)}"/>`,
      `    <published>${p.date}T00:00:00Z</published>`,
      `    <updated>${p.date}T00:00:00Z</updated>`,
      `    <summary>${xmlEscape(`Front page of ${p.title}${p.placeOfPublication ? ` (${p.placeOfPublication})` : ''}, ${p.pages} page${p.pages === 1 ? '' : 's'}.`)}</summary>`,
      '  </entry>',
    ].join('\n');
  });
  const newest = answer.pages.map((p) => p.date).sort();
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${xmlEscape(origin + selfPath)}</id>`,
    `  <title>${xmlEscape(`${siteTitle || 'Newspaper archive'}: on this day, ${when}`)}</title>`,
    `  <link rel="self" type="application/atom+xml" href="${xmlEscape(origin + selfPath)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xmlEscape(origin + (newest.length ? frontPagesPath(newest[newest.length - 1]) : '/home'))}"/>`,
    `  <updated>${newest.length ? `${newest[newest.length - 1]}T00:00:00Z` : '1970-01-01T00:00:00Z'}</updated>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}

export default async function runRoutes(app: FastifyInstance) {
  const store = app.store;
  const dataDir = app.config.dataDir;
  const siteId = (req: FastifyRequest) => req.site.row.id;
  const json = (reply: FastifyReply) => reply.header('cache-control', CACHE);
  // Pages without a PDF are drawn from their image at a size a printed page needs, not the full scan.
  const images = createImageService(store, dataDir, { cacheBytes: 1, deferred: demoFullImages(dataDir) });

  app.get(TITLE.path, async (req, reply) => {
    const { lccn } = TITLE.params!.parse(req.params);
    const body = await titleAnswer(store, siteId(req), lccn);
    return json(reply).send(body);
  });

  app.get(TITLE_ISSUES.path, async (req, reply) => {
    const { lccn } = TITLE_ISSUES.params!.parse(req.params);
    const { year } = TITLE_ISSUES.query!.parse(req.query);
    return json(reply).send(await yearAnswer(store, siteId(req), lccn, year));
  });

  app.get(ISSUE.path, async (req, reply) => {
    const { lccn, date, edition } = ISSUE.params!.parse(req.params);
    return json(reply).send(await issueAnswer(store, dataDir, siteId(req), lccn, date, edition));
  });

  app.get(FRONT_PAGES.path, async (req, reply) => {
    const q = FRONT_PAGES.query!.parse(req.query);
    return json(reply).send(await frontPagesAnswer(store, siteId(req), frontAt(q), q.year));
  });

  app.get(FRONT_FEED.path, async (req, reply) => {
    const q = FRONT_FEED.query!.parse(req.query);
    const monthDay = q.monthDay ?? todayMonthDay();
    const answer = await frontPagesAnswer(store, siteId(req), { monthDay });
    const siteTitle = (await loadSiteSections(store, req.site.row)).settings.SiteTitle;
    const body = frontPagesFeed(canonicalOrigin(req), siteTitle, answer, `${FRONT_FEED.path}?monthDay=${monthDay}`);
    return reply.type('application/atom+xml; charset=utf-8').header('cache-control', 'public, max-age=600').send(body);
  });

  app.get(ISSUE_PDF.path, { compress: false }, async (req, reply) => {
    const { lccn, date, edition } = ISSUE_PDF.params!.parse(req.params);
    const { download } = ISSUE_PDF.query!.parse(req.query);
    const issue = await issueOr404(store, siteId(req), lccn, date, edition);
    if (!issue.pages.some((p) => p.hasPdf || p.hasImage)) throw notFound('None of this issue’s pages has a PDF or an image.');
    const sources: PageSource[] = issue.pages.map((p) => ({
      pdf: readPdf(dataFile(dataDir, p.pdfPath)),
      jpeg: async () => {
        if (!p.hasImage || !p.width || !p.height) return null;
        const r = await images.image(p.uid, { region: 'full', size: '!1600,2400', rotation: '0', qf: 'default.jpg' });
        if (r === 'not-modified') return null;
        return { data: new Uint8Array(r.data), width: p.width, height: p.height };
      },
    }));
    const name = `${issue.lccn}-${issue.date}-ed${issue.edition}.pdf`.replace(/[^A-Za-z0-9._-]/g, '_');
    reply
      .type('application/pdf')
      .header('cache-control', 'public, max-age=86400')
      .header('access-control-allow-origin', '*')
      .header('content-disposition', `${download ? 'attachment' : 'inline'}; filename="${name}"`);
    if (req.method === 'HEAD') return reply.send(Readable.from([]));
    return reply.send(Readable.from(issuePdf(sources, { title: `${issue.title}, ${longDate(issue.date)}` })));
  });
}
