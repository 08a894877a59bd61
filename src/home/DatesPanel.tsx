// The 'Dates' slide-out (the 'When' list): 'Search By Decade', each decade's pages; clicking a decade opens
// its 'Years' panel. In multi-select each decade also has a checkbox (spec 2.4).
import { useMemo, useState } from 'react';
import type { DecadeItem } from '../../contract/api';
import { decadeStart } from '../../contract/search/query';
import { filterDecades } from './list-ops';
import { SelectionControls } from './SelectionControls';
import { FilteredListPanel } from './FilteredListPanel';

interface Props {
  open: boolean;
  onClose(): void;
  decades: DecadeItem[];
  multi: boolean;
  selected: Set<number>;
  onOpenYears(d: DecadeItem): void;
  onCheck(decades: number[], on: boolean): void;
  onApply(decades: number[]): void;
}

export function DatesPanel(p: Props) {
  const [query, setQuery] = useState('');
  const shown = useMemo(() => filterDecades(p.decades, query), [p.decades, query]);
  const shownStarts = shown.map((d) => decadeStart(d.Decade));
  const filtering = query.trim() !== '';
  const visibleChecked = shownStarts.filter((s) => p.selected.has(s));
  return (
    <FilteredListPanel
      open={p.open}
      onClose={p.onClose}
      title="Dates"
      testId="dates-panel"
      searchLabel="Search By Decade"
      query={query}
      onQuery={setQuery}
      multi={p.multi}
      onApply={() => p.onApply(filtering ? visibleChecked : [...p.selected])}
    >
      <div className="panel-toolbar">
        <span className="panel-total" role="status" aria-live="polite">
          Total decades : {shown.length}
        </span>
        {p.multi && (
          <SelectionControls
            what="decades"
            total={shown.length}
            checked={visibleChecked.length}
            onSelectAll={(on) => p.onCheck(shownStarts, on)}
            onClearAll={() => p.onCheck(filtering ? shownStarts : [...p.selected], false)}
          />
        )}
      </div>
      <ul className="panel-list" aria-label="Decades">
        {shown.map((d) => {
          const start = decadeStart(d.Decade);
          return (
            <li key={String(d.Decade)} className="panel-decade">
              {p.multi && (
                <input type="checkbox" aria-label={`${start}s`} checked={p.selected.has(start)} onChange={(e) => p.onCheck([start], e.target.checked)} />
              )}
              <button type="button" className="panel-decade__open" onClick={() => p.onOpenYears(d)} aria-label={`${start}s: show years`}>
                <span className="panel-decade__name">{start}s</span>
                <span className="panel-decade__count">{d.count} Pages</span>
                <span className="panel-decade__chevron" aria-hidden="true">
                  ›
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {!shown.length && <p className="virtual-list__empty">No decades match “{query}”.</p>}
    </FilteredListPanel>
  );
}
