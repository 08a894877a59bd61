// A screen's view of one save job (save-jobs.ts) and of what the device holds (the 'issue' record).
import { useSyncExternalStore } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { archiveDb, type SavedIssue } from '../db';
import { currentSite } from '../data/site';
import { saveJob, subscribeSaveJobs, type SaveJob } from './save-jobs';
import { readSavedIssue } from './issue-record';

export const useSaveJob = (id: string): SaveJob | undefined =>
  useSyncExternalStore(
    subscribeSaveJobs,
    () => saveJob(id),
    () => undefined,
  );

/** The issue's saved record, live (undefined while reading, null when none). */
export function useSavedIssue(issueUid: string): SavedIssue | null | undefined {
  return useLiveQuery(async () => (await readSavedIssue(archiveDb(), currentSite(), issueUid)) ?? null, [issueUid]);
}

/** Asks the browser to keep this site's storage (not cleared under pressure); says what it answered. */
export async function askPersistentStorage(): Promise<string> {
  try {
    if (!navigator.storage?.persist) return '';
    if (await navigator.storage.persisted?.()) return 'This browser keeps what you save until you remove it.';
    return (await navigator.storage.persist())
      ? 'This browser keeps what you save until you remove it.'
      : 'This browser may clear saved pages if the device runs short of space.';
  } catch {
    return '';
  }
}
