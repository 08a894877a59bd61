// Says plainly when the archive is offline: what is shown comes from this device, and what needs a
// connection. On a route that cannot work offline it says so and offers the saved browse lists instead.
import { Link, useLocation } from 'wouter';
import { useLiveQuery } from 'dexie-react-hooks';
import { useOnlineStatus } from '../shared/data/online';
import { archiveDb } from '../shared/db';
import { currentSite } from '../shared/data/site';
import { SAVED_PATH } from '../../contract/routes';
import { OFFLINE_LIMITS, OFFLINE_SAVED, keptOffline, needsConnectionText, needsNetwork } from './needs-network';
import './offline.css';

function useSavedAt(): number | null {
  const site = currentSite();
  return useLiveQuery(
    async () =>
      (
        await archiveDb()
          .home.get(site)
          .catch(() => undefined)
      )?.fetchedAt ?? null,
    [site],
    null,
  );
}

const formatSavedAt = (ms: number) => new Date(ms).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const SavedLink = () => (
  <Link href={SAVED_PATH} data-testid="offline-saved-link">
    what you saved on this device
  </Link>
);

export function OfflineBanner() {
  const online = useOnlineStatus();
  const [location] = useLocation();
  const savedAt = useSavedAt();
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
          {savedAt && <span className="offline-banner__when"> Saved {formatSavedAt(savedAt)}.</span>} Open <SavedLink />.
        </p>
      )}
    </div>
  );
}
