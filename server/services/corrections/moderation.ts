// Staff decisions on visitor corrections (issue #23): the queue, approve, reject, and restoring a line to
// any of its versions. Every change that alters what is published republishes the page (page-state.ts).
import { ANONYMOUS, type AdminCorrectionItem, type CorrectionLine } from '../../../contract/corrections';
import { HttpError, badRequest, notFound } from '../../errors';
import type { Store } from '../../store';
import type { CorrectionListRow, CorrectionRow } from '../../store/types';
import { historyEntry } from './line-state';
import type { OcrLine } from './lines';
import { PageStates } from './page-state';

export class CorrectionModeration {
  private readonly pages: PageStates;

  constructor(private readonly store: Store) {
    this.pages = new PageStates(store);
  }

  async moderationList(siteId: number | undefined, limit = 200): Promise<{ pending: AdminCorrectionItem[]; recent: AdminCorrectionItem[] }> {
    const [pending, recent] = await Promise.all([
      this.store.corrections.list({ siteId, pending: true, limit }),
      this.store.corrections.list({ siteId, pending: false, limit }),
    ]);
    const originals = new Map<string, Promise<OcrLine[]>>();
    const item = async (r: CorrectionListRow): Promise<AdminCorrectionItem> => {
      if (!originals.has(r.pageUid))
        originals.set(
          r.pageUid,
          this.pages.load(r.pageUid).then((s) => s.ocrLines),
        );
      const original = (await originals.get(r.pageUid)!).find((l) => l.id === r.lineId)?.text ?? '';
      return {
        ...historyEntry(r),
        // Staff see which account made a version (the public history shows only the role).
        author: r.displayName ?? r.account ?? ANONYMOUS,
        pageUid: r.pageUid,
        siteId: r.siteId,
        original,
        previousText: r.previousText,
        address: r.address,
        account: r.account,
        title: r.title,
        date: r.date,
        sequence: r.sequence,
      };
    };
    return { pending: await Promise.all(pending.map(item)), recent: await Promise.all(recent.map(item)) };
  }

  async decide(id: number, state: 'published' | 'rejected', by: string): Promise<CorrectionRow> {
    const row = await this.store.corrections.get(id);
    if (!row) throw notFound(`No correction ${id}.`);
    if (row.state === state) return row;
    await this.store.corrections.setState(id, state, by);
    // Publishing shows it; rejecting a published one takes it back out of the text and search.
    if (state === 'published' || row.state === 'published') await this.pages.republish(await this.pages.load(row.pageUid));
    return (await this.store.corrections.get(id))!;
  }

  /** Restores a line to any of its versions (0 = the OCR) as a new published version, so history stays whole. */
  async revert(uid: string, lineId: string, version: number, by: string): Promise<CorrectionLine> {
    const s = await this.pages.load(uid);
    const line = s.lines.find((l) => l.id === lineId);
    if (!line) throw badRequest(`No line '${lineId.slice(0, 40)}' on this page.`);
    const target = version === 0 ? line.original : s.rows.find((r) => r.lineId === lineId && r.version === version)?.text;
    if (target === undefined) throw badRequest(`Line ${lineId} has no version ${version}.`);
    const result = await this.store.corrections.insert({
      pageId: s.page.id,
      lineId,
      baseVersion: line.version,
      text: target,
      previousText: line.text,
      state: 'published',
      revertOf: version,
      displayName: null,
      account: by,
      address: null,
      siteId: null,
      clientId: null,
    });
    if (result.kind !== 'created') throw new HttpError(409, 'The line changed while you restored it: reload and try again.');
    await this.pages.republish(s);
    return (await this.pages.load(uid)).lines.find((l) => l.id === lineId)!;
  }
}
