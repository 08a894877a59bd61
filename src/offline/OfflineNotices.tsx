// Everything the offline layer has to tell the person, in one element the shell places once. It also starts
// the outbox (sends what an earlier visit left, and again whenever the connection returns). The outbox waits
// until the page has loaded and the browser is idle, and its code (with the device database) loads then:
// opening and reading the database would otherwise run in the tasks that build the first screen, and an item
// left by an earlier visit can wait that long.
import { eagerLazy } from '../shared/ui/lazy-part';
import { Suspense, useEffect, useState } from 'react';
import { OfflineBanner, SavedAt } from './OfflineBanner';
import { StorageNotice } from './StorageNotice';
import { whenIdleAfterLoad } from '../shared/lib/when-idle';
import { OUTBOX_KEPT_EVENT } from '../shared/data/outbox-events';

const loadOutbox = () => import('./OutboxNotice');
const OutboxNotice = eagerLazy(() => loadOutbox().then((m) => m.OutboxNotice));

export function OfflineNotices() {
  const [outboxStarted, setOutboxStarted] = useState(false);
  useEffect(() => {
    let done = false;
    const start = () => {
      if (done) return;
      done = true;
      loadOutbox().then(
        (m) => {
          m.startOutbox();
          setOutboxStarted(true);
          // What the notices show only offline loads now, while the network is there.
          void m.OutboxList.preload();
          void SavedAt.preload();
        },
        () => undefined, // the code could not load (offline without the precache): nothing to send from here
      );
    };
    whenIdleAfterLoad(start);
    // Something kept in the outbox before that idle moment is shown at once.
    window.addEventListener(OUTBOX_KEPT_EVENT, start, { once: true });
    return () => window.removeEventListener(OUTBOX_KEPT_EVENT, start);
  }, []);
  return (
    <>
      <OfflineBanner />
      <StorageNotice />
      {outboxStarted && (
        <Suspense fallback={null}>
          <OutboxNotice />
        </Suspense>
      )}
    </>
  );
}
