// Search inside this page: words or an exact phrase (kept in viewersearch / isexactsearch).
import { useEffect, useId, useState, type FormEvent } from 'react';

interface Props {
  text: string;
  exact: boolean;
  onSearch(text: string, exact: boolean): void;
  busy: boolean;
  error: string | null;
  count: number | null;
}

export function PageSearchForm({ text, exact, onSearch, busy, error, count }: Props) {
  const [value, setValue] = useState(text);
  const [isExact, setExact] = useState(exact);
  const id = useId();
  useEffect(() => setValue(text), [text]);
  useEffect(() => setExact(exact), [exact]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(value.trim(), isExact);
  };
  return (
    <form className="vz-search" role="search" aria-label="Search inside this page" onSubmit={submit}>
      <label htmlFor={`${id}-q`}>Search inside this page</label>
      <div className="vz-search-row">
        <input
          id={`${id}-q`}
          type="search"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder="A word or a phrase"
          maxLength={500}
          autoComplete="off"
          enterKeyHint="search"
        />
        <button type="submit" className="vz-btn vz-btn--primary" disabled={busy}>
          Find
        </button>
      </div>
      <label className="vz-check">
        <input type="checkbox" checked={isExact} onChange={(e) => setExact(e.target.checked)} /> Exact phrase
      </label>
      {text && (
        <button type="button" className="vz-link-btn" onClick={() => onSearch('', isExact)}>
          Clear the page search
        </button>
      )}
      <p className="vz-search-status" role="status" aria-live="polite">
        {error ? (
          <span className="vz-error">{error}</span>
        ) : busy ? (
          'Searching…'
        ) : count == null ? (
          ''
        ) : count === 0 ? (
          `No matches for “${text}” on this page.`
        ) : (
          `${count} match${count === 1 ? '' : 'es'} for “${text}” on this page.`
        )}
      </p>
    </form>
  );
}
