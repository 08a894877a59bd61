// Date mode and the start / end fields (spec 2.4, 4.1). Dates are typed as MM/DD/YYYY; a calendar button
// opens the browser's date picker and writes its choice back in that form.
import { useRef } from 'react';
import { dateFieldsFor } from '../../contract/home-form-fields';
import type { DateMode } from '../../contract/search/query';

const MODES: Array<[DateMode, string]> = [
  ['between', 'Between'],
  ['on', 'On'],
  ['before', 'Before'],
  ['after', 'After'],
];

const toIso = (us: string) => {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(us.trim());
  return m ? `${m[3]}-${m[1].padStart(2, '0')}-${m[2].padStart(2, '0')}` : '';
};
const fromIso = (iso: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : '';
};

interface Props {
  mode: DateMode;
  start: string;
  end: string;
  globMinDate: string;
  globMaxDate: string;
  onChange(patch: { betw?: DateMode; picker1?: string; picker2?: string }): void;
}

export function DateFilter({ mode, start, end, globMinDate, globMaxDate, onChange }: Props) {
  const shown = dateFieldsFor(mode);
  return (
    <div className="date-filter" role="group" aria-label="Date filter">
      <div className="field date-filter__mode">
        <label className="field__label" htmlFor="date-mode">
          Date
        </label>
        <select id="date-mode" value={mode} onChange={(e) => onChange({ betw: e.target.value as DateMode })}>
          {MODES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      {shown.start && (
        <DateField
          label="Start date"
          id="start"
          value={start}
          placeholder={globMinDate}
          min={globMinDate}
          max={globMaxDate}
          onChange={(v) => onChange({ picker1: v })}
        />
      )}
      {shown.end && (
        <DateField
          label="End date"
          id="end"
          value={end}
          placeholder={globMaxDate}
          min={globMinDate}
          max={globMaxDate}
          onChange={(v) => onChange({ picker2: v })}
        />
      )}
    </div>
  );
}

interface FieldProps {
  label: string;
  id: 'start' | 'end';
  value: string;
  placeholder: string;
  min: string;
  max: string;
  onChange(value: string): void;
}

function DateField({ label, id, value, placeholder, min, max, onChange }: FieldProps) {
  const text = useRef<HTMLInputElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const which = id === 'start' ? 'start' : 'end';
  return (
    <div className="field date-field">
      <label className="field__label" htmlFor={`date-${id}`}>
        {label} <span className="field__hint">(MM/DD/YYYY)</span>
      </label>
      <div className="date-field__box">
        <input
          ref={text}
          id={`date-${id}`}
          data-testid={`date-${id}`}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          maxLength={10}
          placeholder={placeholder}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
        {value && (
          <button
            type="button"
            className="icon-btn icon-btn--small"
            aria-label={`Clear ${which} date`}
            title={`Clear ${which} date`}
            onClick={() => {
              onChange('');
              text.current?.focus();
            }}
          >
            <span aria-hidden="true">×</span>
          </button>
        )}
        <span className="date-field__picker">
          <button
            type="button"
            className="icon-btn icon-btn--small"
            aria-label={`Choose ${which} date from a calendar`}
            title="Calendar"
            onClick={() => {
              const p = picker.current;
              if (!p) return;
              p.value = toIso(value || placeholder);
              try {
                p.showPicker();
              } catch {
                p.focus();
              }
            }}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2">
              <rect x="3" y="5" width="18" height="16" rx="2" />
              <path d="M3 10h18M8 3v4M16 3v4" />
            </svg>
          </button>
          <input
            ref={picker}
            className="date-field__native"
            type="date"
            tabIndex={-1}
            aria-hidden="true"
            min={toIso(min)}
            max={toIso(max)}
            onChange={(e) => {
              const v = fromIso(e.target.value);
              if (v) onChange(v);
            }}
          />
        </span>
      </div>
    </div>
  );
}
