import type { Store } from '../store';

/** Generates the demo archive on first start (the demo issue fills this in). */
export async function ensureDemoArchive(_store: Store, _dataDir: string, _log: (line: string) => void): Promise<void> {}
