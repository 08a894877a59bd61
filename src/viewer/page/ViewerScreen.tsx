// /viewer?page={uid}&{search params}: the page image reading room. Deep zoom with the search's hits boxed
// on the right words, search inside the page, the OCR text tied to the image, downloads, citation and clips.
import { eagerLazy } from '../../shared/ui/lazy-part';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearch } from 'wouter';
import type { Box } from '../../../contract/viewer';
import { searchUrlFromViewer } from '../../../contract/search/url';
import { useSiteSettings } from '../../shared/data/site-hooks';
import type { DeepZoomHandle } from '../common/DeepZoom';
import { ViewerTopBar } from './ViewerTopBar';
import { ViewerToolbar } from './ViewerToolbar';
import { HitBar } from './HitBar';
import { ViewerSidePanel, type PanelTab } from './ViewerSidePanel';
import { PageSearchForm } from './PageSearchForm';
import { SearchWithin } from './SearchWithin';
import { HitList } from './HitList';
import { TextPanel } from './TextPanel';
import { DownloadsPanel } from './DownloadsPanel';
import { NotOnDevice } from './NotOnDevice';
import { ImageUnavailable } from './ImageUnavailable';
import { useImageRetry } from './use-image-retry';
import { SaveIssue } from '../../shared/save/SaveIssue';
import { AddToList } from '../../shared/lists/AddToList';
import { pageListItem, regionListItem } from '../../shared/lists/list-items';
import { PageNotes } from '../../shared/lists/PageNotes';
import { ClipDialog } from '../clip/ClipDialog';
import { usePageHits, useViewerPage } from '../common/use-viewer-data';
import { viewerSession } from './viewer-session';
import { resultThumbnailPath } from '../../../contract/saved-files';

// OpenSeadragon (about 90 kB) loads beside the page's data instead of before the screen can show anything:
// the title, hit bar and text panel paint first (issue #19: LCP and blocking time on /viewer).
const DeepZoom = eagerLazy(() => import('../common/DeepZoom').then((m) => m.DeepZoom));
/** The deep zoom's own stage, empty, while its code loads: the same box, so nothing moves when it comes. */
const StageWhileLoading = () => (
  <div className="vz-stage">
    <div className="vz-canvas" data-testid="deep-zoom-loading" />
  </div>
);
import { hasSearchTerms } from '../common/viewer-api';
import { wordAt } from './word-at';
import { useViewerKeys } from './use-viewer-keys';
import { ShortcutsDialog } from './ShortcutsDialog';
import { longDate, pageLabel } from '../../shared/lib/format';
import '../common/viewer.css';

const SEARCH_KEYS = ['i', 'd', 'bcn', 'm', 'k', 'e', 'o', 'n', 'ord', 'co', 'st', 'ci', 'ti', 't', 'bdd', 'by', 'p', 'sort', 'fz', 'fzx', 'iss'];
/** '?region=x,y,w,h' (from a shared clip): a box to frame and outline. */
function parseRegion(raw: string | null): Box | null {
  const m = raw?.match(/^(\d+),(\d+),(\d+),(\d+)$/);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])] : null;
}
/** The median word height: body text, since headlines are few. */
function bodyLineHeight(words: { 4: number }[]): number | null {
  if (words.length < 20) return null;
  const heights = words
    .map((w) => w[4])
    .filter((h) => h > 0)
    .sort((a, b) => a - b);
  return heights[Math.floor(heights.length / 2)] ?? null;
}
/** /viewer without a page: say what the viewer is for and where pages come from, not an empty panel. */
function NoPageChosen() {
  return (
    <div className="vz-message" data-testid="viewer-no-page">
      <h2>No page chosen</h2>
      <p>The viewer shows one newspaper page at a time. Find a page first, then open it from the results.</p>
      <p>
        <Link href="/home">Search or browse the newspapers</Link>
      </p>
    </div>
  );
}

const wide = () => typeof window !== 'undefined' && window.innerWidth >= 900;

