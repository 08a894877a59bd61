// Everything the offline layer has to tell the person, in one element the shell places once. It also starts
// the outbox (sends what an earlier visit left, and again whenever the connection returns). The outbox waits
// until the page has loaded and the browser is idle: opening the device database and reading it would
// otherwise run in the tasks that build the first screen, and an item left by an earlier visit can wait.
import { lazy, Suspense, useEffect, useState } from 'react';
import { OfflineBanner } from './OfflineBanner';
import { StorageNotice } from './StorageNotice';
import { startOutbox, useOutboxItems } from '../shared/data/outbox-page';
import { whenIdleAfterLoad } from '../shared/lib/when-idle';

// The list's code loads only when the device holds writes: most visits have none (issue #19: initial JS).
const OutboxList = lazy(() => import('../shared/ui/OutboxList').then((m) => ({ default: m.OutboxList })));

export function OfflineNotices() {
  const [outboxStarted, setOutboxStarted] = useState(false);
  useEffect(
    () =>
      whenIdleAfterLoad(() => {
        startOutbox();
        setOutboxStarted(true);
      }),
    [],
  );
  return (
    <>
      <OfflineBanner />
      <StorageNotice />
      {outboxStarted && <OutboxNotice />}
    </>
  );
}

function OutboxNotice() {
  const hasItems = (useOutboxItems()?.length ?? 0) > 0;
  if (!hasItems) return null;
  return (
    <Suspense fallback={null}>
      <OutboxList />
    </Suspense>
  );
}
