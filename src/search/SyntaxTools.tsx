// Beside the results: the "Include likely OCR misreadings" switch (fz=1), which words each pattern and
// OCR-tolerant word stood for ("also matched: scnate, sennte", each one can be set aside with fzx), the
// engine's notices (a pattern that matched too many words), and a short help panel on the row syntax.
import { Link, useLocation } from 'wouter';
import type { SearchQuery, SearchResponse } from '../../contract/search/query';
import { searchUrl } from '../../contract/search/url';
import { withChanges } from './search-url';

const joinSorted = (words: string[]) => [...new Set(words)].sort().join(',') || null;

export function OcrSwitch({ query, params }: { query: SearchQuery; params: URLSearchParams }) {
  const [, navigate] = useLocation();
  if (!query.rows.length) return null;
  return (
    <label className="search-ocr-switch">
      <input
        type="checkbox"
        checked={!!query.fuzzy}
        onChange={(e) => navigate(searchUrl(withChanges(params, e.target.checked ? { fz: '1' } : { fz: null, fzx: null })))}
      />{' '}
      Include likely OCR misreadings
    </label>
  );
}

export function Expansions({ query, params, response }: { query: SearchQuery; params: URLSearchParams; response: SearchResponse | null }) {
  const setAside = query.fuzzyExclude ?? [];
  const shown = (response?.expansions ?? []).filter((e) => e.words.length > (e.term.endsWith('*') || e.term.includes('?') ? 0 : 1));
  if (!shown.length && !setAside.length && !response?.notices?.length) return null;
  return (
    <div className="search-expansions">
      {response?.notices?.map((n) => (
        <p key={n} className="search-expansions__notice" role="note">
          {n}
        </p>
      ))}
      {shown.map((e) => {
        const fuzzy = !e.term.endsWith('*') && !e.term.includes('?');
        const base = e.term.replace(/~\d?$/, '');
        const variants = fuzzy ? e.words.filter((w) => w !== base) : e.words;
        return (
          <p key={e.term} className="search-expansions__line">
            <strong>{e.term}</strong> {fuzzy ? 'also matched' : 'matched'}:{' '}
            {variants.map((w, i) => (
              <span key={w} className="search-variant">
                {i > 0 && ', '}
                {w}
                {fuzzy && (
                  <Link
                    href={searchUrl(withChanges(params, { fzx: joinSorted([...setAside, w]) }))}
                    className="search-variant__drop"
                    aria-label={`Leave out ${w}`}
                  >
                    ×
                  </Link>
                )}
              </span>
            ))}
            {e.limited && ' …'}
          </p>
        );
      })}
      {setAside.length > 0 && (
        <p className="search-expansions__line">
          Left out:{' '}
          {setAside.map((w, i) => (
            <span key={w}>
              {i > 0 && ', '}
              <Link href={searchUrl(withChanges(params, { fzx: joinSorted(setAside.filter((x) => x !== w)) }))} aria-label={`Include ${w} again`}>
                {w}
              </Link>
            </span>
          ))}
        </p>
      )}
    </div>
  );
}

export function SyntaxHelp() {
  return (
    <details className="search-help">
      <summary>Search tips</summary>
      <dl>
        <dt>
          <code>wash*</code>
        </dt>
        <dd>Any ending: washing, Washington. At least 3 letters before the *.</dd>
        <dt>
          <code>wom?n</code>
        </dt>
        <dd>One letter: woman, women.</dd>
        <dt>
          <code>"city council"</code>
        </dt>
        <dd>The exact phrase.</dd>
        <dt>
          <code>"city council"~5</code>
        </dt>
        <dd>The words within 5 words of each other, in any order (N from 1 to 20).</dd>
        <dt>
          <code>senate~</code>
        </dt>
        <dd>Also finds likely OCR misreadings, such as “scnate” or “sennte”. “Include likely OCR misreadings” does this for every word.</dd>
      </dl>
    </details>
  );
}
