// Browse panel (spec 2.4, 4.3, 4.4): the 'Multi-select' switch, 'Titles' and 'Dates' sections with their
// tiles, counters and 'See All' panels, and 'Apply Filter' in multi-select.
import { useCallback, useEffect, useId, useState } from 'react';
import type { DecadeItem, HomeDetail, TitleItem } from '../../contract/api';
import { yearSearchEnterMessage, type ApplyScope } from '../../contract/home-form-fields';
import { decadeStart } from '../../contract/search/query';
import { callArchiveWorker } from '../shared/lib/worker-client';
import { LoadingOverlay } from '../shell/LoadingOverlay';
import { DatesPanel } from './DatesPanel';
import { DecadeTiles } from './DecadeTiles';
import { prepareTitleList } from './list-ops';
import { SelectionControls } from './SelectionControls';
import { TitleTiles } from './TitleTiles';
import { useBrowseState } from './use-browse-state';
import { titleLink, type HomeLinks } from '../shared/data/use-home-links';
import { YearsPanel } from './YearsPanel';
import { lazyPart } from '../shared/ui/lazy-part';
import { whenIdleAfterLoad } from '../shared/lib/when-idle';

// The 'See All' titles list carries a virtual-list library (about 8 kB gzip): it loads when the visitor
// first points at or opens 'See All', not with the home page (issue #19: the home page's initial JS budget).
const loadTitlesPanel = () => import('./TitlesPanel');
const TitlesPanel = lazyPart(() => loadTitlesPanel().then((m) => m.TitlesPanel));

interface Props {
  detail: HomeDetail;
  /** Every tile's /search link and the archive's years, derived by the archive worker (useHomeLinks). */
  links: HomeLinks;
  onNavigate(url: string): void;
  onError(message: string): void;
}

export function BrowsePanel({ detail, links, onNavigate, onError }: Props) {
  const s = useBrowseState(detail, onError);
  const [panel, setPanel] = useState<'titles' | 'dates' | null>(null);
  // Mounted from its first opening on, so it keeps its state (and closes with its animation) afterwards.
  const [titlesWanted, setTitlesWanted] = useState(false);
  if (panel === 'titles' && !titlesWanted) setTitlesWanted(true);
  const [yearsOf, setYearsOf] = useState<DecadeItem | null>(null);
  const tipId = useId();
  const showThumb = !!detail.objeWbSite?.ShowThumbInHome;

  // Hand the title list to the worker early so 'See All' opens without copying 150,000 titles then (once the page
  // has loaded: the copy is no part of the first paint).
  useEffect(() => whenIdleAfterLoad(() => prepareTitleList(s.titles)), [s.titles]);

  // A click goes where its link points: the worker built both.
  const titleHref = useCallback((t: TitleItem) => titleLink(links, t.TitleId), [links]);
  const decadeHref = useCallback((d: number) => links.decadeLinks[d], [links]);
  const yearHref = useCallback((y: number) => links.yearLinks[y], [links]);
  const openTitle = (t: TitleItem) => onNavigate(titleHref(t));
  const openDecade = (d: number) => onNavigate(decadeHref(d));

  const apply = (scope: ApplyScope, titleIds: number[], decades: number[]) => {
    callArchiveWorker('applyBrowseUrl', [scope, titleIds, decades, links.years, s.titles.length]).then(
      (r) => (r.ok ? onNavigate(r.value) : onError(r.message)),
      (err: unknown) => onError(err instanceof Error ? err.message : String(err)),
    );
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
              <SelectionControls
                what="titles"
                total={s.titles.length}
                checked={s.selectedTitles.size}
                onSelectAll={(on) => s.setTitlesChecked(on ? allTitleIds : [...s.selectedTitles], on)}
                onClearAll={() => s.setTitlesChecked([...s.selectedTitles], false)}
              />
            )}
          </div>
          <TitleTiles
            titles={s.titles}
            multi={s.multi}
            selected={s.selectedTitles}
            showThumb={showThumb}
            domainUrl={detail.DomainUrl}
            hrefFor={titleHref}
            onOpen={openTitle}
            onCheck={(t, on) => s.setTitlesChecked([t.TitleId], on)}
          />
          <button
            type="button"
            className="link-btn see-all"
            onClick={() => setPanel('titles')}
            onPointerEnter={() => void loadTitlesPanel()}
            onFocus={() => void loadTitlesPanel()}
            aria-label="See All titles"
          >
            See All <span aria-hidden="true">→</span>
          </button>
        </section>

        <section className="browse__section browse__section--dates" aria-labelledby="browse-dates">
          <div className="browse__section-head">
            <h3 id="browse-dates">Dates</h3>
            <span className="browse__total">Total decades : {s.decades.length}</span>
            {s.multi && (
              <SelectionControls
                what="decades"
                total={s.decades.length}
                checked={s.selectedDecades.size}
                onSelectAll={(on) => s.setDecadesChecked(on ? allDecades : [...s.selectedDecades], on)}
                onClearAll={() => s.setDecadesChecked([...s.selectedDecades], false)}
              />
            )}
          </div>
          <DecadeTiles
            decades={s.decades}
            multi={s.multi}
            selected={s.selectedDecades}
            hrefFor={decadeHref}
            onOpen={openDecade}
            onCheck={(d, on) => s.setDecadesChecked([d], on)}
          />
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

      {titlesWanted && (
        <TitlesPanel
          open={panel === 'titles'}
          onClose={() => setPanel(null)}
          titles={s.titles}
          multi={s.multi}
          selected={s.selectedTitles}
          domainUrl={detail.DomainUrl}
          showThumb={showThumb}
          hrefFor={titleHref}
          onOpen={openTitle}
          onCheck={s.setTitlesChecked}
          onApply={(ids) => apply('titles', ids, [...s.selectedDecades])}
        />
      )}
      <DatesPanel
        open={panel === 'dates'}
        onClose={() => setPanel(null)}
        decades={s.decades}
        multi={s.multi}
        selected={s.selectedDecades}
        onOpenYears={setYearsOf}
        onCheck={s.setDecadesChecked}
        onApply={(ds) => apply('decades', [...s.selectedTitles], ds)}
      />
      <YearsPanel
        decade={yearsOf}
        onClose={() => setYearsOf(null)}
        hrefFor={yearHref}
        onOpenYear={(y) => onNavigate(yearHref(y))}
        onEnter={() => onError(yearSearchEnterMessage())}
      />
      <LoadingOverlay show={s.narrowing} text="Updating the lists..." />
    </section>
  );
}
