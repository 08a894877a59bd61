// Everything the offline layer has to tell the person, in one element the shell places once. It also starts
// the outbox (sends what an earlier visit left, and again whenever the connection returns).
import { useEffect } from 'react';
import { OfflineBanner } from './OfflineBanner';
import { StorageNotice } from './StorageNotice';
import { OutboxList } from './OutboxList';
import { startOutbox } from './outbox-page';

export function OfflineNotices() {
  useEffect(() => startOutbox(), []);
  return (
    <>
      <OfflineBanner />
      <StorageNotice />
      <OutboxList />
    </>
  );
}
