// A kiosk forgets its visitor (issue #17): session storage (search state, viewer state, the site tools'
// values), the site tools' local mirrors, and the visitor's records in the offline database. The browse
// data (titles, decades, the home answer) and the featured issues stay: they belong to the site.
import { CORRECTION_NAME_KEY, LOCAL_KEYS, SESSION_SYNC_KEYS } from '../shared/lib/storage-keys';
import { archiveDb, forgetVisitorRecords } from '../shared/db';

export function forgetVisitorStorage(session: Storage = sessionStorage, local: Storage = localStorage): void {
  session.clear();
  for (const key of [...Object.values(LOCAL_KEYS), ...Object.values(SESSION_SYNC_KEYS), CORRECTION_NAME_KEY]) local.removeItem(key);
}

/** Clears every trace it can; returns the names of record stores it could not clear (already logged). */
export async function forgetVisitor(site = location.origin): Promise<string[]> {
  forgetVisitorStorage();
  const failed = await forgetVisitorRecords(archiveDb(), site).catch(() => ['database']);
  if (failed.length) console.warn('[kiosk] could not forget', failed.join(', '));
  return failed;
}
