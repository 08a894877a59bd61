// The viewers' API: page metadata and in-page search, audio items, clips and their server-rendered share
// page. The IIIF documents of issues and audio items are in routes/iiif-presentation.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { z } from 'zod';
import { badRequest, notFound } from '../errors';
import {
  CLIP_CAPTION_MAX,
  type AudioItemResponse,
  type ClipRequest,
  type ClipResponse,
  type PageSearchResponse,
  type ViewerPageResponse,
} from '../../contract/viewer';
import type { ClipRow, Store } from '../store/types';
import { findHits, hitBoxes, pageQueryFromSearch, pageQueryFromText, type PageQuery } from '../presentation/match';
import { formatDate } from '../presentation/manifest';
import { injectSocialTags, readIndexHtml } from '../presentation/social';
import { citablePage, citationMarkup, pageCiteFields, withCitation } from '../services/citation-meta';
import * as urls from '../presentation/urls';
import { apiRoute } from './api-registry';
import { searchQuerySchema } from './search-schema';
import { loadSiteSections } from '../services/site-config';
import { expandRows } from '../services/search/expand';
import { Deadline } from '../services/search/budget';
import { parseSearchParams } from '../../contract/search/query';
import { highlightTerms, planText } from '../../contract/search/plan';

const uidParam = z.object({ uid: z.string().min(1).max(300) });
const pageSearchQuery = z.object({
  q: z.string().max(1000).optional(),
  exact: z.enum(['0', '1', 'true', 'false']).optional(),
});
const clipIdParam = z.object({ id: z.string().min(1).max(64) });
const clipBody = z.object({
  pageUid: z.string().min(1).max(300),
  x: z.number().int().min(0),
  y: z.number().int().min(0),
  w: z.number().int().min(8, 'The clip is too small.'),
  h: z.number().int().min(8, 'The clip is too small.'),
  caption: z.string().trim().max(CLIP_CAPTION_MAX, `The caption is longer than ${CLIP_CAPTION_MAX} characters.`).default(''),
  clientId: z.uuid('clientId must be a UUID.').optional(),
}) satisfies z.ZodType<ClipRequest>; // the contract's shape, checked rather than declared again

// The /Api routes' schemas, declared once: they validate below and describe the API in /Api/openapi.json.
const P = '/Api/Viewer';
const PAGE = apiRoute({
  method: 'GET',
  path: `${P}/Page/:uid`,
  tag: 'Viewer',
  summary: "A page's metadata, neighbours, OCR words with boxes and download links",
  params: uidParam,
  responses: { 200: { description: 'ViewerPageResponse (contract/viewer.ts)' }, 404: { description: 'No such page' } },
  example: `${P}/Page/sn99021999-1887-03-03-ed1-seq1`,
});
const PAGE_SEARCH = apiRoute({
  method: 'GET',
  path: `${P}/Page/:uid/search`,
  tag: 'Viewer',
  summary: "Hits of a query on one page with their boxes (q, or the /search screen's parameters)",
  params: uidParam,
  query: pageSearchQuery.extend(searchQuerySchema.shape),
  responses: { 200: { description: 'PageSearchResponse: { hits: [{ words, boxes }] }' }, 404: { description: 'No such page' } },
  example: `${P}/Page/sn99021999-1887-03-03-ed1-seq1/search?q=telegram`,
});
const AUDIO = apiRoute({
  method: 'GET',
  path: `${P}/Audio/:uid`,
  tag: 'Viewer',
  summary: 'An audio item: label, media URL, duration and transcript cues',
  params: uidParam,
  responses: { 200: { description: 'AudioItemResponse (contract/viewer.ts)' }, 404: { description: 'No such audio item' } },
});
const CLIP_NEW = apiRoute({
  method: 'POST',
  path: `${P}/Clip`,
  tag: 'Viewer',
  summary: 'Saves a clip of a page region (rate limited; needs X-XSRF-TOKEN)',
  body: clipBody,
  responses: {
    201: { description: 'ClipResponse with its share url and image url' },
    404: { description: 'No such page' },
    429: { description: 'Too many clips' },
  },
});
const CLIP = apiRoute({
  method: 'GET',
  path: `${P}/Clip/:id`,
  tag: 'Viewer',
  summary: 'A saved clip',
  params: clipIdParam,
  responses: { 200: { description: 'ClipResponse' }, 404: { description: 'No such clip' } },
});

