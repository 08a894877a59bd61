// A page as corrections see it: its OCR lines (parsed once, kept for recently corrected pages), its rows,
// and each line as it reads now; and the step every published change ends with (republish).
import type { CorrectionLine } from '../../../contract/corrections';
import { notFound } from '../../errors';
import type { Store } from '../../store';
import type { CorrectionPage, CorrectionRow } from '../../store/types';
import { toWords } from '../../store/viewer-rows';
import { currentLines, overlayOf } from './line-state';
import { pageLines, type OcrLine } from './lines';

export interface PageState {
  page: CorrectionPage;
  ocrLines: OcrLine[];
  rows: CorrectionRow[];
  lines: CorrectionLine[];
}

export class PageStates {
  /** Parsed OCR lines of recently corrected pages (parsing a page's words costs more than the rest of a correction). */
  private readonly ocrLines = new Map<number, { ocrText: string; lines: OcrLine[] }>();

  constructor(private readonly store: Store) {}

  async load(uid: string): Promise<PageState> {
    const page = await this.store.corrections.page(uid);
    if (!page) throw notFound(`No page '${uid.slice(0, 100)}' in this archive.`);
    const ocrLines = this.ocrLinesOf(page);
    const rows = await this.store.corrections.pageRows(page.id);
    return { page, ocrLines, rows, lines: currentLines(ocrLines, rows) };
  }

  ocrLinesOf(page: CorrectionPage): OcrLine[] {
    const hit = this.ocrLines.get(page.id);
    if (hit && hit.ocrText === page.ocrText) return hit.lines; // a re-ingested page has new text (or a new id)
    const lines = pageLines(toWords(page.words), page.ocrText);
    this.ocrLines.set(page.id, { ocrText: page.ocrText, lines });
    if (this.ocrLines.size > 500) this.ocrLines.delete(this.ocrLines.keys().next().value!);
    return lines;
  }

  /**
   * Rewrites the page's search fields from its published rows and makes cached search answers stale. Only
   * those: the text version (MetaRepo.searchVersion) is what search answers and counts key on; Home,
   * discovery and site answers show no page text, so they keep their caches (the data version is not bumped).
   * Every cached search is dropped, not only those whose words the correction touched: a cached answer also
   * shows its pages' words (snippets, boxes), which any correction of those pages changes, and telling which
   * cached answers hold a page would cost more than the searches it would save at the rates corrections come.
   */
  async republish(s: Pick<PageState, 'page' | 'ocrLines'>) {
    await this.store.corrections.writeOverlay(s.page.id, (rows) => overlayOf(currentLines(s.ocrLines, rows)));
    await this.store.meta.bumpTextVersion();
  }
}
