// Offline search over the pages kept on this device (issue #17): the results screen asks the archive worker
// (workers/offline-search.ts) when it is offline and has no kept answer for the query. Kept pages carry a
// title's name, not its id: the names of the query's titles go to the worker, and the answer's title facets
// come back by name and get their ids here (the title list this device keeps for /home).
import type { SearchResponse } from '../../contract/search/query';
import { parseSearchParams } from '../../contract/search/query';
import { callArchiveWorker } from '../shared/lib/worker-client';
import { archiveDb, readTitles } from '../shared/db';
import { currentSite } from '../shared/data/site';
import { keptOcrConfusions } from '../shared/data/ocr-confusions';

export interface DeviceAnswer {
  /** How many pages on this device were searched. */
  pages: number;
  response: SearchResponse;
}

export async function searchDevice(query: string, signal?: AbortSignal): Promise<DeviceAnswer> {
  const site = currentSite();
  const titles = await readTitles(archiveDb(), site).catch(() => []);
  const wanted = new Set(parseSearchParams(query).titleIds);
  const titleNames: Record<number, string> = {};
  for (const t of titles) if (wanted.has(t.TitleId)) titleNames[t.TitleId] = t.title;
  // The archive's learned OCR confusions as kept on this device (fz=1 and word~ choose the server's forms).
  const confusions = (await keptOcrConfusions())?.confusions;
  const answer = await callArchiveWorker('searchDevicePages', [site, query, titleNames, confusions], { signal });
  const idOf = new Map(titles.map((t) => [t.title, t.TitleId]));
  const facets = answer.response.facets;
  facets.titles = facets.titles.filter((f) => idOf.has(f.name)).map((f) => ({ ...f, id: idOf.get(f.name)! }));
  for (const r of answer.response.results) r.titleId = idOf.get(r.title) ?? 0;
  return answer;
}
