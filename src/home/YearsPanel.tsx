// The 'Years' panel of a decade: 'Search By Year', 'Total Years : N'; a year click searches that year.
// Enter in the search box asks the visitor to pick a year (spec 5.2).
import { useMemo, useState } from 'react';
import type { DecadeItem } from '../../contract/api';
import { decadeStart } from '../../contract/search/query';
import { decadeYears } from '../../contract/search/query';
import { filterYears } from './list-ops';
import { HomeSidePanel } from './HomeSidePanel';
import { plainClick } from './TitleTiles';

interface Props {
  decade: DecadeItem | null;
  onClose(): void;
  hrefFor(year: number): string;
  onOpenYear(year: number): void;
  onEnter(): void;
}

export function YearsPanel({ decade, onClose, hrefFor, onOpenYear, onEnter }: Props) {
  const [query, setQuery] = useState('');
  const years = useMemo(() => (decade ? decadeYears(decade) : []), [decade]);
  const shown = useMemo(() => filterYears(years, query), [years, query]);
  return (
    <HomeSidePanel
      open={decade !== null}
      onClose={() => {
        setQuery('');
        onClose();
      }}
      title="Years"
      subtitle={decade ? `of the ${decadeStart(decade.Decade)}s` : undefined}
      testId="years-panel"
    >
      <label className="field panel-search">
        <span className="visually-hidden">Search By Year</span>
        <input
          type="search"
          placeholder="Search By Year"
          inputMode="numeric"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              onEnter();
            }
          }}
          data-autofocus
        />
      </label>
      <div className="panel-toolbar">
        <span className="panel-total" role="status" aria-live="polite">
          Total Years : {shown.length}
        </span>
      </div>
      <ul className="year-grid" aria-label="Years">
        {shown.map((y) => (
          <li key={y}>
            <a
              className="year-chip"
              href={hrefFor(y)}
              onClick={(e) => {
                if (plainClick(e)) {
                  e.preventDefault();
                  onOpenYear(y);
                }
              }}
            >
              {y}
            </a>
          </li>
        ))}
      </ul>
      {!shown.length && <p className="virtual-list__empty">No years match “{query}”.</p>}
    </HomeSidePanel>
  );
}
