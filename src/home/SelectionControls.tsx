// 'Select All' checkbox and 'Clear All' link of a list; only rendered in multi-select (spec 2.4, 4.3).
import { useEffect, useRef } from 'react';

interface Props {
  /** Which list, for the accessible names: 'titles', 'decades'. */
  what: string;
  total: number;
  checked: number;
  onSelectAll(on: boolean): void;
  onClearAll(): void;
}

export function SelectionControls({ what, total, checked, onSelectAll, onClearAll }: Props) {
  const box = useRef<HTMLInputElement>(null);
  const all = total > 0 && checked >= total;
  useEffect(() => {
    if (box.current) box.current.indeterminate = checked > 0 && !all;
  }, [checked, all]);
  return (
    <div className="selection-controls">
      <label className="check">
        <input ref={box} type="checkbox" checked={all} disabled={!total} onChange={(e) => onSelectAll(e.target.checked)} aria-label={`Select All ${what}`} />
        <span aria-hidden="true">Select All</span>
      </label>
      <button type="button" className="link-btn" onClick={onClearAll} disabled={!checked} aria-label={`Clear All ${what}`}>
        Clear All
      </button>
    </div>
  );
}
