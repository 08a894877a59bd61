// The frame the 'Titles' and 'Dates' slide-outs share: a side panel with a 'Search By …' box that filters
// while the visitor types (Enter submits nothing), cleared when the panel closes, and 'Apply Filter' in
// multi-select. The list and its toolbar are the children.
import type { ReactNode } from 'react';
import { HomeSidePanel } from './HomeSidePanel';

interface Props {
  open: boolean;
  onClose(): void;
  title: string;
  testId: string;
  /** 'Search By Title', 'Search By Decade': the box's label and placeholder. */
  searchLabel: string;
  query: string;
  onQuery(query: string): void;
  multi: boolean;
  onApply(): void;
  children: ReactNode;
}

export function FilteredListPanel(p: Props) {
  return (
    <HomeSidePanel
      open={p.open}
      onClose={() => {
        p.onQuery('');
        p.onClose();
      }}
      title={p.title}
      testId={p.testId}
      footer={
        p.multi && (
          <button type="button" className="btn btn--primary" onClick={p.onApply}>
            Apply Filter
          </button>
        )
      }
    >
      <label className="field panel-search">
        <span className="visually-hidden">{p.searchLabel}</span>
        <input
          type="search"
          placeholder={p.searchLabel}
          value={p.query}
          onChange={(e) => p.onQuery(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
          data-autofocus
        />
      </label>
      {p.children}
    </HomeSidePanel>
  );
}