/**
 * Hits asked by the search screen's URL (k/e/o/n/ord): All and Any words one by one, Exact rows as phrases.
 * Patterns (wash*, wom?n) and OCR-tolerant words (senate~, fz=1) box the index words the search matched,
 * as the results' own boxes and IIIF Content Search do.
 */
async function queryFromSearchParams(store: Store, params: Record<string, unknown>, deadline: Deadline): Promise<PageQuery> {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (typeof v === 'string') qs.set(k, v);
  const query = parseSearchParams(qs);
  // On the main thread: the search's time budget and bounds hold here as in the search workers.
  const expansions = await expandRows(store.search, query.rows, { fuzzy: query.fuzzy, exclude: query.fuzzyExclude, deadline });
  if (!expansions.size) return pageQueryFromSearch(qs);
  const terms = highlightTerms(planText(query.rows, expansions, query.fuzzy));
  // Words within N words of each other are boxed word by word here (a phrase needs them side by side).
  const near = (terms.near ?? []).flatMap((n) => n.tokens.map((t) => [t]));
  return { phrases: [...terms.phrases, ...terms.words.map((w) => [w]), ...near] };
}

async function clipResponse(store: Store, req: FastifyRequest, clip: ClipRow): Promise<ClipResponse> {
  const page = await store.viewer.page(clip.pageUid);
  if (!page) throw notFound('This clip’s page is no longer in the archive.');
  const origin = urls.originOf(req);
  return {
    ...clip,
    url: origin + urls.clipShare(clip.id),
    imageUrl: origin + urls.regionImage(clip.pageUid, clip),
    title: page.titleName,
    date: page.dateIssued,
    sequence: page.sequence,
    number: page.number,
  };
}

