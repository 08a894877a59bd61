// Renders one page of a PDF with pdf.js at a given zoom (sharp on high-density screens).
import { useEffect, useRef, useState } from 'react';
import * as pdfjs from 'pdfjs-dist';
import type { PDFDocumentProxy } from 'pdfjs-dist';

pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();

export function usePdfDocument(url: string | null) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!url) return;
    setDoc(null);
    setError(null);
    // No eval: the site's Content-Security-Policy forbids it, and pdf.js does not need it.
    const task = pdfjs.getDocument({ url, isEvalSupported: false, withCredentials: false });
    task.promise.then(setDoc, (err: Error) => setError(err.message || 'The PDF could not be read.'));
    return () => void task.destroy();
  }, [url]);
  return { doc, error };
}

interface Props {
  doc: PDFDocumentProxy;
  pageNumber: number;
  /** CSS pixels per PDF point; null = fit the container's width. */
  scale: number | null;
  onFitScale(scale: number): void;
  label: string;
}

export function PdfCanvas({ doc, pageNumber, scale, onFitScale, label }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [rendered, setRendered] = useState(false);
  const [width, setWidth] = useState(0);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    setWidth(el.clientWidth);
    return () => ro.disconnect();
  }, []);

  useEffect(() => {
    if (!width) return;
    let cancelled = false;
    let task: { cancel(): void; promise: Promise<void> } | null = null;
    (async () => {
      const page = await doc.getPage(pageNumber);
      if (cancelled) return;
      const natural = page.getViewport({ scale: 1 });
      const fit = Math.max(0.1, (width - 32) / natural.width);
      onFitScale(fit);
      const cssScale = scale ?? fit;
      const dpr = Math.min(window.devicePixelRatio || 1, 2);
      const viewport = page.getViewport({ scale: cssScale * dpr });
      const c = canvas.current!;
      c.width = Math.floor(viewport.width);
      c.height = Math.floor(viewport.height);
      c.style.width = `${Math.floor(viewport.width / dpr)}px`;
      c.style.height = `${Math.floor(viewport.height / dpr)}px`;
      task = page.render({ canvas: c, canvasContext: c.getContext('2d')!, viewport });
      await task.promise.catch(() => undefined);
      if (!cancelled) setRendered(true);
    })();
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, pageNumber, scale, width, onFitScale]);

  return (
    // Focusable so a keyboard can scroll a zoomed page (arrow keys) as a mouse or finger does.
    <div ref={box} className="vz-pdf-scroll" tabIndex={0} role="region" aria-label="Page, scrollable">
      <canvas ref={canvas} className="vz-pdf-canvas" role="img" aria-label={label} data-rendered={rendered ? 'true' : 'false'} data-testid="pdf-canvas" />
    </div>
  );
}
