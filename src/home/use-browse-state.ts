// Browse panel state: the title and decade lists, single- or multi-select, the selections, and the
// narrowing of one list by the other through SelectTitleDecade (spec 4.3, 4.4).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DecadeItem, HomeDetail, TitleDecadeResponse, TitleItem } from '../../contract/api';
import { decadeStart, MAX_LIST } from '../../contract/search/query';
import { pickTitles, selectTitleDecade } from '../shared/data/home-hooks';

const pickSelectedTitles = (r: TitleDecadeResponse): TitleItem[] =>
  (String(r.solrtype) === '4' ? r.SelectedYearRangeWithTitleandCountList : r.SelectedYearRangeWithTitlecountSolr7Sametitle) ?? [];

const keepPresent = (selected: Set<number>, present: number[]) => {
  const here = new Set(present);
  return new Set([...selected].filter((id) => here.has(id)));
};

export type Changed = 'titles' | 'decades';

export function useBrowseState(detail: HomeDetail | undefined, onError: (message: string) => void) {
  const solrType = String(detail?.model?._searchModels?.solrtype ?? detail?.objeWbSite?.solrtype ?? '');
  const base = useMemo(
    () => ({
      titles: detail ? pickTitles(detail.model._searchModels) : [],
      decades: detail?.model?._searchModels?.DecadeList ?? [],
    }),
    [detail],
  );
  const [titles, setTitles] = useState<TitleItem[]>(base.titles);
  const [decades, setDecades] = useState<DecadeItem[]>(base.decades);
  const [multi, setMultiState] = useState(false);
  const [selectedTitles, setSelectedTitles] = useState<Set<number>>(() => new Set());
  const [selectedDecades, setSelectedDecades] = useState<Set<number>>(() => new Set());
  const [narrowing, setNarrowing] = useState(false);
  const inFlight = useRef<AbortController | null>(null);

  // A newer getDetail answer (the network after the saved copy) replaces the lists, unless the visitor
  // is narrowing them: their selections and narrowed lists stay until they clear them.
  const selecting = selectedTitles.size + selectedDecades.size > 0;
  useEffect(() => {
    if (selecting) return;
    setTitles(base.titles);
    setDecades(base.decades);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [base]);

  const narrow = useCallback(
    async (nextTitles: Set<number>, nextDecades: Set<number>, changed: Changed) => {
      inFlight.current?.abort();
      // More titles checked than a request can name (Select All on a long list): the decades are not
      // narrowed by them (nearly every decade would stay anyway); checking decades still narrows the titles.
      const tooMany = nextTitles.size > MAX_LIST;
      if (tooMany && changed === 'titles') {
        inFlight.current = null;
        setNarrowing(false);
        return;
      }
      const ctrl = new AbortController();
      inFlight.current = ctrl;
      setNarrowing(true);
      try {
        const res = await selectTitleDecade(
          { titleIds: tooMany ? [] : [...nextTitles], decades: [...nextDecades], collectionIds: String(detail?.CollectionIds ?? ''), solrType },
          ctrl.signal,
        );
        if (ctrl.signal.aborted) return;
        const newTitles = pickSelectedTitles(res);
        const newDecades = res.SelectedDecadeList ?? [];
        // Checking titles reloads the decades and the reverse; a list with nothing checked is also
        // replaced. Checked items still present stay checked (spec 4.4).
        if (!tooMany && (changed === 'titles' || nextDecades.size === 0)) {
          setDecades(newDecades);
          setSelectedDecades(
            keepPresent(
              nextDecades,
              newDecades.map((d) => decadeStart(d.Decade)),
            ),
          );
        }
        if (changed === 'decades' || nextTitles.size === 0) {
          setTitles(newTitles);
          setSelectedTitles(
            keepPresent(
              nextTitles,
              newTitles.map((t) => t.TitleId),
            ),
          );
        }
      } catch (err) {
        if ((err as Error).name !== 'AbortError') onError((err as Error).message);
      } finally {
        if (inFlight.current === ctrl) {
          inFlight.current = null;
          setNarrowing(false);
        }
      }
    },
    [detail, solrType, onError],
  );

  const setTitlesChecked = useCallback(
    (ids: number[], on: boolean) => {
      const next = new Set(selectedTitles);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      setSelectedTitles(next);
      void narrow(next, selectedDecades, 'titles');
    },
    [selectedTitles, selectedDecades, narrow],
  );

  const setDecadesChecked = useCallback(
    (ids: number[], on: boolean) => {
      const next = new Set(selectedDecades);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      setSelectedDecades(next);
      void narrow(selectedTitles, next, 'decades');
    },
    [selectedTitles, selectedDecades, narrow],
  );

  /** Leaving multi-select forgets the selections and restores the full lists. */
  const setMulti = useCallback(
    (on: boolean) => {
      setMultiState(on);
      if (!on) {
        inFlight.current?.abort();
        setNarrowing(false);
        setSelectedTitles(new Set());
        setSelectedDecades(new Set());
        setTitles(base.titles);
        setDecades(base.decades);
      }
    },
    [base],
  );

  return { titles, decades, multi, setMulti, selectedTitles, selectedDecades, setTitlesChecked, setDecadesChecked, narrowing };
}

export type BrowseState = ReturnType<typeof useBrowseState>;
