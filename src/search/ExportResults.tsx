// "Export results" (issue #37): every page of this search as CSV, JSON Lines, RIS or BibTeX, from GET
// /Api/Search/Export with the same parameters. The server streams the file; a search over the archive's
// limit is answered with a message saying how to narrow it, shown here instead of a download.
import { useState, type FormEvent } from 'react';
import type { ExportFormat } from '../../contract/search/research';
import { apiUrl } from '../shared/data/http';
import { formatCount } from '../../contract/plain-format';

const FORMATS: Array<[ExportFormat, string]> = [
  ['csv', 'CSV (spreadsheets)'],
  ['jsonl', 'JSON Lines'],
  ['ris', 'RIS (reference managers)'],
  ['bibtex', 'BibTeX'],
];

/** The export's address: the search's parameters (not its page) with the format and text. */
export function exportHref(params: URLSearchParams, format: ExportFormat, text: boolean): string {
  const asked: Record<string, string> = {};
  for (const [k, v] of params) if (k !== 'p' && k !== 'url' && !k.startsWith('tr')) asked[k] = v;
  return apiUrl('Search/Export', { ...asked, format, text: text ? '1' : undefined });
}

export function ExportResults({ params, total }: { params: URLSearchParams; total: number }) {
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [text, setText] = useState(false);
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const href = exportHref(params, format, text);
  const start = async (e: FormEvent) => {
    e.preventDefault();
    setState({ busy: true, error: null });
    // Ask first whether the export can be made (over the limit it cannot): only the answer's status is read,
    // then the browser downloads the file itself, streamed to disk.
    const controller = new AbortController();
    try {
      const res = await fetch(href, { signal: controller.signal });
      if (!res.ok) {
        const message = ((await res.json().catch(() => null)) as { error?: string } | null)?.error;
        return setState({ busy: false, error: message ?? `The export failed (${res.status}).` });
      }
      controller.abort();
    } catch (err) {
      if ((err as Error).name !== 'AbortError') return setState({ busy: false, error: 'The export needs a network connection.' });
    }
    const a = document.createElement('a');
    a.href = href;
    a.download = '';
    document.body.append(a);
    a.click();
    a.remove();
    setState({ busy: false, error: null });
  };
  return (
    <details className="search-export" data-testid="export">
      <summary>Export results</summary>
      <form className="search-export__form" onSubmit={start}>
        <label>
          Format{' '}
          <select value={format} onChange={(e) => setFormat(e.target.value as ExportFormat)}>
            {FORMATS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label>
          <input type="checkbox" checked={text} onChange={(e) => setText(e.target.checked)} /> With each page's full text
        </label>
        <button type="submit" className="search-btn" disabled={state.busy}>
          Export {formatCount(total)} {total === 1 ? 'page' : 'pages'}
        </button>
        {state.error && (
          <p className="search-edit__error" role="alert">
            {state.error}
          </p>
        )}
      </form>
    </details>
  );
}
