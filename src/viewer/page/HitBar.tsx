// Moves between the search hits on this page and switches 'highlight all' (ishighlightall).
import { Icon } from '../../shared/ui/icons';

interface Props {
  count: number;
  current: number;
  highlightAll: boolean;
  source: 'page' | 'query' | 'none';
  onMove(delta: number): void;
  onHighlightAll(on: boolean): void;
}

export function HitBar({ count, current, highlightAll, source, onMove, onHighlightAll }: Props) {
  if (source === 'none') return null;
  return (
    <div className="vz-hitbar" role="group" aria-label="Search hits on this page">
      <button type="button" className="vz-tool" onClick={() => onMove(-1)} disabled={count < 2} aria-label="Previous hit" title="Previous hit (p)">
        <Icon name="prev" />
      </button>
      <span className="vz-hitcount" role="status" aria-live="polite" data-testid="hit-count">
        {count === 0 ? 'No hits on this page' : `Hit ${current + 1} of ${count}`}
      </span>
      <button type="button" className="vz-tool" onClick={() => onMove(1)} disabled={count < 2} aria-label="Next hit" title="Next hit (n)">
        <Icon name="next" />
      </button>
      <label className="vz-check vz-check--bar">
        <input type="checkbox" checked={highlightAll} onChange={(e) => onHighlightAll(e.target.checked)} /> Highlight all
      </label>
    </div>
  );
}
