// Generates the demo titles, issues and pages: page images (tiled pyramidal TIFF) and OCR words with
// boxes. Issues already in the store are skipped, so an interrupted first start resumes where it stopped.
import { join } from 'node:path';
import type { Store } from '../store';
import { issueUid, pageUid, type PageInput } from '../store/types';
import { DEMO_TITLES, planIssues, type IssuePlan } from './catalog';
import { previewPathOf } from '../images/deferred';
import { FULL_UNIT } from './drawing';
import { rasterImage, writePyramidTiff } from './images';
import { composePage, PAGE_HEIGHT, PAGE_WIDTH, pageTextStyles } from './page';
import { prepareTypeface } from './typeface';

export const DEMO_BATCH = 'demo';
export const DEMO_PAGES_DIR = 'demo/pages';

export interface ArchiveCounts {
  titles: number;
  issues: number;
  pages: number;
  written: number; // issues written by this run (the rest were already there)
}

/** The page images' size: scan-sized (4000 x 6000 px), made when a viewer first zooms in (full-image.ts). */
export const IMAGE_WIDTH = PAGE_WIDTH * FULL_UNIT;
export const IMAGE_HEIGHT = PAGE_HEIGHT * FULL_UNIT;
/** The preview written at once: the full image halved twice (1000 x 1500), enough for thumbnails and a fitted page. */
export const PREVIEW_UNIT = FULL_UNIT / 4;

export const demoImagePath = (puid: string) => `${DEMO_PAGES_DIR}/${puid}.tif`;

/** Composes one issue's pages and writes their previews; image paths are relative to DATA_DIR. */
export async function renderIssue(plan: IssuePlan, dataDir: string): Promise<PageInput[]> {
  await Promise.all([prepareTypeface(FULL_UNIT, pageTextStyles()), prepareTypeface(PREVIEW_UNIT, pageTextStyles())]);
  const uid = issueUid(plan.title.input.lccn, plan.dateIssued, 1);
  const pages: PageInput[] = [];
  for (let sequence = 1; sequence <= plan.pageCount; sequence++) {
    const puid = pageUid(uid, sequence);
    const page = composePage(plan, sequence, puid);
    const imagePath = demoImagePath(puid);
    await writePyramidTiff(rasterImage(page.drawing.paint(PREVIEW_UNIT)), join(dataDir, previewPathOf(imagePath)));
    pages.push({
      sequence,
      number: String(sequence),
      width: IMAGE_WIDTH,
      height: IMAGE_HEIGHT,
      imagePath,
      pdfPath: null,
      altoPath: null,
      ocrText: page.ocrText,
      words: page.words,
    });
  }
  return pages;
}

/**
 * Runs tasks with a fixed number in flight (page composing is synchronous; encoding runs in sharp's
 * threads). After a failure no new task starts, and the call settles only when running ones have.
 */
async function inPool<T>(items: T[], size: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      try {
        await task(items[next++]);
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  };
  const results = await Promise.allSettled(Array.from({ length: Math.min(size, items.length) }, worker));
  const rejected = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (rejected) throw rejected.reason;
}

export interface ArchiveOptions {
  /** Throws after writing this many issues: lets tests simulate an interrupted first start. */
  stopAfterIssues?: number;
  concurrency?: number;
}

/** Loads the demo titles and writes every issue not yet in the store. Leaves the batch 'loading'. */
export async function generateArchive(store: Store, dataDir: string, options: ArchiveOptions = {}): Promise<ArchiveCounts & { batchId: number }> {
  for (const t of DEMO_TITLES) await store.ingest.upsertTitle(t.input);
  const plan = planIssues();
  const batchId = await store.ingest.beginBatch(DEMO_BATCH, null);
  const loaded = await store.ingest.loadedIssueUids(batchId);
  const todo = plan.filter((p) => !loaded.has(issueUid(p.title.input.lccn, p.dateIssued, 1)));
  let written = 0;
  await inPool(todo, options.concurrency ?? 3, async (p) => {
    if (options.stopAfterIssues !== undefined && written >= options.stopAfterIssues) throw new Error('Demo generation stopped (test)');
    const pages = await renderIssue(p, dataDir);
    await store.ingest.writeIssue(batchId, {
      lccn: p.title.input.lccn,
      dateIssued: p.dateIssued,
      edition: 1,
      volume: p.volume,
      number: String(p.number),
      pages,
    });
    written++;
  });
  const pages = plan.reduce((s, p) => s + p.pageCount, 0);
  return { batchId, titles: DEMO_TITLES.length, issues: plan.length, pages, written };
}