export function ViewerScreen() {
  const search = useSearch();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const uid = params.get('page');
  const siteName = useSiteSettings().data?.SiteName ?? '';
  const { data: page, error, loading, savedAt, notOnDevice, reload } = useViewerPage(uid);
  /** ?fix=L12 (from the outbox's "Open the line"): open the correction editor at that line. */
  const fixLine = params.get('fix');
  const [editing, setEditing] = useState(false);

  const [pageText, setPageText] = useState(viewerSession.search);
  const [exact, setExact] = useState(viewerSession.exact);
  const hits = usePageHits(uid, search, pageText, exact, page?.words ?? null);
  const [current, setCurrent] = useState(0);
  const [highlightAll, setHighlightAll] = useState(viewerSession.highlightAll);
  const [selected, setSelected] = useState<number | null>(null);
  const [clipOn, setClipOn] = useState(false);
  const [clipRegion, setClipRegion] = useState<Box | null>(null);
  const [panelOpen, setPanelOpen] = useState(() => (wide() || !!fixLine) && !!uid);
  // The panel's contents (the OCR text: thousands of words, each its own element; the hit list; downloads)
  // are built once the panel has been open: on a phone it starts folded away, and building them then cost
  // the first paint a long main-thread task (issue #19: blocking time on /viewer).
  const [panelSeen, setPanelSeen] = useState(panelOpen);
  if (panelOpen && !panelSeen) setPanelSeen(true);
  const [helpOpen, setHelpOpen] = useState(false);
  const [tab, setTab] = useState<PanelTab>(() => (!fixLine && (viewerSession.search() || hasSearchTerms(params)) ? 'search' : 'text'));
  const zoom = useRef<DeepZoomHandle>(null);
  const image = useImageRetry(uid);
  // The page's preview (the results' thumbnail, which the served HTML paints first) stays under the deep zoom
  // until its first view is drawn.
  const [drawn, setDrawn] = useState<string | null>(null);

  useEffect(() => viewerSession.markVisited(), []);
  useEffect(() => setCurrent(0), [hits.hits]);
  useEffect(() => {
    setSelected(null);
    setClipOn(false);
  }, [uid]);

  const hitBoxes = useMemo(() => hits.hits.map((h) => h.boxes), [hits.hits]);
  const hitWords = useMemo(() => new Set(hits.hits.flatMap((h) => h.words)), [hits.hits]);
  const region = useMemo(() => parseRegion(params.get('region')), [params]);
  const lineHeight = useMemo(() => (page ? bodyLineHeight(page.words) : null), [page]);
  const selectedBox = useMemo<Box | null>(
    () => (page && selected != null && page.words[selected] ? (page.words[selected].slice(1) as Box) : region),
    [page, selected, region],
  );

  const hrefFor = useCallback(
    (to: string) => {
      const next = new URLSearchParams(params);
      next.set('page', to);
      return `/viewer?${next}`;
    },
    [params],
  );
  const fromSearch = SEARCH_KEYS.some((k) => params.has(k));
  const backHref = fromSearch ? searchUrlFromViewer(params) : '/home';

  const moveHit = useCallback(
    (delta: number) => {
      const n = hits.hits.length;
      if (n) setCurrent((c) => (c + delta + n) % n);
    },
    [hits.hits.length],
  );
  const runPageSearch = (text: string, isExact: boolean) => {
    viewerSession.setSearch(text);
    viewerSession.setExact(isExact);
    setPageText(text);
    setExact(isExact);
  };
  const setAll = (on: boolean) => {
    viewerSession.setHighlightAll(on);
    setHighlightAll(on);
  };
  const pickWord = (i: number) => {
    setSelected(i);
    if (page) zoom.current?.show([page.words[i].slice(1) as Box]);
  };
  const clickImage = (x: number, y: number) => {
    if (!page) return;
    const i = wordAt(page.words, x, y);
    setSelected(i);
    if (i == null) return;
    setTab('text');
    if (wide()) setPanelOpen(true);
  };
  const toggleClip = useCallback(() => setClipOn((on) => !on), []);

  // Zoom keeps the current hit (else the chosen word) in place, so it never leaves the screen.
  const zoomFocus = useRef<Box | null>(null);
  zoomFocus.current = hitBoxes[current]?.[0] ?? selectedBox;
  const actions = useMemo(
    () => ({
      zoomIn: () => zoom.current?.zoomBy(1.4, zoomFocus.current),
      zoomOut: () => zoom.current?.zoomBy(1 / 1.4, zoomFocus.current),
      fitWidth: () => zoom.current?.fitWidth(),
      fitPage: () => zoom.current?.fitPage(),
      rotateLeft: () => zoom.current?.rotateBy(-90),
      rotateRight: () => zoom.current?.rotateBy(90),
      toggleClip,
      togglePanel: () => setPanelOpen((o) => !o),
      showHelp: () => setHelpOpen(true),
    }),
    [toggleClip],
  );
  useViewerKeys({
    ...actions,
    nextHit: () => moveHit(1),
    prevHit: () => moveHit(-1),
    escape: () => setClipOn(false),
    pan: (dx, dy) => zoom.current?.panBy(dx, dy),
  });

  // A read-only hook for browser tests and bookmarklets: where an image point is on screen.
  useEffect(() => {
    (window as unknown as { __pageViewer?: object }).__pageViewer = {
      imageToElement: (x: number, y: number) => zoom.current?.imageToElement(x, y) ?? null,
      state: () => zoom.current?.state() ?? null,
    };
  }, []);

  const canShowImage = !!(page?.imageService && page.width && page.height);
  const imageShown = canShowImage && !image.failed;
  const readText = () => {
    setTab('text');
    setPanelOpen(true);
  };
  return (
    <div className="vz-app" data-testid="page-viewer">
      <ViewerTopBar
        page={page}
        backHref={backHref}
        backLabel={fromSearch ? 'Back to results' : 'Home'}
        hrefFor={hrefFor}
        savedAt={savedAt}
        issueActions={
          page ? (
            <>
              <AddToList item={() => pageListItem(page)} className="vz-add-to-list" />
              <SaveIssue page={page} />
            </>
          ) : null
        }
      />
      <div className={`vz-body${panelOpen ? ' has-panel' : ''}`}>
        <section className="vz-main" aria-label="Page image">
          {uid && !error && !(page && (!canShowImage || image.failed)) && drawn !== `${uid}#${image.attempt}` && (
            <img className="vz-preview" src={`/${resultThumbnailPath(uid)}`} alt="" />
          )}
          {error && notOnDevice && uid && (
            <NotOnDevice uid={uid} backHref={backHref} backLabel={fromSearch ? 'Back to the results' : 'Go to the home page'} hrefFor={hrefFor} />
          )}
          {error && uid && !notOnDevice && (
            <div className="vz-message" role="alert">
              <h2>This page cannot be shown</h2>
              <p>{error}</p>
              <Link href="/home">Go to the home page</Link>
            </div>
          )}
          {loading && !page && uid && <div className="vz-message vz-loading">Opening the page…</div>}
          {!uid && <NoPageChosen />}
          {page && !canShowImage && (
            <div className="vz-message">
              <h2>No image for this page</h2>
              <p>Its text is in the side panel.</p>
            </div>
          )}
          {page && canShowImage && image.failed && <ImageUnavailable onReadText={page.words.length ? readText : undefined} onRetry={image.retry} />}
          {page && imageShown && (
            <Suspense fallback={<StageWhileLoading />}>
              <DeepZoom
                key={`${page.uid}#${image.attempt}`}
                ref={zoom}
                infoUrl={`${page.imageService}/info.json`}
                pageWidth={page.width!}
                pageHeight={page.height!}
                label={`${page.title}, ${longDate(page.date)}, ${pageLabel(page)}`}
                hits={hitBoxes}
                currentHit={current}
                highlightAll={highlightAll}
                selected={selectedBox}
                clipMode={clipOn}
                initialZoom={viewerSession.scale()}
                initialRotation={viewerSession.rotation()}
                initialFocus={region}
                lineHeight={lineHeight}
                onZoom={viewerSession.setScale}
                onRotate={viewerSession.setRotation}
                onImageClick={clickImage}
                onClipDrawn={(r) => {
                  setClipRegion(r);
                  setClipOn(false);
                }}
                onOpenFailed={image.onFailed}
                onDrawn={() => setDrawn(`${page.uid}#${image.attempt}`)}
              />
            </Suspense>
          )}
          {page && imageShown && (
            <div className="vz-floating">
              <HitBar count={hits.hits.length} current={current} highlightAll={highlightAll} source={hits.source} onMove={moveHit} onHighlightAll={setAll} />
              {clipOn && (
                <button
                  type="button"
                  className="vz-btn vz-btn--primary vz-clip-visible"
                  onClick={() => {
                    const r = zoom.current?.visibleRegion();
                    if (r) setClipRegion(r);
                    setClipOn(false);
                  }}
                >
                  Clip what is in view
                </button>
              )}
              <ViewerToolbar actions={actions} clipOn={clipOn} panelOpen={panelOpen} canClip={canShowImage} />
            </div>
          )}
        </section>
        {uid && (
          <ViewerSidePanel open={panelOpen} wide={editing && tab === 'text'} tab={tab} onTab={setTab} onClose={() => setPanelOpen(false)}>
            {{
              search: (
                <>
                  <PageSearchForm
                    text={pageText}
                    exact={exact}
                    onSearch={runPageSearch}
                    busy={hits.loading}
                    error={hits.error}
                    count={hits.source === 'page' && !hits.loading && page ? hits.hits.length : null}
                  />
                  {page && panelSeen && <SearchWithin page={page} viewerParams={params} pageText={pageText} exact={exact} />}
                  {hits.source === 'query' && <p className="vz-muted">Showing the words of your search. Search inside the page to look for something else.</p>}
                  {page && panelSeen && <HitList hits={hits.hits} words={page.words} current={current} onPick={setCurrent} />}
                </>
              ),
              text:
                page && panelSeen ? (
                  <>
                    <PageNotes pageUid={page.uid} />
                    <TextPanel
                      key={page.uid}
                      page={page}
                      hitWords={hitWords}
                      selected={selected}
                      onSelect={pickWord}
                      fixLine={fixLine}
                      onEditing={setEditing}
                      onCorrected={reload}
                    />
                  </>
                ) : null,
              download:
                page && panelSeen ? (
                  <DownloadsPanel page={page} siteName={siteName} fromDevice={savedAt != null} shown={panelOpen && tab === 'download'} />
                ) : null,
            }}
          </ViewerSidePanel>
        )}
      </div>
      <ShortcutsDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
      {clipRegion && page?.imageService && (
        <ClipDialog
          pageUid={page.uid}
          imageService={page.imageService}
          region={clipRegion}
          onClose={() => setClipRegion(null)}
          listAction={<AddToList label="Add this region to a list" item={() => regionListItem(page, clipRegion)} className="add-to-list--inline" />}
        />
      )}
    </div>
  );
}
