// The correction editor's view of the outbox: the corrections of one page waiting on this device (or just
// answered), the latest per line, and the one call that keeps a correction and sends it.
import { useMemo } from 'react';
import { keepAndSend, pageOutbox, useOutboxItems } from '../../shared/data/outbox-page';
import { remove, type CorrectionOutboxBody } from '../../../device-db/outbox';
import type { OutboxRecord } from '../../../device-db/schema';
import type { CorrectionCreated } from '../../../contract/corrections';

export type CorrectionItem = OutboxRecord<CorrectionOutboxBody & { clientId: string }, CorrectionCreated>;

/** The latest outbox item of each line of the page, by line id. */
export function latestPerLine(items: OutboxRecord[], pageUid: string): Map<string, CorrectionItem> {
  const out = new Map<string, CorrectionItem>();
  for (const r of items) {
    if (r.kind !== 'correction') continue;
    const item = r as CorrectionItem;
    if (item.body.pageUid !== pageUid) continue;
    const had = out.get(item.body.lineId);
    if (!had || had.createdAt <= item.createdAt) out.set(item.body.lineId, item);
  }
  return out;
}

export function usePageCorrectionItems(pageUid: string): Map<string, CorrectionItem> | undefined {
  const items = useOutboxItems();
  return useMemo(() => (items ? latestPerLine(items, pageUid) : undefined), [items, pageUid]);
}

/** Keeps the correction on the device and sends it now if it can; an unsent earlier one of the line is replaced. */
export async function keepCorrection(body: CorrectionOutboxBody, earlier: CorrectionItem | undefined): Promise<void> {
  if (earlier && earlier.state !== 'sending') await remove(pageOutbox(), earlier.clientId);
  await keepAndSend('correction', body);
}

export const dropCorrectionItem = (item: CorrectionItem) => remove(pageOutbox(), item.clientId);
