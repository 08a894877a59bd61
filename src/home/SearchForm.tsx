// The advanced search form of the hero (spec 2.4): rows, date filter, places and 'Discover'. Submitting
// (Discover, or Enter in any field) validates (5.1) and goes to /search with the 7.3 parameters.
import { type FormEvent } from 'react';
import type { HomeDetail } from '../../contract/api';
import { type HomeForm } from '../../contract/home-form-fields';
import { callArchiveWorker } from '../shared/lib/worker-client';
import { AdvancedPlaces } from './AdvancedPlaces';
import { OcrOption } from './OcrOption';
import { DateFilter } from './DateFilter';
import { SearchRows } from './SearchRows';
import type { HomeLinks } from '../shared/data/use-home-links';
import { useHistoryForm } from './use-history-form';

interface Props {
  detail: HomeDetail | undefined;
  /** The archive's years and date bounds (from the archive worker; undefined until it answers). */
  links: HomeLinks | undefined;
  onSearch(url: string): void;
  onError(message: string): void;
}

export function SearchForm({ detail, links, onSearch, onError }: Props) {
  // Back from the results finds the form as the visitor left it.
  const [form, setForm] = useHistoryForm();
  const patch = (p: Partial<HomeForm>) => setForm((f) => ({ ...f, ...p }));

  // Validation and the /search address are the worker's (its dates are the archive's, or its defaults).
  const submit = (e: FormEvent) => {
    e.preventDefault();
    callArchiveWorker('formSearchUrl', [form, links?.years ?? null]).then(
      (result) => (result.ok ? onSearch(result.value) : onError(result.message)),
      (err: unknown) => onError(err instanceof Error ? err.message : String(err)),
    );
  };

  return (
    <form className="search-form" role="search" aria-label="Search the archive" onSubmit={submit} noValidate>
      <SearchRows rows={form.rows} onChange={(rows) => patch({ rows })} />
      <DateFilter
        mode={form.betw}
        start={form.picker1}
        end={form.picker2}
        globMinDate={links?.dates.globMinDate ?? ''}
        globMaxDate={links?.dates.globMaxDate ?? ''}
        onChange={patch}
      />
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
        extra={<OcrOption checked={form.fuzzy} onChange={(fuzzy) => patch({ fuzzy })} />}
        extraNote={form.fuzzy ? 'OCR misreadings included' : null}
      />
      <div className="search-form__actions">
        <button type="submit" className="btn btn--primary btn--discover">
          Discover
        </button>
      </div>
    </form>
  );
}
