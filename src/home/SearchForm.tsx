// The advanced search form of the hero (spec 2.4): rows, date filter, places and 'Discover'. Submitting
// (Discover, or Enter in any field) validates (5.1) and goes to /search with the 7.3 parameters.
import { type FormEvent } from 'react';
import type { HomeDetail } from '../../contract/api';
import { searchFormToParams, type GlobalDates, type HomeForm } from '../../contract/home-form';
import { AdvancedPlaces } from './AdvancedPlaces';
import { DateFilter } from './DateFilter';
import { SearchRows } from './SearchRows';
import { useHistoryForm } from './use-history-form';

interface Props {
  detail: HomeDetail | undefined;
  dates: GlobalDates;
  onSearch(params: URLSearchParams): void;
  onError(message: string): void;
}

export function SearchForm({ detail, dates, onSearch, onError }: Props) {
  // Back from the results finds the form as the visitor left it.
  const [form, setForm] = useHistoryForm();
  const patch = (p: Partial<HomeForm>) => setForm((f) => ({ ...f, ...p }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const result = searchFormToParams(form, dates);
    if (result.ok) onSearch(result.value);
    else onError(result.message);
  };

  return (
    <form className="search-form" role="search" aria-label="Search the archive" onSubmit={submit} noValidate>
      <SearchRows rows={form.rows} onChange={(rows) => patch({ rows })} />
      <DateFilter mode={form.betw} start={form.picker1} end={form.picker2} globMinDate={dates.globMinDate} globMaxDate={dates.globMaxDate} onChange={patch} />
      <AdvancedPlaces
        countryId={form.countryId}
        stateId={form.stateId}
        cityId={form.cityId}
        publicationId={form.publicationId}
        countries={detail?.CountryData ?? []}
        states={detail?.StateData ?? []}
        cities={detail?.CityData ?? []}
        publications={detail?.PublicationData ?? []}
        onChange={patch}
      />
      <div className="search-form__actions">
        <button type="submit" className="btn btn--primary btn--discover">
          Discover
        </button>
      </div>
    </form>
  );
}
