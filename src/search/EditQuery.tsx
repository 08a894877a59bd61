import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { parseUsDate, usToIso, type Combinator, type DateMode, type RowType, type SearchQuery, type SearchRow } from '../../contract/search/query';
import { MSG_INVALID_DATE, MSG_PROVIDE_QUERY, MSG_START_AFTER_END } from '../../contract/messages';
import { callArchiveWorker } from '../shared/lib/worker-client';

const TYPES: Array<[RowType, string]> = [
  ['all', 'All of these words'],
  ['exact', 'This exact phrase'],
  ['any', 'Any of these words'],
  ['none', 'None of these words'],
];
const MODES: Array<[DateMode, string]> = [
  ['between', 'Between'],
  ['on', 'On'],
  ['before', 'Before'],
  ['after', 'After'],
];

const hasFilters = (q: SearchQuery) => q.titleIds.length > 0 || q.decades.length > 0 || q.year != null || q.countryId > 0;

/** Checks the edited form like the home form does; returns the message to show, or null. */
export function validateEdit(q: SearchQuery): string | null {
  const blank = q.rows.every((r) => !r.text.trim());
  if (blank && !hasFilters(q) && !q.start && !q.end) return MSG_PROVIDE_QUERY;
  if (q.rows.some((r) => !r.text.trim()) && !blank) return MSG_PROVIDE_QUERY;
  for (const d of [q.start, q.end]) if (d && !parseUsDate(d)) return MSG_INVALID_DATE;
  if (q.mode === 'between' && q.start && q.end && usToIso(q.start)! > usToIso(q.end)!) return MSG_START_AFTER_END;
  return null;
}

/** The query, edited in place: rows with type and combinator, and the date filter. Filters are kept. */
export function EditQuery({ query }: { query: SearchQuery }) {
  const [, navigate] = useLocation();
  const [rows, setRows] = useState<SearchRow[]>(query.rows.length ? query.rows : [{ type: 'all', text: '', op: 'and' }]);
  const [mode, setMode] = useState<DateMode>(query.mode);
  const [start, setStart] = useState(query.start ?? '');
  const [end, setEnd] = useState(query.end ?? '');
  const [error, setError] = useState<string | null>(null);

  const update = (i: number, change: Partial<SearchRow>) => setRows(rows.map((r, k) => (k === i ? { ...r, ...change } : r)));
  const showStart = mode !== 'before';
  const showEnd = mode === 'between' || mode === 'before';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const edited: SearchQuery = {
      ...query,
      rows: rows.map((r) => ({ ...r, text: r.text.trim() })),
      mode,
      start: showStart && start.trim() ? start.trim() : null,
      end: showEnd && end.trim() ? end.trim() : null,
      page: 1,
    };
    const message = validateEdit(edited);
    setError(message);
    if (message) return;
    edited.rows = edited.rows.filter((r) => r.text);
    // An edited query is built into its address by the archive worker, as the home form's is.
    callArchiveWorker('queryUrl', [edited]).then(navigate, (err: unknown) => setError(err instanceof Error ? err.message : String(err)));
  };

  return (
    <form className="search-edit" role="search" aria-label="Edit this search" onSubmit={submit} noValidate>
      {rows.map((row, i) => (
        <div className="search-edit__row" key={i}>
          {i > 0 && (
            <select aria-label={`How row ${i + 1} joins the rows before it`} value={row.op} onChange={(e) => update(i, { op: e.target.value as Combinator })}>
              <option value="and">And</option>
              <option value="or">Or</option>
            </select>
          )}
          <select aria-label={`Row ${i + 1} type`} value={row.type} onChange={(e) => update(i, { type: e.target.value as RowType })}>
            {TYPES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          <input type="search" aria-label={`Row ${i + 1} words`} value={row.text} maxLength={1000} onChange={(e) => update(i, { text: e.target.value })} />
          {i > 0 && (
            <button type="button" className="search-edit__remove" aria-label={`Remove row ${i + 1}`} onClick={() => setRows(rows.filter((_, k) => k !== i))}>
              ×
            </button>
          )}
        </div>
      ))}
      <div className="search-edit__row search-edit__dates">
        <button type="button" className="search-linkbtn" onClick={() => setRows([...rows, { type: 'all', text: '', op: 'and' }])} disabled={rows.length >= 10}>
          + Add a row
        </button>
        <label>
          <span className="visually-hidden">Date filter</span>
          <select value={mode} onChange={(e) => setMode(e.target.value as DateMode)} aria-label="Date filter">
            {MODES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        {showStart && (
          <input
            aria-label={mode === 'between' ? 'Start date' : 'Date'}
            placeholder="MM/DD/YYYY"
            inputMode="numeric"
            value={start}
            onChange={(e) => setStart(e.target.value)}
            size={11}
          />
        )}
        {showEnd && <input aria-label="End date" placeholder="MM/DD/YYYY" inputMode="numeric" value={end} onChange={(e) => setEnd(e.target.value)} size={11} />}
        <button type="submit" className="search-btn">
          Search
        </button>
      </div>
      {error && (
        <p className="search-edit__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
