// The 'issue' record of an issue saved for offline (device-db/schema.ts, SavedIssue): created 'saving'
// when a save starts, its `done` list grown page by page, and 'saved' only when every page is on the device,
// so a half-saved issue is never shown as saved. /saved lists these records.
import type { ArchiveDatabase, SavedIssue, SeenRecord } from '../db';
import { longDate } from '../lib/format';
import { writePinned } from '../../../device-db/pinned-write';
import { getJson } from '../../shared/data/http';
import { issueApiPath, issuePath, parseIssueUid } from '../../../contract/runs';
import type { SaveTarget } from './save-run';

export type IssueSaveRequest = Omit<SavedIssue, 'state' | 'done' | 'bytes'>;

export async function readSavedIssue(db: ArchiveDatabase, site: string, issueUid: string): Promise<SavedIssue | undefined> {
  const record = (await db.seen.get([site, 'issue', issueUid]).catch(() => undefined)) as SeenRecord<SavedIssue> | undefined;
  return record?.value;
}

// Named as its pages are ("The Harvest Gazette, May 12, 1890"): /saved and its Remove button read it aloud.
const issueLabel = (issue: Pick<SavedIssue, 'title' | 'date'>) => `${issue.title}, ${longDate(issue.date)}`;

/**
 * The record a save (or a resumed save) runs on: an existing record keeps its done pages (those still in the
 * issue), unless PDFs are now asked for and were not before (those pages lack their PDF: saved again).
 */
export async function beginIssueSave(db: ArchiveDatabase, site: string, request: IssueSaveRequest): Promise<SavedIssue> {
  const before = await readSavedIssue(db, site, request.issueUid);
  const keepDone = before && (before.withPdfs || !request.withPdfs);
  const done = keepDone ? before.done.filter((uid) => request.pages.includes(uid)) : [];
  const complete = done.length === request.pages.length;
  const issue: SavedIssue = {
    ...request,
    state: complete && before?.state === 'saved' ? 'saved' : 'saving',
    done,
    bytes: keepDone ? before.bytes : 0,
  };
  await writePinned(db, site, 'issue', request.issueUid, issue, { label: issueLabel(issue), href: issue.href });
  await keepIssuePage(db, site, request.issueUid, issueLabel(issue));
  return issue;
}

/**
 * The issue's own page (issue #36, /issue/...) kept with the saved issue, pinned like its pages, under the key
 * the issue screen reads (its API path). Best effort: the pages are what the save is for.
 */
async function keepIssuePage(db: ArchiveDatabase, site: string, issueUid: string, label: string): Promise<void> {
  const parts = parseIssueUid(issueUid);
  if (!parts) return;
  const path = issueApiPath(parts.lccn, parts.date, parts.edition);
  try {
    const answer = await getJson<unknown>(path);
    await writePinned(db, site, 'run', path, answer, { label, href: issuePath(parts.lccn, parts.date, parts.edition) });
  } catch {
    /* the issue page is a convenience; its absence must not stop the save */
  }
}

/** The save loop's view of an issue record: each page done is written down at once (a resume starts after it). */
export function issueTarget(db: ArchiveDatabase, site: string, issue: SavedIssue, savePage: SaveTarget['savePage']): SaveTarget {
  let current = issue;
  const write = async (next: SavedIssue) => {
    await writePinned(db, site, 'issue', issue.issueUid, next);
    current = next;
  };
  return {
    pages: issue.pages,
    done: issue.done,
    bytes: issue.bytes,
    savePage,
    markDone: (uid, bytes) => write({ ...current, done: [...current.done.filter((d) => d !== uid), uid], bytes: current.bytes + bytes }),
    finish: () => write({ ...current, state: 'saved' }),
  };
}
