// A one-page issue of title sn1 on 1870-01-01, written and then the data version bumped (as an ingest does):
// for tests that add a page while searches run.
import type { Store } from '../../server/store/types';

export async function writeOnePage(store: Pick<Store, 'ingest' | 'meta'>, batch: number, edition: number, text: string) {
  await store.ingest.writeIssue(batch, {
    lccn: 'sn1',
    dateIssued: '1870-01-01',
    edition,
    pages: [{ sequence: 1, width: 800, height: 1200, imagePath: null, pdfPath: null, altoPath: null, ocrText: text, words: [] }],
  });
  await store.meta.bumpDataVersion();
}
