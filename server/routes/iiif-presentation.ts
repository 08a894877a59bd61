// IIIF for viewers and harvesters (docs/API.md, "IIIF"): Presentation 3 manifests of issues and audio
// items, their canvases and OCR text pages, Collections of the site's titles, years and issues, and
// Content Search 1.0 and 2.0 with autocomplete over each issue. Open to every origin (CORS *).
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { notFound } from '../errors';
import { resolveSite } from '../services/site-resolve';
import { CorrectionService } from '../services/corrections/service';
import { buildAudioManifest } from '../presentation/audio-manifest';
import { buildAutocomplete1, buildAutocomplete2, issueTerms } from '../presentation/autocomplete';
import { buildTitleCollection, buildTopCollection, buildYearCollection } from '../presentation/collections';
import { buildSearch1, buildSearch2, ignoredParams, searchIssue } from '../presentation/content-search';
import { buildCanvas, buildManifest, imagedPages, PRESENTATION_CONTEXT, TEXT_GRANULARITY_CONTEXT } from '../presentation/manifest';
import { buildTextPage } from '../presentation/text-annotations';
import { originOf } from '../presentation/urls';

const PRESENTATION_TYPE = `application/ld+json;profile="${PRESENTATION_CONTEXT}"`;
const uid = z.string().min(1).max(300);
const searchQuery = z.object({ q: z.string().max(1000).default('') });
const autocompleteQuery = z.object({
  q: z.string().max(200).default(''),
  min: z.coerce.number({ error: 'min must be a whole number of at least 1.' }).int().min(1).max(1_000_000).default(1),
});
const granularityQuery = z.object({
  granularity: z.enum(['line', 'word'], { error: "granularity must be 'line' or 'word'." }).default('line'),
});

const open = (reply: FastifyReply, type: string, cache = 'public, max-age=3600') =>
  reply.type(type).header('Access-Control-Allow-Origin', '*').header('Cache-Control', cache);

