// Store rows -> the Home API's browse items (spec 3.7, 3.8), with the spec's field names.
import type { City, Country, DecadeItem, Publication, State, TitleItem } from '../../contract/api';
import type { PlaceRows, TitleCount, YearCount } from '../store/types';

/** A page image's thumbnail, as a IIIF request relative to DomainUrl. */
export const thumbPath = (pageUid: string | null) => (pageUid ? `iiif/3/${encodeURIComponent(pageUid)}/full/!240,320/0/default.jpg` : '');

export function toTitleItems(rows: TitleCount[]): TitleItem[] {
  return rows.map((t) => ({
    TitleId: t.id,
    title: t.name,
    YearRange: `${t.firstYear}-${t.lastYear}`,
    count: t.pages,
    ThumbImagePath: thumbPath(t.thumbPageUid),
  }));
}

/** Years grouped by decade (the start year), ascending; Years lists the years that have pages. */
export function toDecadeItems(years: YearCount[]): DecadeItem[] {
  const byDecade = new Map<number, { count: number; years: number[] }>();
  for (const y of years) {
    const decade = Math.floor(y.year / 10) * 10;
    const d = byDecade.get(decade) ?? { count: 0, years: [] };
    d.count += y.pages;
    d.years.push(y.year);
    byDecade.set(decade, d);
  }
  return [...byDecade.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([decade, d]) => ({ Decade: decade, count: d.count, Years: d.years.sort((a, b) => a - b).join(',') }));
}

export function toPlaceData(p: PlaceRows): { CountryData: Country[]; StateData: State[]; CityData: City[]; PublicationData: Publication[] } {
  return {
    CountryData: p.countries.map((c) => ({ CountryId: c.id, CountryName: c.name })),
    StateData: p.states.map((s) => ({ StateId: s.id, StateName: s.name, CountryId: s.countryId })),
    CityData: p.cities.map((c) => ({ CityId: c.id, CityName: c.name, StateId: c.stateId })),
    PublicationData: p.publications.map((t) => ({ PublicationId: t.id, PublicationName: t.name, CityId: t.cityId })),
  };
}

/** Year bounds of the archive; an empty archive spans the current year (never NaN or Infinity). */
export function yearBounds(years: YearCount[]): { min: number; max: number } {
  if (years.length === 0) {
    const now = new Date().getUTCFullYear();
    return { min: now, max: now };
  }
  let min = Infinity;
  let max = -Infinity;
  for (const y of years) {
    if (y.year < min) min = y.year;
    if (y.year > max) max = y.year;
  }
  return { min, max };
}
