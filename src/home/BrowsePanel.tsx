// Browse panel (spec 2.4, 4.3, 4.4): the 'Multi-select' switch, 'Titles' and 'Dates' sections with their
// tiles, counters and 'See All' panels, and 'Apply Filter' in multi-select.
import { useCallback, useEffect, useId, useState } from 'react';
import type { DecadeItem, HomeDetail, TitleItem } from '../../contract/api';
import { applyBrowseParams, decadeClickParams, searchPath, titleClickParams, yearClickParams, yearSearchEnterMessage, type ApplyScope, type ArchiveYears } from '../../contract/home-form';
import { decadeStart } from '../../contract/search-query';
import { LoadingOverlay } from '../shell/LoadingOverlay';
import { DatesPanel } from './DatesPanel';
import { DecadeTiles } from './DecadeTiles';
import { prepareTitleList } from './list-ops';
import { SelectionControls } from './SelectionControls';
import { TitlesPanel } from './TitlesPanel';
import { TitleTiles } from './TitleTiles';
import { useBrowseState } from './use-browse-state';
import { YearsPanel } from './YearsPanel';

interface Props {
  detail: HomeDetail;
  years: ArchiveYears;
  onNavigate(params: URLSearchParams): void;
  onError(message: string): void;
}

const href = searchPath;

export function BrowsePanel({ detail, years, onNavigate, onError }: Props) {
  const s = useBrowseState(detail, onError);
  const [panel, setPanel] = useState<'titles' | 'dates' | null>(null);
  const [yearsOf, setYearsOf] = useState<DecadeItem | null>(null);
  const tipId = useId();
  const showThumb = !!detail.objeWbSite?.ShowThumbInHome;

  // Hand the title list to the worker early so 'See All' opens without copying 150,000 titles then.
  useEffect(() => prepareTitleList(s.titles), [s.titles]);

  const titleHref = useCallback((t: TitleItem) => href(titleClickParams(t.TitleId, years)), [years]);
  const decadeHref = useCallback((d: number) => href(decadeClickParams(d, years)), [years]);
  const yearHref = useCallback((y: number) => href(yearClickParams(y)), []);

  const apply = (scope: ApplyScope, titleIds: number[], decades: number[]) => {
    const r = applyBrowseParams(scope, titleIds, decades, years, s.titles.length);
    if (r.ok) onNavigate(r.value);
    else onError(r.message);
  };
  const allTitleIds = s.titles.map((t) => t.TitleId);
  const allDecades = s.decades.map((d) => decadeStart(d.Decade));

  return (
    <section className="browse" aria-labelledby="browse-heading" data-testid="browse-panel">
      <div className="browse__head">
        <h2 id="browse-heading">Browse the collection</h2>
        <div className="switch-wrap">
          <label className="switch">
            <input type="checkbox" role="switch" checked={s.multi} onChange={(e) => s.setMulti(e.target.checked)} aria-describedby={tipId} />
            <span className="switch__track" aria-hidden="true" />
            <span className="switch__label">Multi-select</span>
          </label>
          <span role="tooltip" id={tipId} className="tooltip">
            Change Browse Selection
          </span>
        </div>
      </div>

      <div className="browse__grid">
        <section className="browse__section browse__section--titles" aria-labelledby="browse-titles">
          <div className="browse__section-head">
            <h3 id="browse-titles">Titles</h3>
            <span className="browse__total">Total titles : {s.titles.length}</span>
            {s.multi && (
              <SelectionControls what="titles" total={s.titles.length} checked={s.selectedTitles.size} onSelectAll={(on) => s.setTitlesChecked(on ? allTitleIds : [...s.selectedTitles], on)} onClearAll={() => s.setTitlesChecked([...s.selectedTitles], false)} />
            )}
          </div>
          <TitleTiles titles={s.titles} multi={s.multi} selected={s.selectedTitles} showThumb={showThumb} domainUrl={detail.DomainUrl} hrefFor={titleHref}
            onOpen={(t) => onNavigate(titleClickParams(t.TitleId, years))} onCheck={(t, on) => s.setTitlesChecked([t.TitleId], on)} />
          <button type="button" className="link-btn see-all" onClick={() => setPanel('titles')} aria-label="See All titles">
            See All <span aria-hidden="true">→</span>
          </button>
        </section>

        <section className="browse__section browse__section--dates" aria-labelledby="browse-dates">
          <div className="browse__section-head">
            <h3 id="browse-dates">Dates</h3>
            <span className="browse__total">Total decades : {s.decades.length}</span>
            {s.multi && (
              <SelectionControls what="decades" total={s.decades.length} checked={s.selectedDecades.size} onSelectAll={(on) => s.setDecadesChecked(on ? allDecades : [...s.selectedDecades], on)} onClearAll={() => s.setDecadesChecked([...s.selectedDecades], false)} />
            )}
          </div>
          <DecadeTiles decades={s.decades} multi={s.multi} selected={s.selectedDecades} hrefFor={decadeHref}
            onOpen={(d) => onNavigate(decadeClickParams(d, years))} onCheck={(d, on) => s.setDecadesChecked([d], on)} />
          <button type="button" className="link-btn see-all" onClick={() => setPanel('dates')} aria-label="See All dates">
            See All <span aria-hidden="true">→</span>
          </button>
        </section>
      </div>

      {s.multi && (
        <div className="browse__apply">
          <button type="button" className="btn btn--primary" onClick={() => apply('both', [...s.selectedTitles], [...s.selectedDecades])}>
            Apply Filter
          </button>
        </div>
      )}

      <TitlesPanel open={panel === 'titles'} onClose={() => setPanel(null)} titles={s.titles} multi={s.multi} selected={s.selectedTitles} domainUrl={detail.DomainUrl} showThumb={showThumb}
        hrefFor={titleHref} onOpen={(t) => onNavigate(titleClickParams(t.TitleId, years))} onCheck={s.setTitlesChecked}
        onApply={(ids) => apply('titles', ids, [...s.selectedDecades])} />
      <DatesPanel open={panel === 'dates'} onClose={() => setPanel(null)} decades={s.decades} multi={s.multi} selected={s.selectedDecades}
        onOpenYears={setYearsOf} onCheck={s.setDecadesChecked} onApply={(ds) => apply('decades', [...s.selectedTitles], ds)} />
      <YearsPanel decade={yearsOf} onClose={() => setYearsOf(null)} hrefFor={yearHref} onOpenYear={(y) => onNavigate(yearClickParams(y))} onEnter={() => onError(yearSearchEnterMessage())} />
      <LoadingOverlay show={s.narrowing} text="Updating the lists..." />
    </section>
  );
}
