// "Save issue for offline", in the viewer's top bar: the button opens a small panel with the estimated size
// (and the PDFs' size, optional), then saves every page of the issue with a progress bar and Cancel. A half
// saved issue offers "Resume saving"; a saved one says "Saved for offline". The save itself runs outside
// the screen (save-jobs.ts), so turning pages while it runs does not stop it.
import { useEffect, useId, useState } from 'react';
import type { ViewerPageResponse } from '../../../contract/viewer';
import { archiveDb } from '../db';
import { currentSite } from '../data/site';
import { cancelSave, startSave } from './save-jobs';
import { beginIssueSave, issueTarget } from './issue-record';
import { estimateSaveBytes, formatBytes, issuePages, measurePage, pdfBytes, type IssuePages } from './estimate';
import { screenSize } from './tile-plan';
import { askPersistentStorage, useSaveJob, useSavedIssue } from './use-save-job';
import { SaveProgressView } from './SaveProgressView';
import { Icon } from '../ui/icons';
import './save.css';

interface Plan extends IssuePages {
  bytes: number;
  pdfBytes: number | null | undefined;
}

function usePlan(page: ViewerPageResponse, wanted: boolean): { plan: Plan | null; error: string } {
  const [plan, setPlan] = useState<Plan | null>(null);
  const [error, setError] = useState('');
  const issueUid = page.issueUid;
  useEffect(() => {
    if (!wanted) return;
    const ctl = new AbortController();
    setError('');
    (async () => {
      const [pages, measure] = await Promise.all([issuePages(page.manifest, ctl.signal), measurePage(archiveDb(), currentSite(), page, screenSize())]);
      const bytes = estimateSaveBytes(pages.pages.length, measure);
      if (ctl.signal.aborted) return;
      setPlan({ ...pages, bytes, pdfBytes: pages.pdfs.length ? undefined : 0 });
      const pdf = pages.pdfs.length ? await pdfBytes(pages.pdfs, ctl.signal) : 0;
      if (!ctl.signal.aborted) setPlan({ ...pages, bytes, pdfBytes: pdf });
    })().catch((e) => !ctl.signal.aborted && setError(e instanceof Error && e.name !== 'TypeError' ? e.message : 'The size of this issue needs the network.'));
    return () => ctl.abort();
    // The plan belongs to the issue: turning pages of the same issue keeps it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [issueUid, wanted]);
  return { plan, error };
}

export function SaveIssue({ page }: { page: ViewerPageResponse }) {
  const jobId = `issue:${page.issueUid}`;
  const job = useSaveJob(jobId);
  const saved = useSavedIssue(page.issueUid);
  const [open, setOpen] = useState(false);
  const [withPdfs, setWithPdfs] = useState(false);
  const [persistNote, setPersistNote] = useState('');
  const panelId = useId();
  const { plan, error } = usePlan(page, open && !saved);
  const estimated = plan ? plan.bytes + (withPdfs ? (plan.pdfBytes ?? 0) : 0) : undefined;

  const run = (pages: string[], withPdf: boolean, estimatedBytes: number) => {
    setOpen(true);
    void askPersistentStorage().then(setPersistNote);
    const db = archiveDb();
    const site = currentSite();
    void startSave(jobId, async () => {
      // The saver (and its tile plan) loads when a save starts: the viewer's first load does without it.
      const { pageSaver, savedPageHref } = await import('../../../device-db/page-saver');
      const issue = await beginIssueSave(db, site, {
        issueUid: page.issueUid,
        pages,
        withPdfs: withPdf,
        estimatedBytes,
        title: page.title,
        date: page.date,
        href: savedPageHref(pages[0] ?? page.uid),
      });
      return issueTarget(db, site, issue, pageSaver({ db, site, withPdfs: withPdf, screen: screenSize() }));
    });
  };
  const resume = () => saved && run(saved.pages, saved.withPdfs, saved.estimatedBytes);

  const saving = job?.status === 'saving';
  if (saved?.state === 'saved' && !saving)
    return (
      <p className="save-done" role="status" data-testid="saved-for-offline">
        <span aria-hidden="true">✓</span> Saved for offline
      </p>
    );
  const half = !!saved && saved.state === 'saving';
  return (
    <div className="save-issue">
      {!saving &&
        (half ? (
          <button type="button" className="vz-btn save-btn" onClick={resume}>
            <Icon name="download" />
            <span className="save-btn-label">Resume saving</span>
          </button>
        ) : (
          <button type="button" className="vz-btn save-btn" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
            <Icon name="download" />
            <span className="save-btn-label">Save issue for offline</span>
          </button>
        ))}
      {(open || saving) && (
        <div className="save-panel" id={panelId} role="region" aria-label="Save this issue for offline">
          {!job && !half && (
            <>
              {error && <p className="save-line save-error">{error}</p>}
              {!plan && !error && <p className="save-line">Measuring this issue…</p>}
              {plan && (
                <>
                  <p className="save-line" data-testid="save-estimate">
                    {plan.pages.length === 1 ? '1 page' : `${plan.pages.length} pages`}, about {formatBytes(estimated ?? plan.bytes)}: text, word positions,
                    citation, and the page images for reading and zooming.
                  </p>
                  {plan.pdfs.length > 0 && (
                    <label className="save-check">
                      <input type="checkbox" checked={withPdfs} onChange={(e) => setWithPdfs(e.target.checked)} /> Include page PDFs{' '}
                      <span className="save-muted">
                        {plan.pdfBytes === undefined ? '(measuring…)' : plan.pdfBytes === null ? '(size not known)' : `(${formatBytes(plan.pdfBytes)} more)`}
                      </span>
                    </label>
                  )}
                  <div className="save-row">
                    <button type="button" className="vz-btn vz-btn--primary save-btn" onClick={() => run(plan.pages, withPdfs, estimated ?? plan.bytes)}>
                      Start saving
                    </button>
                    <button type="button" className="vz-btn save-btn" onClick={() => setOpen(false)}>
                      Not now
                    </button>
                  </div>
                </>
              )}
            </>
          )}
          {job && <SaveProgressView job={job} what="this issue" estimatedBytes={saved?.estimatedBytes} onCancel={() => cancelSave(jobId)} />}
          {half && !job && (
            <p className="save-line">
              {saved.done.length} of {saved.pages.length} pages are on this device. The issue is not saved until every page is.
            </p>
          )}
          {persistNote && <p className="save-muted save-line">{persistNote}</p>}
          {job && !saving && (
            <button type="button" className="vz-link-btn" onClick={() => setOpen(false)}>
              Close
            </button>
          )}
        </div>
      )}
    </div>
  );
}
