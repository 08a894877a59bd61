// Where a page's and an issue's resources live. The IIIF image server and the file routes belong to the
// ingest module; the viewer only links to them, so their paths are written down here once.
import type { FastifyRequest } from 'fastify';
import { canonicalOrigin } from '../services/canonical-origin';

export const enc = encodeURIComponent;

/** The site's canonical origin ("https://host:port"), for IIIF ids and social-preview tags: never the raw Host. */
export const originOf = (req: FastifyRequest) => canonicalOrigin(req);

export const imageService = (pageUid: string) => `/iiif/3/${enc(pageUid)}`;
export const regionImage = (pageUid: string, r: { x: number; y: number; w: number; h: number }, size = 'max') =>
  `${imageService(pageUid)}/${r.x},${r.y},${r.w},${r.h}/${size}/0/default.jpg`;
/** A large JPEG of the whole page (bounded so a huge master never becomes a 50 MB download). */
export const fullImage = (pageUid: string) => `${imageService(pageUid)}/full/!3000,3000/0/default.jpg`;

export const pagePdf = (pageUid: string) => `/Api/Files/page/${enc(pageUid)}/pdf`;
export const pageAlto = (pageUid: string) => `/Api/Files/page/${enc(pageUid)}/alto`;
export const pageText = (pageUid: string) => `/Api/Files/page/${enc(pageUid)}/text`;
export const audioMedia = (audioUid: string) => `/Api/Files/audio/${enc(audioUid)}`;

export const manifestUrl = (issueUid: string) => `/iiif/presentation/${enc(issueUid)}/manifest.json`;
export const canvasId = (issueUid: string, pageUid: string) => `/iiif/presentation/${enc(issueUid)}/canvas/${enc(pageUid)}`;
export const searchService = (issueUid: string) => `/iiif/search/${enc(issueUid)}`;

export const viewerPage = (pageUid: string) => `/viewer?page=${enc(pageUid)}`;
export const clipShare = (clipId: string) => `/clipsocialsharing?clip=${enc(clipId)}`;
