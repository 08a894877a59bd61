// The correction editor's reads (the page's lines and its history). Saves go through the outbox
// (device-db/outbox.ts, kind 'correction'), so a save made offline waits on the device and is sent once.
import { getJson } from '../../shared/data/http';
import type { PageCorrectionsResponse, PageLinesResponse } from '../../../contract/corrections';
import { keepLines, readPage } from '../common/seen-page';

const enc = encodeURIComponent;

/** The page's lines from the server (kept on the device), or the kept copy when the server cannot be reached. */
export async function loadPageLines(uid: string, signal?: AbortSignal): Promise<{ lines: PageLinesResponse; fromDevice: boolean }> {
  try {
    // no-store: the lines change as people correct them; a cached copy would start edits from an old version.
    const lines = await getJson<PageLinesResponse>(`Viewer/Page/${enc(uid)}/Lines`, {}, signal, 'no-store');
    void keepLines(uid, lines).catch(() => undefined);
    return { lines, fromDevice: false };
  } catch (err) {
    const kept = await readPage(uid).catch(() => null);
    if (kept?.value.lines && (err as Error).name !== 'AbortError') return { lines: kept.value.lines, fromDevice: true };
    throw err;
  }
}

export const fetchPageHistory = (uid: string, signal?: AbortSignal) =>
  getJson<PageCorrectionsResponse>(`Viewer/Page/${enc(uid)}/Corrections`, {}, signal, 'no-store');
