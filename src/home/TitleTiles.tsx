// The first 4 titles as tiles (spec 2.4, 9): name, (YearRange), '{count} Pages', thumbnail when
// ShowThumbInHome. Single-select: a tile is a link to the title's results; multi-select: a checkbox.
import { Link } from 'wouter';
import type { TitleItem } from '../../contract/api';
import { Thumb } from './Thumb';

export const HOME_TITLE_TILES = 4;

interface Props {
  titles: TitleItem[];
  multi: boolean;
  selected: Set<number>;
  showThumb: boolean;
  domainUrl: string;
  hrefFor(t: TitleItem): string;
  onOpen(t: TitleItem): void;
  onCheck(t: TitleItem, on: boolean): void;
}

export function TitleTiles({ titles, multi, selected, showThumb, domainUrl, hrefFor, onOpen, onCheck }: Props) {
  const shown = titles.slice(0, HOME_TITLE_TILES);
  // Layout by the spec's thresholds: one variant above 4 entries, another at 4 or fewer; a column per entry.
  const cls = `title-tiles ${titles.length > HOME_TITLE_TILES ? 'title-tiles--many' : 'title-tiles--few'} title-tiles--cols-${shown.length}`;
  if (!shown.length) return <p className="browse__empty">No titles to show.</p>;
  return (
    <ul className={cls} data-testid="title-tiles">
      {shown.map((t) => {
        const body = (
          <>
            {showThumb && <Thumb domainUrl={domainUrl} path={t.ThumbImagePath} className="title-tile__thumb" />}
            <span className="title-tile__text">
              <span className="title-tile__name">{t.title}</span>
              <span className="title-tile__years">({t.YearRange})</span>
              <span className="title-tile__count">{t.count} Pages</span>
            </span>
          </>
        );
        return (
          <li key={t.TitleId} className={`title-tile${selected.has(t.TitleId) ? ' is-checked' : ''}`}>
            {multi ? (
              <label className="title-tile__hit">
                <input type="checkbox" className="tile-check" checked={selected.has(t.TitleId)} onChange={(e) => onCheck(t, e.target.checked)} />
                {body}
              </label>
            ) : (
              <a
                className="title-tile__hit"
                href={hrefFor(t)}
                onClick={(e) => {
                  if (plainClick(e)) {
                    e.preventDefault();
                    onOpen(t);
                  }
                }}
              >
                {body}
              </a>
            )}
            {/* Issue #36: the title's own page (its record, its run by year); the tile names it by id. Not beside a
                checkbox: multi-select tiles are choices, not links. */}
            {!multi && (
              <Link className="title-tile__about" href={`/title/id-${t.TitleId}`} aria-label={`About this title: ${t.title}`}>
                About this title
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** A click without modifier keys: others (new tab, new window) keep the browser's behaviour. */
export const plainClick = (e: React.MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
