// The home screen's /search links (browse tiles, decades, years) and the date filter's bounds, derived in
// the archive worker in one call per home data (before the data comes, from the archive's default years);
// null until the worker first answers. `fromData` says the links come from home data (the browse panel
// waits for that); links of older data stay in use until the new ones come, so a refresh never blanks it.
import { useEffect, useState } from 'react';
import type { HomeDetail } from '../../../contract/api';
import { callArchiveWorker } from '../lib/worker-client';
import type { HomeLinks } from '../../../workers/search-links';

export type { HomeLinks };

export function useHomeLinks(detail: HomeDetail | undefined): { links: HomeLinks; fromData: boolean } | null {
  const [links, setLinks] = useState<{ links: HomeLinks; fromData: boolean } | null>(null);
  useEffect(() => {
    const ctrl = new AbortController();
    const bounds = detail
      ? {
          MinDate: detail.MinDate,
          MaxDate: detail.MaxDate,
          fullMinDate: detail.fullMinDate,
          fullMaxDate: detail.fullMaxDate,
          DecadeList: (detail.model?._searchModels?.DecadeList ?? []).map(({ Decade, Years }) => ({ Decade, Years })),
        }
      : { DecadeList: [] };
    callArchiveWorker('homeLinks', [bounds], { signal: ctrl.signal }).then(
      (answer) => setLinks({ links: answer, fromData: !!detail }),
      () => undefined, // an answer for replaced data is dropped
    );
    return () => ctrl.abort();
  }, [detail]);
  return links;
}

/** A title tile's link: the worker's template with the title's id. */
export const titleLink = (links: HomeLinks, titleId: number) => `${links.titleLink.before}${titleId}${links.titleLink.after}`;
