// Expandable advanced section: Country -> State -> City -> Publication (spec 2.4, 3.8). Each select has a
// placeholder entry with id 0; choosing a parent resets its children; 'Clear' resets all four.
import { useId, useMemo, useState, type ReactNode } from 'react';
import type { City, Country, Publication, State } from '../../contract/api';

export interface PlaceIds {
  countryId: number;
  stateId: number;
  cityId: number;
  publicationId: number;
}

interface Props extends PlaceIds {
  countries: Country[];
  states: State[];
  cities: City[];
  publications: Publication[];
  onChange(ids: PlaceIds): void;
  /** More of the advanced section below the places (the OCR switch), and what to say of it while folded. */
  extra?: ReactNode;
  extraNote?: string | null;
}

// One collator: localeCompare with options builds one per call, which sorting a long list of places felt.
const collator = new Intl.Collator('en-US', { sensitivity: 'base' });
const byName = collator.compare;

export function AdvancedPlaces(p: Props) {
  const [open, setOpen] = useState(() => !!(p.countryId || p.stateId || p.cityId || p.publicationId || p.extraNote));
  // The place lists are built once the section has been opened: folded, as a first visit finds it, they are work
  // the first paint does not show.
  const [built, setBuilt] = useState(open);
  const panelId = useId();
  const states = useMemo(
    () => (built ? p.states.filter((s) => s.StateId && s.CountryId === p.countryId).sort((a, b) => byName(a.StateName, b.StateName)) : []),
    [built, p.states, p.countryId],
  );
  const cities = useMemo(
    () => (built ? p.cities.filter((c) => c.CityId && c.StateId === p.stateId).sort((a, b) => byName(a.CityName, b.CityName)) : []),
    [built, p.cities, p.stateId],
  );
  const pubs = useMemo(
    () => (built ? p.publications.filter((x) => x.PublicationId && x.CityId === p.cityId).sort((a, b) => byName(a.PublicationName, b.PublicationName)) : []),
    [built, p.publications, p.cityId],
  );
  const countries = useMemo(
    () => (built ? p.countries.filter((c) => c.CountryId).sort((a, b) => byName(a.CountryName, b.CountryName)) : []),
    [built, p.countries],
  );
  const ids = { countryId: p.countryId, stateId: p.stateId, cityId: p.cityId, publicationId: p.publicationId };
  const active = ids.countryId + ids.stateId + ids.cityId + ids.publicationId > 0;

  return (
    <div className="advanced">
      <button
        type="button"
        className="advanced__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          setOpen(!open);
          setBuilt(true);
        }}
      >
        <span className="advanced__chevron" aria-hidden="true">
          {open ? '▾' : '▸'}
        </span>
        Advanced search{!open && (active || p.extraNote) ? ` (${[active && 'places chosen', p.extraNote].filter(Boolean).join(', ')})` : ''}
      </button>
      <div id={panelId} className="advanced__panel" hidden={!open}>
        <div className="advanced__grid">
          <PlaceSelect
            label="Country"
            placeholder="Select Country"
            value={p.countryId}
            options={countries.map((c) => [c.CountryId, c.CountryName])}
            onChange={(v) => p.onChange({ countryId: v, stateId: 0, cityId: 0, publicationId: 0 })}
          />
          <PlaceSelect
            label="State"
            placeholder="Select State"
            value={p.stateId}
            options={states.map((s) => [s.StateId, s.StateName])}
            disabled={!p.countryId}
            onChange={(v) => p.onChange({ ...ids, stateId: v, cityId: 0, publicationId: 0 })}
          />
          <PlaceSelect
            label="City"
            placeholder="Select City"
            value={p.cityId}
            options={cities.map((c) => [c.CityId, c.CityName])}
            disabled={!p.stateId}
            onChange={(v) => p.onChange({ ...ids, cityId: v, publicationId: 0 })}
          />
          <PlaceSelect
            label="Publication"
            placeholder="Select Publication"
            value={p.publicationId}
            options={pubs.map((x) => [x.PublicationId, x.PublicationName])}
            disabled={!p.cityId}
            onChange={(v) => p.onChange({ ...ids, publicationId: v })}
          />
        </div>
        <button
          type="button"
          className="link-btn advanced__clear"
          onClick={() => p.onChange({ countryId: 0, stateId: 0, cityId: 0, publicationId: 0 })}
          disabled={!active}
        >
          Clear
        </button>
        {p.extra}
      </div>
    </div>
  );
}

interface SelectProps {
  label: string;
  placeholder: string;
  value: number;
  options: Array<[number, string]>;
  disabled?: boolean;
  onChange(value: number): void;
}

function PlaceSelect({ label, placeholder, value, options, disabled, onChange }: SelectProps) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} value={value} disabled={disabled} onChange={(e) => onChange(Number(e.target.value))}>
        <option value={0}>{placeholder}</option>
        {options.map(([id, name]) => (
          <option key={id} value={id}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}
