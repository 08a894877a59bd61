// The 'Titles' slide-out (the 'What' list, spec 2.4): 'Search By Title' filters by substring while the
// visitor types (in the worker), titles grouped under upper-case initials, an A-Z index marking the letters
// present, and a virtual list so 150,000 titles scroll smoothly.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';
import type { TitleItem } from '../../contract/api';
import { groupLabel, LETTERS, useTitleGroups } from './list-ops';
import { SelectionControls } from './SelectionControls';
import { FilteredListPanel } from './FilteredListPanel';
import { Thumb } from './Thumb';

import { plainClick } from './TitleTiles';

interface Props {
  open: boolean;
  onClose(): void;
  titles: TitleItem[];
  multi: boolean;
  selected: Set<number>;
  domainUrl: string;
  showThumb: boolean;
  hrefFor(t: TitleItem): string;
  onOpen(t: TitleItem): void;
  onCheck(ids: number[], on: boolean): void;
  /** Apply with the titles that count as selected (only visible ones while filtering). */
  onApply(titleIds: number[]): void;
}

const HEADING_HEIGHT = 40;
/** Rows are taller on phones, where long names wrap onto a second line. */
const rowHeight = () => (typeof matchMedia === 'function' && matchMedia('(max-width: 520px)').matches ? 88 : 68);

export function TitlesPanel(p: Props) {
  const [query, setQuery] = useState('');
  const groups = useTitleGroups(p.titles, query, p.open);
  const rows = groups?.rows ?? new Int32Array(0);
  const scroller = useRef<HTMLDivElement>(null);
  const [rowH] = useState(rowHeight);
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: (i) => (rows[i] < 0 ? HEADING_HEIGHT : rowH),
    overscan: 8,
  });
  const filtering = query.trim() !== '';

  /** Ids of the titles the list shows now (all of them without a filter). */
  const visibleIds = () => {
    if (!filtering || !groups) return p.titles.map((t) => t.TitleId);
    const ids: number[] = [];
    for (const r of groups.rows) if (r >= 0) ids.push(p.titles[r].TitleId);
    return ids;
  };
  const visibleChecked = useMemo(() => {
    if (!filtering || !groups) return p.selected.size;
    let n = 0;
    for (const r of groups.rows) if (r >= 0 && p.selected.has(p.titles[r].TitleId)) n++;
    return n;
  }, [filtering, groups, p.selected, p.titles]);

  const jumpTo = (letter: string) => {
    const i = rows.findIndex((r) => r < 0 && groupLabel(r) === letter);
    if (i >= 0) virtual.scrollToIndex(i, { align: 'start' });
  };

  const count = groups ? groups.count : p.titles.length;
  const present = new Set(groups?.present ?? []);

  return (
    <FilteredListPanel
      open={p.open}
      onClose={p.onClose}
      title="Titles"
      testId="titles-panel"
      searchLabel="Search By Title"
      query={query}
      onQuery={setQuery}
      multi={p.multi}
      onApply={() => p.onApply(filtering ? visibleIds().filter((id) => p.selected.has(id)) : [...p.selected])}
    >
      <nav className="letter-index" aria-label="Title index">
        {LETTERS.map((l) => (
          <button
            key={l}
            type="button"
            className={`letter-index__letter${present.has(l) ? ' is-present' : ''}`}
            disabled={!present.has(l)}
            onClick={() => jumpTo(l)}
            aria-label={present.has(l) ? `Titles starting with ${l}` : `No titles starting with ${l}`}
          >
            {l}
          </button>
        ))}
      </nav>
      <div className="panel-toolbar">
        <span className="panel-total" role="status" aria-live="polite">
          Total titles : {count}
        </span>
        {p.multi && (
          <SelectionControls
            what="titles"
            total={count}
            checked={visibleChecked}
            onSelectAll={(on) => p.onCheck(visibleIds(), on)}
            onClearAll={() => p.onCheck(filtering ? visibleIds() : [...p.selected], false)}
          />
        )}
      </div>
      <div ref={scroller} className="virtual-list" data-testid="titles-list" role="list" aria-label="Titles">
        <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
          {virtual.getVirtualItems().map((v) => {
            const r = rows[v.index];
            const style = { position: 'absolute' as const, top: 0, left: 0, right: 0, height: v.size, transform: `translateY(${v.start}px)` };
            if (r < 0) {
              return (
                <div key={v.key} style={style} className="virtual-list__heading" role="listitem" aria-label={`Letter ${groupLabel(r)}`}>
                  <span aria-hidden="true">{groupLabel(r)}</span>
                </div>
              );
            }
            const t = p.titles[r];
            const body = (
              <>
                <Thumb domainUrl={p.domainUrl} path={t.ThumbImagePath} className="list-title__thumb" />
                <span className="list-title__text">
                  <span className="list-title__name">{t.title}</span>
                  <span className="list-title__meta">
                    ({t.YearRange}) · {t.count} Pages
                  </span>
                </span>
              </>
            );
            return (
              <div key={v.key} style={style} className="list-title" role="listitem">
                {p.multi ? (
                  <label className="list-title__hit">
                    <input type="checkbox" checked={p.selected.has(t.TitleId)} onChange={(e) => p.onCheck([t.TitleId], e.target.checked)} />
                    {body}
                  </label>
                ) : (
                  <a
                    className="list-title__hit"
                    href={p.hrefFor(t)}
                    onClick={(e) => {
                      if (plainClick(e)) {
                        e.preventDefault();
                        p.onOpen(t);
                      }
                    }}
                  >
                    {body}
                  </a>
                )}
              </div>
            );
          })}
        </div>
        {groups && !groups.count && <p className="virtual-list__empty">No titles match “{query}”.</p>}
      </div>
    </FilteredListPanel>
  );
}
