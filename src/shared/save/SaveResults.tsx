// "Save these results for offline", on the results screen: the answer on screen is pinned and its first N
// pages (N chosen, with the size shown) are saved like an issue's pages, with the same progress and Cancel.
import { useEffect, useId, useMemo, useState } from 'react';
import type { SearchResponse } from '../../../contract/search/query';
import type { ViewerPageResponse } from '../../../contract/viewer';
import { apiUrl } from '../data/http';
import { archiveDb } from '../db';
import { currentSite } from '../data/site';
import { cancelSave, startSave } from './save-jobs';
import { beginResultsSave, resultPages } from './results-save';
import { estimateSaveBytes, formatBytes, measurePage, pagePdfUrl, pdfBytes, type PageMeasure } from './estimate';
import { screenSize } from './tile-plan';
import { askPersistentStorage, useSaveJob } from './use-save-job';
import { SaveProgressView } from './SaveProgressView';
import './save.css';

const CHOICES = [5, 10, 20, 50];

interface Props {
  /** The /search query string on screen (without '?'). */
  query: string;
  response: SearchResponse;
  /** How /saved names this search. */
  label: string;
  /** The store key of the query (canonicalSearchKey), null when it cannot be kept. */
  storeKey(): Promise<string | null>;
  /** The viewer address of a result's page (with the search, so its hits show). */
  pageHref(uid: string): string;
}

/** Measures the first result's page: its answer's size and its tiles (contract/iiif-tiles.ts). */
function useMeasure(firstUid: string | undefined, wanted: boolean): PageMeasure | null {
  const [measure, setMeasure] = useState<PageMeasure | null>(null);
  useEffect(() => {
    if (!wanted || !firstUid) return;
    const ctl = new AbortController();
    fetch(apiUrl(`Viewer/Page/${encodeURIComponent(firstUid)}`), { credentials: 'same-origin', signal: ctl.signal })
      .then((r) => (r.ok ? (r.json() as Promise<ViewerPageResponse>) : Promise.reject(new Error(String(r.status)))))
      .then((page) => measurePage(archiveDb(), currentSite(), page, screenSize()))
      .then((m) => !ctl.signal.aborted && setMeasure(m))
      .catch(() => undefined);
    return () => ctl.abort();
  }, [firstUid, wanted]);
  return measure;
}

/** The PDFs' size of the first `count` pages, when asked (undefined while measuring, null when unknown). */
function usePdfBytes(pages: string[], wanted: boolean): number | null | undefined {
  const [bytes, setBytes] = useState<number | null | undefined>(undefined);
  const joined = pages.join('\n');
  useEffect(() => {
    if (!wanted) return;
    const ctl = new AbortController();
    setBytes(undefined);
    void pdfBytes(joined.split('\n').filter(Boolean).map(pagePdfUrl), ctl.signal).then((n) => !ctl.signal.aborted && setBytes(n));
    return () => ctl.abort();
  }, [joined, wanted]);
  return bytes;
}

export function SaveResults({ query, response, label, storeKey, pageHref }: Props) {
  const jobId = `search:${query}`;
  const job = useSaveJob(jobId);
  const [open, setOpen] = useState(false);
  const [persistNote, setPersistNote] = useState('');
  const panelId = useId();
  const available = useMemo(() => resultPages(response, Infinity).length, [response]);
  const choices = useMemo(() => {
    const list = CHOICES.filter((n) => n < available);
    return [...list, available].filter((n, i, all) => n > 0 && all.indexOf(n) === i);
  }, [available]);
  const [count, setCount] = useState(() => Math.min(10, available));
  const measure = useMeasure(response.results[0]?.pageUid, open);
  const [withPdfs, setWithPdfs] = useState(false);
  const pdfSize = usePdfBytes(
    useMemo(() => resultPages(response, count), [response, count]),
    open && !!measure?.hasPdf,
  );
  const estimate = measure ? estimateSaveBytes(count, measure, withPdfs ? (pdfSize ?? 0) : 0) : null;

  const start = () => {
    void askPersistentStorage().then(setPersistNote);
    const db = archiveDb();
    const site = currentSite();
    void startSave(jobId, async () => {
      const key = await storeKey();
      if (key === null) throw new Error('These results cannot be kept on this device.');
      // The saver (and its tile plan) loads when a save starts: the results' first load does without it.
      const { pageSaver } = await import('../../../device-db/page-saver');
      return beginResultsSave(db, site, { key, query, response, label, count }, pageSaver({ db, site, withPdfs, screen: screenSize(), hrefOf: pageHref }));
    });
  };

  if (!available) return null;
  const busy = job?.status === 'saving';
  return (
    <div className="save-results">
      {!busy && job?.status !== 'saved' && (
        <button type="button" className="save-btn" aria-expanded={open || !!job} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
          Save these results for offline
        </button>
      )}
      {(open || job) && (
        <div className="save-panel" id={panelId} role="region" aria-label="Save these results for offline">
          {job?.status === 'saved' ? (
            <p className="save-done" role="status" data-testid="results-saved">
              <span aria-hidden="true">✓</span> Saved for offline: this list and {job.progress.pagesTotal} pages
            </p>
          ) : (
            <>
              {!busy && (
                <div className="save-row">
                  <label>
                    Pages to save{' '}
                    <select className="save-select" value={count} onChange={(e) => setCount(Number(e.target.value))}>
                      {choices.map((n) => (
                        <option key={n} value={n}>
                          The first {n}
                        </option>
                      ))}
                    </select>
                  </label>
                  {measure?.hasPdf && (
                    <label className="save-check">
                      <input type="checkbox" checked={withPdfs} onChange={(e) => setWithPdfs(e.target.checked)} /> Include page PDFs{' '}
                      <span className="save-muted">
                        {pdfSize === undefined ? '(measuring…)' : pdfSize === null ? '(size not known)' : `(${formatBytes(pdfSize)} more)`}
                      </span>
                    </label>
                  )}
                  <span className="save-muted" data-testid="results-estimate">
                    {estimate === null ? 'Measuring…' : `about ${formatBytes(estimate)}`}
                  </span>
                  <button type="button" className="save-btn save-btn--primary" onClick={start}>
                    {job ? 'Resume saving' : 'Start saving'}
                  </button>
                </div>
              )}
              {job && <SaveProgressView job={job} what="these results" estimatedBytes={estimate ?? undefined} onCancel={() => cancelSave(jobId)} />}
            </>
          )}
          {persistNote && <p className="save-muted save-line">{persistNote}</p>}
        </div>
      )}
    </div>
  );
}
