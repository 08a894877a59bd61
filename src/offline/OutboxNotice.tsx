// The outbox's place under the offline notices: the list of writes kept on this device, when there are any.
// Its own module (with the outbox's code and the device database) so the shell's first load does not carry
// them: OfflineNotices loads it once the page has loaded and the browser is idle.
import { useOutboxItems } from '../shared/data/outbox-page';
import { lazyPart } from '../shared/ui/lazy-part';

// The list's code loads only when the device holds writes: most visits have none (issue #19: initial JS).
export const OutboxList = lazyPart(() => import('../shared/ui/OutboxList').then((m) => m.OutboxList));

export { startOutbox } from '../shared/data/outbox-page';

export function OutboxNotice() {
  const hasItems = (useOutboxItems()?.length ?? 0) > 0;
  if (!hasItems) return null;
  return <OutboxList />;
}
