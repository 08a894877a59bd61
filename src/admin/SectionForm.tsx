import { useEffect, useId, useState } from 'react';
import type { Field } from './fields';
import { uploadImage } from './api';

interface Props {
  fields: Field[];
  value: Record<string, unknown>;
  onSave(next: Record<string, unknown>): Promise<void>;
  disabled?: boolean;
}

/** One form for any section: fields described in fields.ts; saving reports errors inline. */
export function SectionForm({ fields, value, onSave, disabled }: Props) {
  const [draft, setDraft] = useState<Record<string, unknown>>(value);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setDraft(value), [value]);
  const set = (key: string, v: unknown) => setDraft((d) => ({ ...d, [key]: v }));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setStatus(null);
    try {
      await onSave(draft);
      setStatus({ kind: 'ok', text: 'Saved. The public site shows it now.' });
    } catch (err) {
      setStatus({ kind: 'error', text: (err as Error).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="admin-form" onSubmit={submit}>
      {fields.map((f) => (
        <FieldInput key={f.key} field={f} value={draft[f.key]} onChange={(v) => set(f.key, v)} disabled={disabled} />
      ))}
      <div className="admin-actions">
        <button type="submit" disabled={busy || disabled}>
          {busy ? 'Saving…' : 'Save'}
        </button>
        <p role="status" aria-live="polite" className={status ? `admin-${status.kind}` : undefined}>
          {status?.text}
        </p>
      </div>
    </form>
  );
}

function FieldInput({ field, value, onChange, disabled }: { field: Field; value: unknown; onChange(v: unknown): void; disabled?: boolean }) {
  const id = useId();
  const [uploadError, setUploadError] = useState<string | null>(null);
  const upload = async (file: File | undefined, apply: (path: string) => void) => {
    if (!file) return;
    setUploadError(null);
    try {
      apply((await uploadImage(file)).path);
    } catch (err) {
      setUploadError((err as Error).message);
    }
  };
  switch (field.kind) {
    case 'bool':
      return (
        <div className="admin-field admin-check">
          <input id={id} type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} disabled={disabled} />
          <label htmlFor={id}>{field.label}</label>
        </div>
      );
    case 'textarea':
    case 'html':
      return (
        <div className="admin-field">
          <label htmlFor={id}>{field.label}</label>
          <textarea id={id} rows={field.kind === 'html' ? 6 : 3} value={String(value ?? '')} onChange={(e) => onChange(e.target.value)} disabled={disabled} />
          {field.kind === 'html' && <small>HTML is cleaned when saved: scripts, event handlers and unsafe links are removed.</small>}
        </div>
      );
    case 'number':
      return (
        <div className="admin-field">
          <label htmlFor={id}>{field.label}</label>
          <input
            id={id}
            type="number"
            min={field.min}
            max={field.max}
            step={field.step}
            value={Number(value ?? 0)}
            onChange={(e) => onChange(Number(e.target.value))}
            disabled={disabled}
          />
        </div>
      );
    case 'color':
      return (
        <div className="admin-field">
          <label htmlFor={id}>{field.label}</label>
          <input
            id={id}
            type="color"
            value={/^#[0-9a-f]{6}$/i.test(String(value)) ? String(value) : '#000000'}
            onChange={(e) => onChange(e.target.value)}
            disabled={disabled}
          />
        </div>
      );
    case 'image':
      return (
        <div className="admin-field">
          <label htmlFor={id}>{field.label}</label>
          <input id={id} type="text" value={String(value ?? '')} onChange={(e) => onChange(e.target.value)} disabled={disabled} />
          <input
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            aria-label={`Upload ${field.label}`}
            onChange={(e) => upload(e.target.files?.[0], onChange)}
            disabled={disabled}
          />
          {uploadError && (
            <p className="admin-error" role="alert">
              {uploadError}
            </p>
          )}
        </div>
      );
    case 'imageList': {
      const list = Array.isArray(value) ? (value as string[]) : [];
      return (
        <fieldset className="admin-field">
          <legend>{field.label}</legend>
          {list.map((path, i) => (
            <div key={i} className="admin-row">
              <input
                aria-label={`${field.label} ${i + 1}`}
                value={path}
                onChange={(e) => onChange(list.map((p, j) => (j === i ? e.target.value : p)))}
                disabled={disabled}
              />
              <button type="button" onClick={() => onChange(list.filter((_, j) => j !== i))} disabled={disabled}>
                Remove
              </button>
            </div>
          ))}
          <input
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            aria-label={`Add to ${field.label}`}
            onChange={(e) => upload(e.target.files?.[0], (p) => onChange([...list, p]))}
            disabled={disabled}
          />
          {uploadError && (
            <p className="admin-error" role="alert">
              {uploadError}
            </p>
          )}
        </fieldset>
      );
    }
    default:
      return (
        <div className="admin-field">
          <label htmlFor={id}>{field.label}</label>
          <input id={id} type="text" value={String(value ?? '')} onChange={(e) => onChange(e.target.value)} disabled={disabled} />
        </div>
      );
  }
}
