import { Link } from 'wouter';
import { longDay } from '../../contract/plain-format';
import type { SearchFacets, SearchQuery } from '../../contract/search/query';
import { searchUrl } from '../../contract/search/url';
import type { TitleNames } from './describe';
import { withChanges } from './search-url';

interface Chip {
  label: string;
  remove: Record<string, string | null>;
}

const MODE_LABEL = { between: 'Between', on: 'On', before: 'Before', after: 'After' } as const;

function dateLabel(q: SearchQuery): string | null {
  if (q.mode === 'on') return q.start ? `On ${q.start}` : null;
  if (q.mode === 'after') return q.start ? `After ${q.start}` : null;
  if (q.mode === 'before') return q.end ? `Before ${q.end}` : null;
  if (!q.start && !q.end) return null;
  return `${MODE_LABEL.between} ${q.start ?? 'the start'} and ${q.end ?? 'the end'}`;
}

/** 'March 3, 1887' from an issue id ({lccn}-{YYYY-MM-DD}-ed{n}), or null when it does not carry a date. */
function issueDate(uid: string): string | null {
  const m = /-(\d{4})-(\d{2})-(\d{2})-ed\d+$/.exec(uid);
  if (!m) return null;
  return longDay(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))));
}

/** The filters in force, each removable with one click (a link: it works with the keyboard and back). */
export function ActiveFilters({
  query,
  facets,
  params,
  titleName,
}: {
  query: SearchQuery;
  facets: SearchFacets | null;
  params: URLSearchParams;
  titleName?: TitleNames;
}) {
  const name = (list: { id: number; name: string }[] | undefined, id: number, fallback: string) => list?.find((x) => x.id === id)?.name ?? fallback;
  const chips: Chip[] = [];
  const date = dateLabel(query);
  if (date) chips.push({ label: date, remove: { d: null, m: null } });
  const titleLabel = (id: number) => titleName?.(id) ?? name(facets?.titles, id, `Title ${id}`);
  if (query.issueUid) {
    // One issue is one title: its chip names both, and removing it widens to the title's chip.
    const title = query.titleIds.length === 1 ? titleLabel(query.titleIds[0]) : facets?.titles[0]?.name;
    const where = [title, issueDate(query.issueUid)].filter(Boolean).join(', ') || query.issueUid;
    chips.push({ label: `In this issue: ${where}`, remove: { iss: null } });
  } else {
    for (const id of query.titleIds) {
      const rest = query.titleIds.filter((t) => t !== id).join(',');
      chips.push({ label: `In ${titleLabel(id)}`, remove: { t: rest || null, ti: null } });
    }
  }
  if (query.year != null) chips.push({ label: `Year ${query.year}`, remove: { by: null } });
  else for (const d of query.decades) chips.push({ label: `${d}s`, remove: { bdd: query.decades.filter((x) => x !== d).join(',') || null } });
  if (query.cityId) chips.push({ label: name(facets?.cities, query.cityId, 'City'), remove: { ci: null } });
  if (query.stateId) chips.push({ label: name(facets?.states, query.stateId, 'State'), remove: { st: null, ci: null } });
  if (query.countryId) chips.push({ label: name(facets?.countries, query.countryId, 'Country'), remove: { co: null, st: null, ci: null } });
  if (!chips.length) return null;
  const clearAll = { d: null, m: null, t: null, ti: null, iss: null, by: null, bdd: null, co: null, st: null, ci: null };
  return (
    <div className="search-chips" aria-label="Filters in force" role="group">
      {chips.map((c) => (
        <Link key={c.label} href={searchUrl(withChanges(params, c.remove))} className="search-chip">
          {c.label}
          <span aria-hidden="true"> ×</span>
          <span className="visually-hidden"> (remove this filter)</span>
        </Link>
      ))}
      {chips.length > 1 && query.rows.length > 0 && (
        <Link href={searchUrl(withChanges(params, clearAll))} className="search-chips__clear">
          Clear all filters
        </Link>
      )}
    </div>
  );
}
