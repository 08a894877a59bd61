// The size shown before a save starts: pages × (page data + its tiles), measured on the page on screen
// (its answer's size, the number of tiles contract/iiif-tiles.ts keeps, the mean size of the tiles this device already
// holds for it), plus the PDFs when asked, from the server's Content-Length (HEAD requests).
import type { ViewerPageResponse } from '../../../contract/viewer';
import type { ArchiveDatabase, SeenTiles } from '../db';
import { jsonBytes } from '../db';

/** A tile's size when none of the page's tiles is on the device yet (256-px JPEG of a newspaper page). */
export const TYPICAL_TILE_BYTES = 20_000;

export interface PageMeasure {
  dataBytes: number;
  tilesPerPage: number;
  tileBytes: number;
  /** Whether the measured page has a PDF (so PDFs are worth offering). */
  hasPdf?: boolean;
}

export function estimateSaveBytes(pageCount: number, measure: PageMeasure, pdfBytes = 0): number {
  return Math.round(pageCount * (measure.dataBytes + measure.tilesPerPage * measure.tileBytes) + pdfBytes);
}

/** Measures the page on screen (its tiles' count at the kept levels, their mean size on this device). */
export async function measurePage(
  db: ArchiveDatabase,
  site: string,
  page: ViewerPageResponse,
  screen: { width: number; height: number },
): Promise<PageMeasure> {
  const dataBytes = jsonBytes({ page, hits: {} });
  const hasPdf = !!page.downloads.pdf;
  if (!page.imageService) return { dataBytes, tilesPerPage: 0, tileBytes: 0, hasPdf };
  const infoUrl = new URL(`${page.imageService}/info.json`, location.origin).toString();
  const info = await (await fetch(infoUrl, { credentials: 'same-origin' })).json();
  // Loaded when a save is offered, not with the screen that offers it.
  const { tileUrlsToKeep } = await import('../../../contract/iiif-tiles');
  const urls = tileUrlsToKeep(info, infoUrl, screen);
  const ledger = (await db.seen.get([site, 'tiles', page.uid]).catch(() => undefined))?.value as SeenTiles | undefined;
  const sizes = Object.entries(ledger?.tiles ?? {})
    .filter(([url]) => /\/default\.(jpg|png|webp)$/.test(url))
    .map(([, bytes]) => bytes);
  const tileBytes = sizes.length ? sizes.reduce((a, b) => a + b, 0) / sizes.length : TYPICAL_TILE_BYTES;
  return { dataBytes, tilesPerPage: urls.length + 1, tileBytes, hasPdf };
}

export interface IssuePages {
  pages: string[];
  /** PDF URLs of the pages that have one. */
  pdfs: string[];
}

/** The issue's pages in order and their PDFs, from its IIIF manifest (canvas ids end with the page uid). */
export async function issuePages(manifestUrl: string, signal?: AbortSignal): Promise<IssuePages> {
  const res = await fetch(new URL(manifestUrl, location.origin), { credentials: 'same-origin', signal });
  if (!res.ok) throw new Error(`The list of pages of this issue could not be read (${res.status}).`);
  const manifest = (await res.json()) as { items?: Array<{ id: string; rendering?: Array<{ id: string; format?: string }> }> };
  const items = manifest.items ?? [];
  return {
    pages: items.map((c) => decodeURIComponent(c.id.split('/').pop() ?? '')).filter(Boolean),
    pdfs: items.flatMap((c) =>
      (c.rendering ?? []).filter((r) => r.format === 'application/pdf').map((r) => new URL(new URL(r.id).pathname, location.origin).toString()),
    ),
  };
}

/**
 * The PDFs' total size from HEAD requests (a page without a PDF, 404, counts nothing), or null when the
 * server does not say for one of them.
 */
export async function pdfBytes(urls: string[], signal?: AbortSignal): Promise<number | null> {
  const sizes = await Promise.all(
    urls.map(async (url) => {
      const res = await fetch(url, { method: 'HEAD', credentials: 'same-origin', signal }).catch(() => null);
      if (res?.status === 404) return 0;
      const n = Number(res?.ok ? res.headers.get('content-length') : NaN);
      return Number.isFinite(n) && n > 0 ? n : null;
    }),
  );
  return sizes.some((n) => n === null) ? null : (sizes as number[]).reduce((a, b) => a + b, 0);
}

/** A page's PDF download address (the server's /Api/Files route, as the viewer's page answer links it). */
export const pagePdfUrl = (uid: string) => new URL(`/Api/Files/page/${encodeURIComponent(uid)}/pdf`, location.origin).toString();

export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${(bytes / (1024 * 1024 * 1024)).toFixed(2)} GB`;
}
