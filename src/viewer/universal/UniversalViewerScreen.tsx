// /universalviewer?issue={issueUid} (or ?manifest={same-origin URL}): a light IIIF viewer of our own on
// OpenSeadragon. It reads any IIIF Presentation 3 manifest (canvases, image services, renderings) and
// searches through the manifest's IIIF Content Search 2 service, boxing the hits on their canvases.
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import type { Box } from '../../../contract/viewer';
import { DeepZoom, type DeepZoomHandle } from '../common/DeepZoom';
import { parseManifest, parseSearchResults, type IiifManifest, type SearchHitOnCanvas } from './iiif-manifest';
import { fetchIiif } from '../common/viewer-api';
import { CanvasStrip } from './CanvasStrip';
import { Icon } from '../../shared/ui/icons';
import '../common/viewer.css';

export function UniversalViewerScreen() {
  const search = useSearch();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const issue = params.get('issue');
  const manifestUrl = params.get('manifest') ?? (issue ? `/iiif/presentation/${encodeURIComponent(issue)}/manifest.json` : null);
  const [manifest, setManifest] = useState<IiifManifest | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [index, setIndex] = useState(() => Math.max(0, Number(params.get('canvas') ?? 1) - 1));
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<SearchHitOnCanvas[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [current, setCurrent] = useState(0);
  const [panelOpen, setPanelOpen] = useState(() => window.innerWidth >= 900);
  const zoom = useRef<DeepZoomHandle>(null);

  useEffect(() => {
    if (!manifestUrl) return setError('No issue or manifest was given.');
    const ctl = new AbortController();
    fetchIiif(manifestUrl, ctl.signal)
      .then((json) => setManifest(parseManifest(json)))
      .catch((err: Error) => err.name !== 'AbortError' && setError(err.message));
    return () => ctl.abort();
  }, [manifestUrl]);

  const canvas = manifest?.canvases[Math.min(index, manifest.canvases.length - 1)];
  const hitsHere = useMemo(() => (results ?? []).filter((r) => r.canvasId === canvas?.id), [results, canvas]);
  const hitBoxes = useMemo<Box[][]>(() => hitsHere.map((h) => h.boxes), [hitsHere]);
  const countByCanvas = useMemo(() => {
    const m = new Map<string, number>();
    for (const r of results ?? []) m.set(r.canvasId, (m.get(r.canvasId) ?? 0) + 1);
    return m;
  }, [results]);

  const runSearch = async (e: FormEvent) => {
    e.preventDefault();
    if (!manifest?.searchService || !query.trim()) return setResults(null);
    setSearching(true);
    try {
      const json = await fetchIiif(`${manifest.searchService}?q=${encodeURIComponent(query.trim())}`);
      const found = parseSearchResults(json);
      setResults(found);
      const first = manifest.canvases.findIndex((c) => found.some((f) => f.canvasId === c.id));
      if (first >= 0) setIndex(first);
      setCurrent(0);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setSearching(false);
    }
  };
  const goToResult = (r: SearchHitOnCanvas) => {
    const i = manifest!.canvases.findIndex((c) => c.id === r.canvasId);
    if (i !== index) setIndex(i);
    const k = (results ?? []).filter((x) => x.canvasId === r.canvasId).indexOf(r);
    setCurrent(Math.max(0, k));
    if (i === index) zoom.current?.show(r.boxes);
  };

  const pageUid = canvas?.service?.split('/').pop();
  return (
    <div className="vz-app" data-testid="iiif-viewer">
      <header className="vz-top">
        <Link href={pageUid ? `/viewer?page=${pageUid}` : '/home'} className="vz-btn vz-back" aria-label={pageUid ? 'Page viewer' : 'Home'}>
          <Icon name="back" />
          <span className="vz-back-label">{pageUid ? 'Page viewer' : 'Home'}</span>
        </Link>
        <div className="vz-where">
          <h1 className="vz-title">{manifest?.label ?? 'IIIF viewer'}</h1>
          {canvas && manifest && (
            <p className="vz-sub">
              {canvas.label} of {manifest.canvases.length} · IIIF
            </p>
          )}
        </div>
        <button
          type="button"
          className={`vz-btn vz-btn--icon${panelOpen ? ' is-on' : ''}`}
          onClick={() => setPanelOpen((o) => !o)}
          aria-pressed={panelOpen}
          aria-label="Search and information"
        >
          <Icon name="search" />
        </button>
      </header>
      <div className={`vz-body vz-iiif${panelOpen ? ' has-panel' : ''}`}>
        {manifest && <CanvasStrip canvases={manifest.canvases} index={index} counts={countByCanvas} onPick={setIndex} />}
        <section className="vz-main" aria-label="Canvas">
          {error && (
            <div className="vz-message" role="alert">
              <h2>The IIIF viewer cannot open this</h2>
              <p>{error}</p>
            </div>
          )}
          {canvas?.service && (
            <DeepZoom
              key={canvas.id}
              ref={zoom}
              infoUrl={`${canvas.service}/info.json`}
              pageWidth={canvas.width}
              pageHeight={canvas.height}
              label={`${manifest!.label}, ${canvas.label}`}
              hits={hitBoxes}
              currentHit={current}
              highlightAll
              selected={null}
              clipMode={false}
              initialZoom={null}
              initialRotation={0}
              onZoom={() => undefined}
              onRotate={() => undefined}
              onImageClick={() => undefined}
              onClipDrawn={() => undefined}
              onOpenFailed={() => setError('The image service did not answer.')}
            />
          )}
          {canvas?.service && (
            <div className="vz-floating">
              <div className="vz-toolbar" role="toolbar" aria-label="Canvas tools">
                <button type="button" className="vz-tool" aria-label="Previous page" disabled={index === 0} onClick={() => setIndex((i) => i - 1)}>
                  <Icon name="prev" />
                </button>
                <button type="button" className="vz-tool" aria-label="Zoom out" onClick={() => zoom.current?.zoomBy(1 / 1.4)}>
                  <Icon name="zoomOut" />
                </button>
                <button type="button" className="vz-tool" aria-label="Zoom in" onClick={() => zoom.current?.zoomBy(1.4)}>
                  <Icon name="zoomIn" />
                </button>
                <button type="button" className="vz-tool" aria-label="Whole page" onClick={() => zoom.current?.fitPage()}>
                  <Icon name="fit" />
                </button>
                <button type="button" className="vz-tool" aria-label="Rotate right" onClick={() => zoom.current?.rotateBy(90)}>
                  <Icon name="rotateRight" />
                </button>
                <button
                  type="button"
                  className="vz-tool"
                  aria-label="Next page"
                  disabled={!manifest || index >= manifest.canvases.length - 1}
                  onClick={() => setIndex((i) => i + 1)}
                >
                  <Icon name="next" />
                </button>
              </div>
            </div>
          )}
        </section>
        <aside className="vz-panel vz-iiif-panel" hidden={!panelOpen} aria-label="Search and information">
          <div className="vz-tabpanel">
            {manifest?.searchService ? (
              <form className="vz-search" role="search" aria-label="Search this issue" onSubmit={runSearch}>
                <label htmlFor="vz-iiif-q">Search this issue</label>
                <div className="vz-search-row">
                  <input id="vz-iiif-q" type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder='Words, or "a phrase"' />
                  <button type="submit" className="vz-btn vz-btn--primary" disabled={searching}>
                    Find
                  </button>
                </div>
                <p className="vz-search-status" role="status" data-testid="iiif-result-count">
                  {searching
                    ? 'Searching…'
                    : results
                      ? `${results.length} hit${results.length === 1 ? '' : 's'} in ${countByCanvas.size} page${countByCanvas.size === 1 ? '' : 's'}`
                      : ''}
                </p>
              </form>
            ) : (
              <p className="vz-muted">This manifest has no search service.</p>
            )}
            {results && results.length > 0 && manifest && (
              <ol className="vz-hitlist">
                {results.slice(0, 300).map((r, i) => (
                  <li key={`${r.canvasId}-${i}`}>
                    <button
                      type="button"
                      className={`vz-hititem${r.canvasId === canvas?.id && hitsHere.indexOf(r) === current ? ' is-current' : ''}`}
                      onClick={() => goToResult(r)}
                    >
                      <span className="vz-hitnum">{manifest.canvases.find((c) => c.id === r.canvasId)?.label}</span>
                      <span>
                        {r.prefix}
                        <mark>{r.text}</mark>
                        {r.suffix}
                      </span>
                    </button>
                  </li>
                ))}
              </ol>
            )}
            {manifest && (
              <>
                <h3>About this issue</h3>
                <dl className="vz-meta">
                  {manifest.metadata.map((m) => (
                    <div key={m.label}>
                      <dt>{m.label}</dt>
                      <dd>{m.value}</dd>
                    </div>
                  ))}
                </dl>
                {canvas && canvas.rendering.length + canvas.seeAlso.length > 0 && (
                  <>
                    <h3>This page</h3>
                    <ul className="vz-plain-list">
                      {[...canvas.rendering, ...canvas.seeAlso].map((l) => (
                        <li key={l.id}>
                          <a href={l.id}>{l.label}</a>
                        </li>
                      ))}
                    </ul>
                  </>
                )}
                <p>
                  <a href={manifest.id}>IIIF manifest</a> (open it in any IIIF viewer)
                </p>
              </>
            )}
          </div>
        </aside>
      </div>
    </div>
  );
}