export default async function viewerRoutes(app: FastifyInstance) {
  const store = app.store;
  if (!app.hasDecorator('rateLimit')) await app.register(rateLimit, { global: false });

  app.get(PAGE.path, async (req, reply) => {
    const { uid } = PAGE.params!.parse(req.params);
    const page = await store.viewer.page(uid);
    if (!page) throw notFound(`No page '${uid.slice(0, 100)}' in this archive.`);
    const [words, summary] = await Promise.all([store.viewer.words(uid).then((w) => w ?? []), store.corrections.summary(uid)]);
    const body: ViewerPageResponse = {
      ...pageCiteFields(page),
      issueUid: page.issueUid,
      titleId: page.titleId,
      lccn: page.lccn,
      pageCount: page.pageCount,
      width: page.width,
      height: page.height,
      prevPageUid: page.prevPageUid,
      nextPageUid: page.nextPageUid,
      prevIssuePageUid: page.prevIssuePageUid,
      nextIssuePageUid: page.nextIssuePageUid,
      words,
      imageService: page.hasImage ? urls.imageService(uid) : null,
      manifest: urls.manifestUrl(page.issueUid),
      downloads: {
        image: page.hasImage ? urls.fullImage(uid) : null,
        pdf: page.hasPdf ? urls.pagePdf(uid) : null,
        alto: page.hasAlto ? urls.pageAlto(uid) : null,
        text: urls.pageText(uid),
        altoCorrected: page.hasAlto && summary.correctedLines ? `${urls.pageAlto(uid)}?version=corrected` : null,
        textCorrected: summary.correctedLines ? `${urls.pageText(uid)}?version=corrected` : null,
      },
      citationUrl: urls.originOf(req) + urls.viewerPage(uid),
      corrections: { correctedLines: summary.correctedLines, contributors: summary.contributors },
    };
    if (summary.correctedWords) body.correctedWordsFrom = words.length - summary.correctedWords;
    reply.header('Cache-Control', 'public, max-age=300');
    return body;
  });

  app.get(PAGE_SEARCH.path, async (req) => {
    const { uid } = PAGE_SEARCH.params!.parse(req.params);
    const params = PAGE_SEARCH.query!.parse(req.query) as Record<string, unknown>;
    const { q, exact } = pageSearchQuery.parse({ q: params.q, exact: params.exact });
    const words = await store.viewer.words(uid);
    if (!words) throw notFound(`No page '${uid.slice(0, 100)}' in this archive.`);
    const query =
      q !== undefined
        ? pageQueryFromText(q, exact === '1' || exact === 'true')
        : await queryFromSearchParams(store, params, Deadline.after(app.searchRunner.budgetMs));
    const body: PageSearchResponse = { hits: findHits(words, query).map((hit) => ({ words: hit.words, boxes: hitBoxes(words, hit) })) };
    return body;
  });

  app.get(AUDIO.path, async (req) => {
    const { uid } = AUDIO.params!.parse(req.params);
    const a = await store.viewer.audio(uid);
    if (!a) throw notFound(`No audio item '${uid.slice(0, 100)}' in this archive.`);
    const body: AudioItemResponse = {
      uid: a.uid,
      label: a.label,
      date: a.dateIssued,
      title: a.titleName,
      lccn: a.lccn,
      mediaUrl: urls.audioMedia(a.uid),
      transcriptUrl: urls.audioTranscript(a.uid),
      manifest: urls.audioManifest(a.uid),
      mediaType: a.mediaType,
      duration: a.duration,
      cues: a.cues,
      pageUid: a.pageUid ?? null,
    };
    return body;
  });

  app.post(CLIP_NEW.path, { config: { rateLimit: { max: 20, timeWindow: '10 minutes' } } }, async (req, reply) => {
    const input = CLIP_NEW.body!.parse(req.body);
    const page = await store.viewer.page(input.pageUid);
    if (!page) throw notFound('That page is not in this archive.');
    if (!page.hasImage || !page.width || !page.height) throw badRequest('This page has no image to clip.');
    if (input.x + input.w > page.width || input.y + input.h > page.height) throw badRequest('The clip must lie inside the page.');
    const clip = await store.viewer.createClip(input);
    if (!clip) throw notFound('That page is not in this archive.');
    reply.status(201);
    return clipResponse(store, req, clip);
  });

  app.get(CLIP.path, async (req) => {
    const { id } = CLIP.params!.parse(req.params);
    const clip = await store.viewer.clip(id);
    if (!clip) throw notFound('This clip does not exist.');
    return clipResponse(store, req, clip);
  });

  // Link previews run no JavaScript: the share page's head carries the clip's tags from the server.
  app.get('/clipsocialsharing', async (req, reply) => {
    const id = (req.query as Record<string, unknown>).clip;
    const html = readIndexHtml(app.config.distDir);
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache');
    const clip = typeof id === 'string' && id.length <= 64 ? await store.viewer.clip(id) : null;
    const page = clip ? await store.viewer.page(clip.pageUid) : null;
    if (!clip || !page) return reply.status(404).send(html);
    const origin = urls.originOf(req);
    const where = `${page.titleName}, ${formatDate(page.dateIssued)}, page ${page.number || page.sequence}`;
    const { settings } = await loadSiteSections(store, req.site.row);
    const siteName = settings.SiteName || settings.SiteTitle || req.site.row.name;
    // A clip cites its region of the page (reference managers read the tags; contract/citation.ts).
    const citation = citationMarkup(citablePage(page, origin), {
      archiveName: siteName,
      clip: { region: { x: clip.x, y: clip.y, w: clip.w, h: clip.h }, caption: clip.caption, url: origin + urls.clipShare(clip.id) },
    });
    const shared = injectSocialTags(html, {
      siteName,
      title: clip.caption ? `${clip.caption} — ${page.titleName}` : `Clipping from ${page.titleName}`,
      description: `A clipping from ${where}.`,
      url: origin + urls.clipShare(clip.id),
      image: origin + urls.regionImage(clip.pageUid, clip, clip.w > 1200 ? '1200,' : 'max'),
      imageWidth: Math.min(clip.w, 1200),
      imageHeight: clip.w > 1200 ? Math.round((clip.h * 1200) / clip.w) : clip.h,
      imageAlt: clip.caption || `Clipping from ${where}`,
    });
    return withCitation(shared, citation);
  });
}
