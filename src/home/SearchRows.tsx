// Repeatable search rows (spec 2.4, 3.11): type select, text, And/Or after the first row, add / remove.
import { useEffect, useRef } from 'react';
import { newRow, ROW_PLACEHOLDERS, type FormRow } from '../../contract/home-form-fields';

const TYPES: Array<[FormRow['Section'], string]> = [
  [1, 'All'],
  [2, 'Exact'],
  [3, 'Any'],
  [4, 'None'],
];
export const MAX_FORM_ROWS = 20;
const WITHIN = Array.from({ length: 20 }, (_, i) => i + 1);

/** An Exact row's distance: the text is the truth ("city council"~5 is within 5 words; no ~N is the phrase). */
const withinOf = (text: string): number => Number(/^\s*"[^"]*"~(\d{1,2})\s*$/.exec(text)?.[1] ?? 0);
/** The row's words with a new distance written the Lucene way: "city council"~5, or the bare phrase. */
export function withWithin(text: string, n: number): string {
  const words = text
    .trim()
    .replace(/^"([^"]*)"(~\d*)?$/, '$1')
    .trim();
  return n > 0 && words ? `"${words}"~${n}` : words;
}

interface Props {
  rows: FormRow[];
  onChange(rows: FormRow[]): void;
}

export function SearchRows({ rows, onChange }: Props) {
  const inputs = useRef<Array<HTMLInputElement | null>>([]);
  const focusRow = useRef<number | null>(null);

  useEffect(() => {
    if (focusRow.current === null) return;
    inputs.current[Math.min(focusRow.current, rows.length - 1)]?.focus();
    focusRow.current = null;
  }, [rows.length]);

  const update = (i: number, patch: Partial<FormRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const add = () => {
    if (rows.length >= MAX_FORM_ROWS) return;
    focusRow.current = rows.length;
    onChange([...rows, newRow()]);
  };
  const remove = (i: number) => {
    focusRow.current = i - 1;
    onChange(rows.filter((_, j) => j !== i));
  };
  const full = rows.length >= MAX_FORM_ROWS;

  return (
    <fieldset className="search-rows">
      <legend className="visually-hidden">Search terms</legend>
      {rows.map((row, i) => (
        <div className="search-row" key={i} role="group" aria-label={`Search row ${i + 1}`} data-testid="search-row">
          {i > 0 && (
            <select
              className="search-row__op"
              aria-label={`Row ${i + 1}: combine with the rows before`}
              value={row.Section2}
              onChange={(e) => update(i, { Section2: Number(e.target.value) as FormRow['Section2'] })}
            >
              <option value={1}>And</option>
              <option value={2}>Or</option>
            </select>
          )}
          <select
            className="search-row__type"
            aria-label={`Row ${i + 1}: search type`}
            value={row.Section}
            onChange={(e) => update(i, { Section: Number(e.target.value) as FormRow['Section'] })}
          >
            {TYPES.map(([code, label]) => (
              <option key={code} value={code}>
                {label}
              </option>
            ))}
          </select>
          <input
            ref={(el) => {
              inputs.current[i] = el;
            }}
            className="search-row__text"
            type="text"
            enterKeyHint="search"
            aria-label={`Row ${i + 1}: search terms`}
            placeholder={ROW_PLACEHOLDERS[row.Section]}
            value={row.Search}
            maxLength={1000}
            onChange={(e) => update(i, { Search: e.target.value })}
          />
          {row.Section === 2 && (
            <select
              className="search-row__within"
              aria-label={`Row ${i + 1}: how close the words must be`}
              value={withinOf(row.Search)}
              onChange={(e) => update(i, { Search: withWithin(row.Search, Number(e.target.value)) })}
            >
              <option value={0}>as a phrase</option>
              {WITHIN.map((n) => (
                <option key={n} value={n}>
                  within {n} {n === 1 ? 'word' : 'words'}
                </option>
              ))}
            </select>
          )}
          {i === 0 ? (
            <button type="button" className="icon-btn search-row__add" onClick={add} disabled={full} aria-label="Add search row" title="Add search row">
              <span aria-hidden="true">+</span>
            </button>
          ) : (
            <button type="button" className="icon-btn search-row__remove" onClick={() => remove(i)} aria-label={`Remove row ${i + 1}`} title="Remove row">
              <span aria-hidden="true">×</span>
            </button>
          )}
        </div>
      ))}
      <button type="button" className="btn btn--ghost search-rows__add-mobile" onClick={add} disabled={full}>
        <span aria-hidden="true">+</span> Add row
      </button>
    </fieldset>
  );
}
