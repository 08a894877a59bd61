// When this device last saved the site's browse data, for the offline banner. Its own module, loaded only
// when the banner shows: reading it opens the device database, which an online first load does not need.
import { useLiveQuery } from 'dexie-react-hooks';
import { archiveDb } from '../shared/db';
import { currentSite } from '../shared/data/site';

const formatSavedAt = (ms: number) => new Date(ms).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function SavedAt() {
  const site = currentSite();
  const savedAt = useLiveQuery(
    async () =>
      (
        await archiveDb()
          .home.get(site)
          .catch(() => undefined)
      )?.fetchedAt ?? null,
    [site],
    null,
  );
  if (!savedAt) return null;
  return <span className="offline-banner__when"> Saved {formatSavedAt(savedAt)}.</span>;
}
