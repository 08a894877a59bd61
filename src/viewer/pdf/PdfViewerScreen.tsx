// /pdfviewer?page={uid}: the page's PDF in pdf.js, with zoom and download. The document title is the
// shell's (spec 2.2: SiteTitle :: PDF Viewer); the heading says which page this is.
import { useCallback, useMemo, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { useViewerPage } from '../common/use-viewer-data';
import { PdfCanvas, usePdfDocument } from './PdfCanvas';
import { Icon } from '../../shared/ui/icons';
import { longDate, pageLabel } from '../../shared/lib/format';
import '../common/viewer.css';

const STEPS = [0.25, 0.33, 0.5, 0.67, 0.75, 0.9, 1, 1.25, 1.5, 2, 3, 4];

export function PdfViewerScreen() {
  const search = useSearch();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const uid = params.get('page');
  const { data: page, error: pageError } = useViewerPage(uid);
  const pdfUrl = page?.downloads.pdf ?? null;
  const { doc, error: pdfError } = usePdfDocument(pdfUrl);
  const [scale, setScale] = useState<number | null>(null);
  const [fit, setFit] = useState(1);
  const [pageNumber, setPageNumber] = useState(1);
  const onFit = useCallback((s: number) => setFit(s), []);
  const current = scale ?? fit;
  const zoom = (dir: 1 | -1) => {
    const next = dir > 0 ? STEPS.find((s) => s > current + 0.01) : [...STEPS].reverse().find((s) => s < current - 0.01);
    if (next) setScale(next);
  };

  const error = pageError ?? (page && !pdfUrl ? 'This page has no PDF. Its image and text are in the page viewer.' : null) ?? pdfError;
  const label = page ? `${page.title}, ${longDate(page.date)}, ${pageLabel(page)}` : 'PDF';
  return (
    <div className="vz-app vz-pdf" data-testid="pdf-viewer">
      <header className="vz-top">
        <Link href={uid ? `/viewer?page=${encodeURIComponent(uid)}` : '/home'} className="vz-btn vz-back" aria-label={uid ? 'Page viewer' : 'Home'}>
          <Icon name="back" />
          <span className="vz-back-label">{uid ? 'Page viewer' : 'Home'}</span>
        </Link>
        <div className="vz-where">
          <h1 className="vz-title">{page ? page.title : 'PDF Viewer'}</h1>
          {page && (
            <p className="vz-sub">
              {longDate(page.date)} · {pageLabel(page)} · PDF
            </p>
          )}
        </div>
        {pdfUrl && (
          <a className="vz-btn" href={`${pdfUrl}?download=1`} download aria-label="Download PDF">
            <Icon name="download" />
            <span className="vz-back-label">Download PDF</span>
          </a>
        )}
      </header>
      <div className="vz-pdf-body">
        {error && (
          <div className="vz-message" role="alert">
            <h2>The PDF cannot be shown</h2>
            <p>{error}</p>
            {uid && <Link href={`/viewer?page=${encodeURIComponent(uid)}`}>Open the page viewer</Link>}
          </div>
        )}
        {!error && !doc && <div className="vz-message">Opening the PDF…</div>}
        {doc && <PdfCanvas doc={doc} pageNumber={pageNumber} scale={scale} onFitScale={onFit} label={`${label} (PDF)`} />}
        {doc && (
          <div className="vz-floating">
            <div className="vz-toolbar" role="toolbar" aria-label="PDF tools">
              {doc.numPages > 1 && (
                <button
                  type="button"
                  className="vz-tool"
                  onClick={() => setPageNumber((n) => Math.max(1, n - 1))}
                  disabled={pageNumber <= 1}
                  aria-label="Previous PDF page"
                >
                  <Icon name="prev" />
                </button>
              )}
              <button type="button" className="vz-tool" onClick={() => zoom(-1)} aria-label="Zoom out" title="Zoom out">
                <Icon name="zoomOut" />
              </button>
              <span className="vz-hitcount" aria-live="polite" data-testid="pdf-zoom">
                {Math.round(current * 100)}%
              </span>
              <button type="button" className="vz-tool" onClick={() => zoom(1)} aria-label="Zoom in" title="Zoom in">
                <Icon name="zoomIn" />
              </button>
              <button
                type="button"
                className={`vz-tool${scale === null ? ' is-on' : ''}`}
                onClick={() => setScale(null)}
                aria-label="Fit width"
                aria-pressed={scale === null}
                title="Fit width"
              >
                <Icon name="width" />
              </button>
              {doc.numPages > 1 && (
                <button
                  type="button"
                  className="vz-tool"
                  onClick={() => setPageNumber((n) => Math.min(doc.numPages, n + 1))}
                  disabled={pageNumber >= doc.numPages}
                  aria-label="Next PDF page"
                >
                  <Icon name="next" />
                </button>
              )}
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
