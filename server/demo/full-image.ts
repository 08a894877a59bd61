// The full-resolution demo page images (4000 x 6000 px), made when a viewer first asks for more detail
// than the preview written at start-up has. Composing is deterministic (seeded by the page uid), so the
// page drawn now is the one whose words and boxes are in the store. One image is made at a time: each
// takes a few hundred milliseconds and about 100 MB while it is painted and encoded.
import { join } from 'node:path';
import type { DeferredImages } from '../images/deferred';
import { issueUid, pageUid } from '../store/types';
import { demoImagePath } from './archive';
import { planIssues, type IssuePlan } from './catalog';
import { FULL_UNIT } from './drawing';
import { rasterImage, writePyramidTiff } from './images';
import { composePage, pageTextStyles } from './page';
import { prepareTypeface } from './typeface';

let pagesByImage: Map<string, { plan: IssuePlan; sequence: number; puid: string }> | null = null;
function pageOf(imagePath: string) {
  if (!pagesByImage) {
    pagesByImage = new Map();
    for (const plan of planIssues()) {
      const uid = issueUid(plan.title.input.lccn, plan.dateIssued, 1);
      for (let sequence = 1; sequence <= plan.pageCount; sequence++) {
        const puid = pageUid(uid, sequence);
        pagesByImage.set(demoImagePath(puid), { plan, sequence, puid });
      }
    }
  }
  return pagesByImage.get(imagePath);
}

/** Paints and encodes one page's full image (exported for the benchmark). */
export async function writeFullImage(imagePath: string, dataDir: string): Promise<boolean> {
  const page = pageOf(imagePath);
  if (!page) return false;
  await prepareTypeface(FULL_UNIT, pageTextStyles());
  const { drawing } = composePage(page.plan, page.sequence, page.puid);
  await writePyramidTiff(rasterImage(drawing.paint(FULL_UNIT)), join(dataDir, imagePath));
  return true;
}

export function demoFullImages(dataDir: string): DeferredImages {
  let queue: Promise<unknown> = Promise.resolve();
  return {
    make(imagePath) {
      const run = queue.then(() => writeFullImage(imagePath, dataDir));
      queue = run.catch(() => undefined);
      return run;
    },
  };
}
