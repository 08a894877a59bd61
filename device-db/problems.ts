// Storage problems the person must hear about (full quota, a blocked upgrade, no IndexedDB at all).
// The database code reports them here; the StorageNotice component shows them. Never swallowed.

export type StorageProblemKind = 'quota' | 'evicted' | 'blocked' | 'unavailable' | 'failed';

export interface StorageProblem {
  kind: StorageProblemKind;
  message: string;
  detail?: string;
}

const MESSAGES: Record<StorageProblemKind, string> = {
  quota:
    'This device is out of storage space for the archive, so the newest titles and decades could not be saved for offline use. Free some space or clear old site data; browsing online still works.',
  evicted: 'This device ran short of storage space, so the oldest searches and pages kept for offline reading were removed to make room for the newest.',
  blocked:
    'The archive was updated in another tab that is still open. Close the other tabs of this archive (or reload them) to finish the update of saved data.',
  unavailable: 'This browser does not let the archive save data (private mode or storage turned off), so it cannot work offline. Browsing online still works.',
  failed: 'Saved offline data could not be read or written. Browsing online still works.',
};

let problems: StorageProblem[] = [];
const listeners = new Set<() => void>();

export function reportStorageProblem(kind: StorageProblemKind, error?: unknown): void {
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : error ? String(error) : undefined;
  console.error(`[offline storage] ${kind}`, error);
  if (problems.some((p) => p.kind === kind)) return;
  problems = [...problems, { kind, message: MESSAGES[kind], detail }];
  listeners.forEach((l) => l());
}

export function dismissStorageProblem(kind: StorageProblemKind): void {
  problems = problems.filter((p) => p.kind !== kind);
  listeners.forEach((l) => l());
}

export const getStorageProblems = (): StorageProblem[] => problems;

export function subscribeStorageProblems(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Maps a Dexie/IndexedDB error to the kind of problem a person can act on. */
export function classifyStorageError(error: unknown): StorageProblemKind {
  const e = error as { name?: string; inner?: { name?: string } } | undefined;
  const names = [e?.name, e?.inner?.name];
  if (names.includes('QuotaExceededError')) return 'quota';
  if (names.includes('MissingAPIError') || names.includes('InvalidStateError') || names.includes('SecurityError')) return 'unavailable';
  return 'failed';
}
