// The side panel of the page viewer: tabs for search in the page, the OCR text and downloads.
import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export type PanelTab = 'search' | 'text' | 'download';
const TABS: { id: PanelTab; label: string }[] = [
  { id: 'search', label: 'Search' },
  { id: 'text', label: 'Text' },
  { id: 'download', label: 'Download & cite' },
];

interface Props {
  open: boolean;
  /** Wider (taller on phones): the correction editor needs room for line pictures and fields. */
  wide?: boolean;
  tab: PanelTab;
  onTab(tab: PanelTab): void;
  onClose(): void;
  children: Record<PanelTab, ReactNode>;
}

export function ViewerSidePanel({ open, wide = false, tab, onTab, onClose, children }: Props) {
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const key = (e: KeyboardEvent) => {
    const i = TABS.findIndex((t) => t.id === tab);
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = TABS[(i + step + TABS.length) % TABS.length].id;
    onTab(next);
    refs.current[next]?.focus();
  };
  return (
    <aside className={`vz-panel${open ? ' is-open' : ''}${wide ? ' vz-panel--wide' : ''}`} aria-label="Search, text and downloads" hidden={!open}>
      <div className="vz-tabbar">
        <div className="vz-tabs" role="tablist" aria-label="Panel" onKeyDown={key}>
          {TABS.map((t) => (
            <button
              key={t.id}
              ref={(el) => {
                refs.current[t.id] = el;
              }}
              type="button"
              role="tab"
              id={`vz-tab-${t.id}`}
              aria-selected={tab === t.id}
              aria-controls={`vz-tabpanel-${t.id}`}
              tabIndex={tab === t.id ? 0 : -1}
              className="vz-tab"
              onClick={() => onTab(t.id)}
            >
              {t.label}
            </button>
          ))}
        </div>
        <button type="button" className="vz-tool vz-panel-close" onClick={onClose} aria-label="Close the panel">
          ×
        </button>
      </div>
      {TABS.map((t) => (
        <div key={t.id} role="tabpanel" id={`vz-tabpanel-${t.id}`} aria-labelledby={`vz-tab-${t.id}`} hidden={tab !== t.id} className="vz-tabpanel">
          {children[t.id]}
        </div>
      ))}
    </aside>
  );
}
