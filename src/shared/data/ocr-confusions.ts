// The archive's learned OCR confusions (GET /Api/Search/OcrConfusions, contract/search/confusions.ts) kept on
// the device, so the offline search over kept pages scores misreadings with the same distance as the server
// (the same forms for fz=1 and word~). Fetched at most once per app session, when a page is kept online; read
// by searchDevice. A few kilobytes, pinned: never evicted with what was merely seen.
import type { OcrConfusions } from '../../../contract/search/confusions';
import { archiveDb, keepSeen, readSeen } from '../db';
import { currentSite } from './site';
import { getJson } from './http';

const KEY = 'confusions';
let fetched: Promise<void> | null = null;

/** Fetches and keeps the table once per session (a failure is retried at the next kept page). */
export function keepOcrConfusions(): Promise<void> {
  fetched ??= (async () => {
    const table = await getJson<OcrConfusions | null>('Search/OcrConfusions');
    if (table) await keepSeen(archiveDb(), currentSite(), 'ocr', KEY, table, { pinned: true });
  })().catch(() => {
    fetched = null;
  });
  return fetched;
}

/** The kept table, or null (the listed confusions serve then, as on a server that has not learned yet). */
export async function keptOcrConfusions(): Promise<OcrConfusions | null> {
  const record = await readSeen<OcrConfusions>(archiveDb(), currentSite(), 'ocr', KEY).catch(() => undefined);
  return record?.value ?? null;
}
