import { useState } from 'react';
import { Link } from 'wouter';
import { formatCount } from '../../contract/plain-format';
import type { FacetCount, SearchFacets, SearchQuery } from '../../contract/search/query';
import { searchUrl } from '../../contract/search/url';
import { withChanges } from './search-url';

interface Entry {
  key: string;
  label: string;
  count: number;
  href: string;
  selected: boolean;
  /** A page about the entry itself (a title's page, issue #36), beside the link that narrows the search. */
  about?: string;
}

const SHOWN = 8;

function FacetGroup({ title, entries }: { title: string; entries: Entry[] }) {
  const [all, setAll] = useState(false);
  if (!entries.length) return null;
  const shown = all ? entries : entries.slice(0, SHOWN);
  return (
    <section className="search-facet" aria-labelledby={`facet-${title}`}>
      <h3 id={`facet-${title}`}>{title}</h3>
      <ul>
        {shown.map((e) => (
          <li key={e.key}>
            <Link href={e.href} aria-current={e.selected ? 'true' : undefined} className={e.selected ? 'is-selected' : undefined}>
              <span className="search-facet__label">{e.label}</span>
              <span className="search-facet__count">
                {formatCount(e.count)}
                <span className="visually-hidden"> pages</span>
              </span>
            </Link>
            {e.about && (
              <Link href={e.about} className="search-facet__about" aria-label={`About ${e.label}`}>
                About
              </Link>
            )}
          </li>
        ))}
      </ul>
      {entries.length > SHOWN && (
        <button type="button" className="search-linkbtn" onClick={() => setAll(!all)} aria-expanded={all}>
          {all ? 'Show fewer' : `Show all ${entries.length}`}
        </button>
      )}
    </section>
  );
}

/** Facets narrow the search by changing one URL parameter; everything else is kept. */
export function Facets({ facets, query, params }: { facets: SearchFacets; query: SearchQuery; params: URLSearchParams }) {
  const link = (changes: Record<string, string | null>) => searchUrl(withChanges(params, changes));
  const ids = (list: FacetCount[], param: string, chosen: (id: number) => boolean): Entry[] =>
    list.map((f) => ({ key: String(f.id), label: f.name, count: f.count, href: link({ [param]: String(f.id) }), selected: chosen(f.id) }));
  const titles = ids(facets.titles, 't', (id) => query.titleIds.length === 1 && query.titleIds[0] === id).map((e) => ({
    ...e,
    href: link({ t: e.key, ti: null }),
    about: `/title/id-${e.key}`,
  }));
  const decades: Entry[] = facets.decades.map((d) => ({
    key: String(d.decade),
    label: `${d.decade}s`,
    count: d.count,
    href: link({ bdd: String(d.decade), by: null }),
    selected: query.decades.length === 1 && query.decades[0] === d.decade,
  }));
  const years: Entry[] = facets.years.map((y) => ({
    key: String(y.year),
    label: String(y.year),
    count: y.count,
    href: link({ by: String(y.year), bdd: `${Math.floor(y.year / 10) * 10}` }),
    selected: query.year === y.year,
  }));
  return (
    <div className="search-facets">
      <FacetGroup title="Titles" entries={titles} />
      <FacetGroup title="Decades" entries={decades} />
      <FacetGroup title="Years" entries={years} />
      {facets.countries.length > 1 && <FacetGroup title="Countries" entries={ids(facets.countries, 'co', (id) => query.countryId === id)} />}
      <FacetGroup title="States" entries={ids(facets.states, 'st', (id) => query.stateId === id).map((e) => ({ ...e, href: link({ st: e.key, ci: null }) }))} />
      <FacetGroup title="Cities" entries={ids(facets.cities, 'ci', (id) => query.cityId === id)} />
    </div>
  );
}
