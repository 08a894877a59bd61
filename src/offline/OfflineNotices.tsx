// Everything the offline layer has to tell the person, in one element the shell places once. It also starts
// the outbox (sends what an earlier visit left, and again whenever the connection returns).
import { lazy, Suspense, useEffect } from 'react';
import { OfflineBanner } from './OfflineBanner';
import { StorageNotice } from './StorageNotice';
import { startOutbox, useOutboxItems } from '../shared/data/outbox-page';

// The list's code loads only when the device holds writes: most visits have none (issue #19: initial JS).
const OutboxList = lazy(() => import('../shared/ui/OutboxList').then((m) => ({ default: m.OutboxList })));

export function OfflineNotices() {
  useEffect(() => startOutbox(), []);
  const hasItems = (useOutboxItems()?.length ?? 0) > 0;
  return (
    <>
      <OfflineBanner />
      <StorageNotice />
      {hasItems && (
        <Suspense fallback={null}>
          <OutboxList />
        </Suspense>
      )}
    </>
  );
}
