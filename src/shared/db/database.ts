// The app's handle on the device database (device-db/): opened once, with the events a person must not miss.
import { ArchiveDatabase } from '../../../device-db/database';
import { classifyStorageError, reportStorageProblem } from '../../../device-db/problems';

const reloadPage = () => window.location.reload();

/**
 * Wires the events a person must not miss: another tab upgrading the schema (versionchange: close and
 * reload so this tab runs the new code), an upgrade blocked by an old tab, and failures to open.
 */
export function watchDatabase(db: ArchiveDatabase, reload: () => void = reloadPage): ArchiveDatabase {
  db.on('versionchange', (event) => {
    db.close();
    // newVersion null means the database is being deleted (e.g. 'clear site data'): reload too.
    if (event.newVersion !== undefined) reload();
    return false;
  });
  db.on('blocked', () => reportStorageProblem('blocked'));
  db.open().catch((error) => reportStorageProblem(classifyStorageError(error), error));
  return db;
}

let shared: ArchiveDatabase | undefined;

/** The app's database, opened on first use. */
export function archiveDb(): ArchiveDatabase {
  shared ??= watchDatabase(new ArchiveDatabase());
  return shared;
}