export default async function iiifPresentationRoutes(app: FastifyInstance) {
  const store = app.store;
  const issueOr404 = async (issueUid: string) => {
    const issue = await store.viewer.issue(issueUid);
    if (!issue) throw notFound(`No issue '${issueUid.slice(0, 100)}' in this archive.`);
    return issue;
  };
  const siteOf = (origin: string) => resolveSite(store, origin);
  const corrections = new CorrectionService(store);
  /** The site's title by LCCN (a title outside the site's collection is not there). */
  const titleOr404 = async (siteId: number, lccn: string) => {
    const title = (await store.browse.titleCounts(siteId)).find((t) => t.lccn === lccn);
    if (!title) throw notFound(`No title '${lccn.slice(0, 100)}' in this archive.`);
    return title;
  };

  app.get('/iiif/presentation/:issue/manifest.json', async (req, reply) => {
    const { issue } = z.object({ issue: uid }).parse(req.params);
    const body = buildManifest(originOf(req), await issueOr404(issue));
    open(reply, PRESENTATION_TYPE);
    return body;
  });

  // Canvas ids dereference to the canvas itself, as the Presentation API recommends.
  app.get('/iiif/presentation/:issue/canvas/:page', async (req, reply) => {
    const { issue: issueUid, page: pageUid } = z.object({ issue: uid, page: uid }).parse(req.params);
    const page = imagedPages(await issueOr404(issueUid)).find((p) => p.uid === pageUid);
    if (!page) throw notFound(`No page '${pageUid.slice(0, 100)}' with an image in this issue.`);
    open(reply, PRESENTATION_TYPE);
    return { '@context': [TEXT_GRANULARITY_CONTEXT, PRESENTATION_CONTEXT], ...buildCanvas(originOf(req), issueUid, page) };
  });

  app.get('/iiif/presentation/:issue/canvas/:page/text', async (req, reply) => {
    const { issue: issueUid, page: pageUid } = z.object({ issue: uid, page: uid }).parse(req.params);
    const { granularity } = granularityQuery.parse(req.query);
    const page = imagedPages(await issueOr404(issueUid)).find((p) => p.uid === pageUid);
    if (!page) throw notFound(`No page '${pageUid.slice(0, 100)}' with an image in this issue.`);
    // The text as it reads now: lines visitors corrected (issue #23) in place of their OCR.
    const [words, text] = await Promise.all([corrections.wordsNow(pageUid), store.viewer.text(pageUid)]);
    open(reply, PRESENTATION_TYPE, 'public, max-age=300');
    return buildTextPage(originOf(req), issueUid, { ...page, label: `Page ${page.number || page.sequence}` }, words ?? [], text ?? '', granularity);
  });

  app.get('/iiif/presentation/audio/:item/manifest.json', async (req, reply) => {
    const { item } = z.object({ item: uid }).parse(req.params);
    const audio = await store.viewer.audio(item);
    if (!audio) throw notFound(`No audio item '${item.slice(0, 100)}' in this archive.`);
    open(reply, PRESENTATION_TYPE);
    return buildAudioManifest(originOf(req), audio);
  });

  app.get('/iiif/collection', async (req, reply) => {
    const origin = originOf(req);
    const site = await siteOf(origin);
    const body = buildTopCollection(origin, site.name, await store.browse.titleCounts(site.id));
    open(reply, PRESENTATION_TYPE);
    return body;
  });

  app.get('/iiif/collection/:lccn', async (req, reply) => {
    const { lccn } = z.object({ lccn: uid }).parse(req.params);
    const origin = originOf(req);
    const site = await siteOf(origin);
    const title = await titleOr404(site.id, lccn);
    const years = (await store.browse.yearCounts(site.id, { titleIds: [title.id] })).filter((y) => y.pages > 0).map((y) => y.year);
    open(reply, PRESENTATION_TYPE);
    return buildTitleCollection(origin, title, years);
  });

  app.get('/iiif/collection/:lccn/:year', async (req, reply) => {
    const { lccn, year } = z
      .object({
        lccn: uid,
        year: z
          .string()
          .regex(/^\d{1,4}$/, 'The year must be a number such as 1887.')
          .transform(Number),
      })
      .parse(req.params);
    const origin = originOf(req);
    const title = await titleOr404((await siteOf(origin)).id, lccn);
    const issues = await store.viewer.titleIssues(lccn, year);
    if (!issues.length) throw notFound(`No issues of '${lccn.slice(0, 100)}' in ${year}.`);
    open(reply, PRESENTATION_TYPE);
    return buildYearCollection(origin, title, year, issues);
  });

  // Content Search 2.0 (the v2 shape) and 1.0 (what Mirador and the Universal Viewer read).
  for (const version of [2, 1] as const) {
    app.get(version === 2 ? '/iiif/search/:issue' : '/iiif/search/v1/:issue', async (req, reply) => {
      const { issue: issueUid } = z.object({ issue: uid }).parse(req.params);
      const query = req.query as Record<string, unknown>;
      const { q } = searchQuery.parse(query);
      const issue = await issueOr404(issueUid);
      const origin = originOf(req);
      const hits = q.trim() ? await searchIssue(app.searchRunner, store, (await siteOf(origin)).id, issue, q) : [];
      const ignored = ignoredParams(query);
      open(reply, `application/ld+json;profile="http://iiif.io/api/search/${version}/context.json"`, 'public, max-age=300');
      return version === 2 ? buildSearch2(origin, issueUid, q, hits, ignored) : buildSearch1(origin, issueUid, q, hits, ignored);
    });
    app.get(version === 2 ? '/iiif/autocomplete/:issue' : '/iiif/autocomplete/v1/:issue', async (req, reply) => {
      const { issue: issueUid } = z.object({ issue: uid }).parse(req.params);
      const query = req.query as Record<string, unknown>;
      const { q, min } = autocompleteQuery.parse(query);
      await issueOr404(issueUid);
      const terms = issueTerms(await store.viewer.issueWords(issueUid), q, min);
      const ignored = ignoredParams(query);
      open(reply, `application/ld+json;profile="http://iiif.io/api/search/${version}/context.json"`, 'public, max-age=300');
      const origin = originOf(req);
      return version === 2 ? buildAutocomplete2(origin, issueUid, q, terms, ignored) : buildAutocomplete1(origin, issueUid, q, terms, ignored);
    });
  }
}
