// Says plainly when the archive is offline: what is shown comes from this device, and what needs a
// connection. On a route that cannot work offline it says so and offers the saved browse lists instead.
import { Link, useLocation } from 'wouter';
import { useOnlineStatus } from '../shared/data/online';
import { lazyPart } from '../shared/ui/lazy-part';
import { SAVED_PATH } from '../../contract/routes';
import { OFFLINE_LIMITS, OFFLINE_SAVED, keptOffline, needsConnectionText, needsNetwork } from './needs-network';
import './offline.css';

// When the device saved its browse data: read only while offline (it opens the device database).
export const SavedAt = lazyPart(() => import('./SavedAt').then((m) => m.SavedAt));

const SavedLink = () => (
  <Link href={SAVED_PATH} data-testid="offline-saved-link">
    what you saved on this device
  </Link>
);

export function OfflineBanner() {
  const online = useOnlineStatus();
  const [location] = useLocation();
  if (online) return null;
  const what = needsNetwork(location);
  return (
    <div className="offline-banner" role="status" aria-live="polite" data-testid="offline-banner">
      {what ? (
        <p>
          <strong>You are offline.</strong> {needsConnectionText(what)} {keptOffline(location) ?? ''}{' '}
          <Link href="/home">Browse titles and dates saved on this device</Link>, or open <SavedLink />.
        </p>
      ) : (
        <p>
          <strong>{OFFLINE_SAVED}</strong> {OFFLINE_LIMITS}
          <SavedAt /> Open <SavedLink />.
        </p>
      )}
    </div>
  );
}
