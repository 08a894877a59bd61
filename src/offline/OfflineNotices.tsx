// Everything the offline layer has to tell the person, in one element the shell places once.
import { OfflineBanner } from './OfflineBanner';
import { StorageNotice } from './StorageNotice';

export function OfflineNotices() {
  return (
    <>
      <OfflineBanner />
      <StorageNotice />
    </>
  );
}
