// The sitemap's newspaper titles with their years, grouped under upper-case initials as in the home
// screen's 'Titles' list. A letter's titles are drawn when its group is opened: an archive may hold
// 150,000 titles, and a sitemap that renders them all at once would freeze the page.
import { useMemo, useState } from 'react';
import type { TitleItem } from '../../contract/api';
import { pickTitles, useHomeDetail } from '../shared/data/home-hooks';
import { titleLink, useHomeLinks } from '../shared/data/use-home-links';
import { AppLink } from '../shared/ui/AppLink';
import { initialLetter } from '../../contract/fold';

/** The home list's grouping (contract/fold.ts's initialLetter, as the worker's letter index): A-Z, everything
 *  else under '#', the server's order kept inside a group. */
export function groupTitlesByInitial(titles: TitleItem[]): [string, TitleItem[]][] {
  const groups = new Map<string, TitleItem[]>();
  for (const t of titles) {
    const key = initialLetter(t.title);
    let list = groups.get(key);
    if (!list) groups.set(key, (list = []));
    list.push(t);
  }
  return [...groups.entries()].sort(([a], [b]) => (a === '#' ? 1 : b === '#' ? -1 : a.localeCompare(b)));
}

export function SitemapTitles() {
  const detail = useHomeDetail();
  const d = detail.data;
  const titles = useMemo(() => (d ? pickTitles(d.model._searchModels) : []), [d]);
  const groups = useMemo(() => groupTitlesByInitial(titles), [titles]);
  // The same links as the home's title tiles (built by the archive worker).
  const links = useHomeLinks(d)?.links;
  // Small archives show every group open; large ones let the visitor open a letter.
  const [open, setOpen] = useState<Set<string>>(new Set());
  const allOpen = titles.length <= 200;

  if ((detail.loading && !d) || (d && !links)) return <p aria-busy="true">Loading the newspaper titles…</p>;
  if (!d) return <p>The newspaper titles could not be loaded{detail.error ? `: ${detail.error.message}` : '.'}</p>;
  if (!titles.length) return <p>No newspaper titles yet.</p>;
  return (
    <div className="sitemap-titles" data-testid="sitemap-titles">
      {groups.map(([letter, list]) => (
        <details
          key={letter}
          open={allOpen || open.has(letter)}
          onToggle={(e) => {
            const isOpen = e.currentTarget.open;
            setOpen((s) => (isOpen === s.has(letter) ? s : new Set(isOpen ? [...s, letter] : [...s].filter((l) => l !== letter))));
          }}
        >
          <summary className="sitemap-titles__letter">
            {letter}{' '}
            <span className="sitemap-list__title">
              ({list.length.toLocaleString('en-US')} {list.length === 1 ? 'title' : 'titles'})
            </span>
          </summary>
          {(allOpen || open.has(letter)) && (
            <ul className="sitemap-list">
              {list.map((t) => (
                <li key={t.TitleId}>
                  <AppLink href={titleLink(links!, t.TitleId)} inApp>
                    {t.title}
                  </AppLink>{' '}
                  <span className="sitemap-list__title">({t.YearRange})</span>
                </li>
              ))}
            </ul>
          )}
        </details>
      ))}
    </div>
  );
}
