// What this device can open without the network: the searches and the pages seen recently (the viewer
// keeps its pages in the same seen store, kind 'page'). Shown where a search needs the network.
import { useLiveQuery } from 'dexie-react-hooks';
import { Link } from 'wouter';
import { searchUrl } from '../../contract/search/url';
import type { SeenRecord, SeenSearch } from '../shared/db';
import { currentSite } from '../shared/data/site';
import { savedWords } from '../shared/ui/SavedStamp';
import { recentPages, recentSearches } from './seen-searches';
import { formatCount } from '../../contract/plain-format';

interface Entry {
  key: string;
  label: string;
  href: string;
  detail: string;
}

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

const searchEntry = (r: SeenRecord<SeenSearch>): Entry => ({
  key: r.key,
  label: r.label ?? (r.value.query || 'A search'),
  href: r.href ?? searchUrl(new URLSearchParams(r.value.query)),
  detail: `${plural(r.value.response.total, 'page', 'pages')} · ${savedWords(r.savedAt).toLowerCase()}`,
});

/** A page record's name: its label, else what its value says about itself, else its id. */
function pageEntry(r: SeenRecord): Entry {
  const v = (r.value ?? {}) as { title?: unknown; date?: unknown; pageNumber?: unknown };
  const parts = [v.title, v.date, v.pageNumber != null && v.pageNumber !== '' ? `page ${String(v.pageNumber)}` : null].filter(
    (x): x is string => typeof x === 'string' && x !== '',
  );
  return {
    key: r.key,
    label: r.label ?? (parts.length ? parts.join(', ') : `Page ${r.key}`),
    href: r.href ?? `/viewer?page=${encodeURIComponent(r.key)}`,
    detail: savedWords(r.savedAt).toLowerCase(),
  };
}

function EntryList({ entries, label }: { entries: Entry[]; label: string }) {
  return (
    <ul className="seen-list" aria-label={label}>
      {entries.map((e) => (
        <li key={e.key}>
          <Link href={e.href}>{e.label}</Link> <span className="seen-list__detail">{e.detail}</span>
        </li>
      ))}
    </ul>
  );
}

export function RecentlySeen() {
  const site = currentSite();
  const lists = useLiveQuery(
    async () => ({ searches: (await recentSearches().catch(() => [])).map(searchEntry), pages: (await recentPages().catch(() => [])).map(pageEntry) }),
    [site],
  );
  if (!lists) return null;
  const { searches, pages } = lists;
  return (
    <section className="seen-recent" aria-labelledby="seen-recent-heading" data-testid="recently-seen">
      <h2 id="seen-recent-heading">On this device</h2>
      {searches.length === 0 && pages.length === 0 ? (
        <p>
          No searches or pages have been kept on this device yet. <Link href="/home">Browse the titles and dates saved on this device</Link>.
        </p>
      ) : (
        <>
          <p>These open without a connection, as you saw them.</p>
          {searches.length > 0 && (
            <>
              <h3 id="seen-searches-heading">Searches you have seen</h3>
              <EntryList entries={searches} label="Searches you have seen" />
            </>
          )}
          {pages.length > 0 && (
            <>
              <h3 id="seen-pages-heading">Pages you have read</h3>
              <EntryList entries={pages} label="Pages you have read" />
            </>
          )}
        </>
      )}
    </section>
  );
}
