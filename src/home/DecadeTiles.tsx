// Up to the first 9 decades (spec 2.4, 9); the first 3 are styled apart; '{count} Pages' on each.
import type { DecadeItem } from '../../contract/api';
import { decadeStart } from '../../contract/search/query';
import { plainClick } from './TitleTiles';

export const HOME_DECADE_TILES = 9;
export const FEATURED_DECADES = 3;

interface Props {
  decades: DecadeItem[];
  multi: boolean;
  selected: Set<number>;
  hrefFor(decade: number): string;
  onOpen(decade: number): void;
  onCheck(decade: number, on: boolean): void;
}

export function DecadeTiles({ decades, multi, selected, hrefFor, onOpen, onCheck }: Props) {
  const shown = decades.slice(0, HOME_DECADE_TILES);
  if (!shown.length) return <p className="browse__empty">No decades to show.</p>;
  const cls = `decade-tiles ${decades.length > HOME_DECADE_TILES ? 'decade-tiles--many' : 'decade-tiles--few'}`;
  return (
    <ul className={cls} data-testid="decade-tiles">
      {shown.map((d, i) => {
        const start = decadeStart(d.Decade);
        const body = (
          <>
            <span className="decade-tile__name">{start}s</span>
            <span className="decade-tile__count">{d.count} Pages</span>
          </>
        );
        return (
          <li
            key={String(d.Decade)}
            className={`decade-tile${i < FEATURED_DECADES ? ' decade-tile--featured' : ''}${selected.has(start) ? ' is-checked' : ''}`}
          >
            {multi ? (
              <label className="decade-tile__hit">
                <input type="checkbox" className="tile-check" checked={selected.has(start)} onChange={(e) => onCheck(start, e.target.checked)} />
                {body}
              </label>
            ) : (
              <a
                className="decade-tile__hit"
                href={hrefFor(start)}
                onClick={(e) => {
                  if (plainClick(e)) {
                    e.preventDefault();
                    onOpen(start);
                  }
                }}
              >
                {body}
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}
