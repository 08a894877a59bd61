// The page image as a deep-zoom canvas (OpenSeadragon with the page's IIIF tiles), with search hits,
// the selected OCR word and the clip rectangle drawn over it in image pixels.
import { useEffect, useRef, type Ref, useImperativeHandle } from 'react';
import OpenSeadragon from 'openseadragon';
import type { Box } from '../../../contract/viewer';
import { ClipLayer } from '../clip/ClipLayer';
import { fitLevelTileUrls, prefetchTiles } from './prefetch-fit';

export interface DeepZoomHandle {
  /** Zooms by factor, keeping `toward` (an image box) where it is on screen when it is in view. */
  zoomBy(factor: number, toward?: Box | null): void;
  fitPage(): void;
  fitWidth(): void;
  rotateBy(degrees: number): void;
  /** Pans by a fraction of the visible width / height. */
  panBy(dx: number, dy: number): void;
  /** Pans (and zooms in if needed) so the boxes are readable. */
  show(boxes: Box[]): void;
  /** The part of the page in view, in image pixels. */
  visibleRegion(): Box | null;
  /** Current zoom and rotation (for tests). */
  state(): { zoom: number; rotation: number; cx: number; cy: number } | null;
  /** Where an image point is on screen, relative to the canvas element (for tests and tooltips). */
  imageToElement(x: number, y: number): { x: number; y: number } | null;
}

export interface DeepZoomProps {
  infoUrl: string;
  pageWidth: number;
  pageHeight: number;
  label: string;
  hits: Box[][];
  currentHit: number;
  highlightAll: boolean;
  selected: Box | null;
  clipMode: boolean;
  initialZoom: number | null;
  initialRotation: number;
  /** Typical height of a line of text in image pixels: the first view makes it readable. */
  lineHeight?: number | null;
  /** A region to frame on opening when there are no hits (a shared clip's place on the page). */
  initialFocus?: Box | null;
  onZoom(zoom: number): void;
  onRotate(degrees: number): void;
  onImageClick(x: number, y: number): void;
  onClipDrawn(region: Box): void;
  onOpenFailed(): void;
  /** The page's tiles for the first view are all drawn (the screen's preview can go). */
  onDrawn?(): void;
  ref?: Ref<DeepZoomHandle>;
}

/** A word must be at least this tall on screen to be read comfortably. */
const READABLE_PX = 22;

export function DeepZoom(props: DeepZoomProps) {
  const host = useRef<HTMLDivElement>(null);
  const osd = useRef<OpenSeadragon.Viewer | null>(null);
  const latest = useRef(props);
  latest.current = props;
  const W = props.pageWidth;

  const toViewport = (b: Box) => new OpenSeadragon.Rect(b[0] / W, b[1] / W, b[2] / W, b[3] / W);

  useEffect(() => {
    const element = host.current!;
    const prefetch = new AbortController();
    const viewer = OpenSeadragon({
      element,
      tileSources: props.infoUrl,
      // The 2D canvas drawer: the WebGL one falls back to software rendering where there is no GPU (headless
      // and many low-end machines), where each frame is a long main-thread task (issue #19: TBT 9-15 s).
      drawer: 'canvas',
      showNavigationControl: false,
      showNavigator: element.clientWidth > 700,
      navigatorPosition: 'TOP_RIGHT', // the bottom right holds the shell's floating Share and tools buttons
      navigatorAutoFade: false,
      visibilityRatio: 0.3,
      minZoomImageRatio: 0.4,
      maxZoomPixelRatio: 4,
      animationTime: 0.35,
      springStiffness: 9,
      preserveImageSizeOnResize: true,
      gestureSettingsMouse: { clickToZoom: false, dblClickToZoom: true },
      gestureSettingsTouch: { pinchRotate: false, dblClickToZoom: true },
      rotationIncrement: 90,
      crossOriginPolicy: false,
      imageLoaderLimit: 6,
      immediateRender: false,
    } as OpenSeadragon.Options);
    osd.current = viewer;
    viewer.canvas.setAttribute('aria-label', `${props.label}. Arrow keys pan, plus and minus zoom, R rotates.`);
    viewer.canvas.setAttribute('role', 'img');

    viewer.addHandler('open', () => {
      const p = latest.current;
      viewer.viewport.setRotation(p.initialRotation, true);
      if (p.initialZoom) {
        const aspect = element.clientHeight / Math.max(1, element.clientWidth);
        viewer.viewport.zoomTo(p.initialZoom, undefined, true);
        viewer.viewport.panTo(new OpenSeadragon.Point(0.5, Math.min(aspect / (2 * p.initialZoom), p.pageHeight / W / 2)), true);
      } else {
        fitWidthTop(viewer, element, p.pageHeight / W, true);
        if (p.lineHeight) openReadable(viewer, element, p.lineHeight, W);
      }
      if (p.hits.length) showBoxes(viewer, element, p.hits[Math.max(0, p.currentHit)] ?? p.hits[0], W, true);
      else if (p.initialFocus) {
        const [x, y, w, h] = p.initialFocus;
        const pad = Math.max(w, h) * 0.15;
        viewer.viewport.fitBoundsWithConstraints(toViewport([x - pad, y - pad, w + 2 * pad, h + 2 * pad]), true);
      }
      element.dataset.ready = 'true';
      const item = viewer.world.getItemAt(0);
      const drawn = (e: { fullyLoaded?: boolean }) => {
        if (!e.fullyLoaded) return;
        item?.removeHandler('fully-loaded-change', drawn as never);
        latest.current.onDrawn?.();
      };
      item?.addHandler('fully-loaded-change', drawn as never);
      drawOverlays();
      const source = item?.source;
      const dpr = window.devicePixelRatio || 1;
      if (source) prefetchTiles(fitLevelTileUrls(source, element.clientWidth * dpr, element.clientHeight * dpr), prefetch.signal);
    });
    viewer.addHandler('open-failed', () => latest.current.onOpenFailed());
    viewer.addHandler('zoom', (e) => {
      if (element.dataset.ready) latest.current.onZoom((e as unknown as { zoom: number }).zoom);
    });
    viewer.addHandler('rotate', (e) => latest.current.onRotate((e as unknown as { degrees: number }).degrees));
    viewer.addHandler('canvas-click', (e) => {
      const ev = e as unknown as { quick: boolean; position: OpenSeadragon.Point };
      if (!ev.quick || latest.current.clipMode) return;
      const vp = viewer.viewport.viewerElementToViewportCoordinates(ev.position);
      latest.current.onImageClick(vp.x * W, vp.y * W);
    });
    return () => {
      prefetch.abort();
      viewer.destroy();
      osd.current = null;
    };
    // The viewer is made once per page image; the parent keys this component by page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.infoUrl]);

  function drawOverlays() {
    const viewer = osd.current;
    if (!viewer || !host.current?.dataset.ready) return;
    const p = latest.current;
    viewer.clearOverlays();
    p.hits.forEach((boxes, i) => {
      const current = i === p.currentHit;
      if (!current && !p.highlightAll) return;
      boxes.forEach((b, k) => {
        const el = document.createElement('div');
        el.className = current ? 'vz-hit vz-hit--current' : 'vz-hit';
        el.dataset.hit = String(i);
        el.dataset.box = b.join(',');
        el.dataset.part = String(k);
        viewer.addOverlay({ element: el, location: toViewport(b) });
      });
    });
    if (p.selected) {
      const el = document.createElement('div');
      el.className = 'vz-selected';
      el.dataset.box = p.selected.join(',');
      viewer.addOverlay({ element: el, location: toViewport(p.selected) });
    }
  }

  // drawOverlays reads the latest props through `latest`; it re-runs when what it draws changes.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(drawOverlays, [props.hits, props.currentHit, props.highlightAll, props.selected]);

  // Bring the current hit into view when the hits arrive or the reader moves to another one.
  useEffect(() => {
    const viewer = osd.current;
    const target = props.hits[props.currentHit];
    if (viewer && host.current?.dataset.ready && target) showBoxes(viewer, host.current, target, W, false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.hits, props.currentHit]);

  useEffect(() => {
    const viewer = osd.current;
    if (!viewer) return;
    viewer.setMouseNavEnabled(!props.clipMode);
  }, [props.clipMode]);

  useImperativeHandle(props.ref, () => ({
    zoomBy(factor, toward) {
      const v = osd.current?.viewport;
      if (!v) return;
      // Zooming about the current hit keeps it in place on screen; about the centre it could slide off.
      let ref: OpenSeadragon.Point | undefined;
      if (toward) {
        const p = new OpenSeadragon.Point((toward[0] + toward[2] / 2) / W, (toward[1] + toward[3] / 2) / W);
        if (v.getBounds(true).containsPoint(p)) ref = p;
      }
      v.zoomBy(factor, ref).applyConstraints();
    },
    fitPage() {
      osd.current?.viewport.goHome();
    },
    fitWidth() {
      if (osd.current && host.current) fitWidthTop(osd.current, host.current, latest.current.pageHeight / W, false);
    },
    rotateBy(deg) {
      const v = osd.current?.viewport;
      if (v) v.setRotation(v.getRotation() + deg);
    },
    panBy(dx, dy) {
      const v = osd.current?.viewport;
      if (!v) return;
      const b = v.getBounds();
      v.panBy(new OpenSeadragon.Point(dx * b.width, dy * b.height));
      v.applyConstraints();
    },
    show(boxes) {
      if (osd.current && host.current && boxes.length) showBoxes(osd.current, host.current, boxes, W, false);
    },
    visibleRegion() {
      const v = osd.current?.viewport;
      if (!v) return null;
      const b = v.getBounds(true).getBoundingBox();
      const x = Math.max(0, b.x * W);
      const y = Math.max(0, b.y * W);
      const x2 = Math.min(W, (b.x + b.width) * W);
      const y2 = Math.min(latest.current.pageHeight, (b.y + b.height) * W);
      return x2 > x && y2 > y ? [Math.round(x), Math.round(y), Math.round(x2 - x), Math.round(y2 - y)] : null;
    },
    state() {
      const v = osd.current?.viewport;
      if (!v) return null;
      const c = v.getCenter(true);
      return { zoom: v.getZoom(true), rotation: v.getRotation(), cx: c.x, cy: c.y };
    },
    imageToElement(x, y) {
      const v = osd.current?.viewport;
      if (!v) return null;
      const p = v.viewportToViewerElementCoordinates(new OpenSeadragon.Point(x / W, y / W));
      return { x: p.x, y: p.y };
    },
  }));

  const elementToImage = (x: number, y: number) => {
    const v = osd.current?.viewport;
    if (!v) return null;
    const p = v.viewerElementToViewportCoordinates(new OpenSeadragon.Point(x, y));
    return { x: p.x * W, y: p.y * W };
  };

  return (
    <div className="vz-stage">
      <div ref={host} className="vz-canvas" data-testid="deep-zoom" />
      {props.clipMode && <ClipLayer toImage={elementToImage} pageWidth={W} pageHeight={props.pageHeight} onDrawn={props.onClipDrawn} />}
    </div>
  );
}

function fitWidthTop(viewer: OpenSeadragon.Viewer, element: HTMLElement, imageAspect: number, immediately: boolean) {
  const aspect = element.clientHeight / Math.max(1, element.clientWidth);
  if (Math.round(viewer.viewport.getRotation() / 90) % 2 !== 0) {
    // Sideways the page is wider than tall: the whole page is the readable view.
    viewer.viewport.goHome(immediately);
    return;
  }
  viewer.viewport.fitBounds(new OpenSeadragon.Rect(0, 0, 1, Math.min(aspect, imageAspect)), immediately);
}

/** Zooms in from 'fit width' until body text is comfortably large, showing the top left (where reading starts). */
function openReadable(viewer: OpenSeadragon.Viewer, element: HTMLElement, lineHeight: number, W: number) {
  const v = viewer.viewport;
  if (Math.round(v.getRotation()) % 360 !== 0) return;
  // Body text about 16 px tall, but never past one image pixel per screen pixel (blurry beyond that).
  const cw = Math.max(1, element.clientWidth);
  const zoom = Math.min((16 * W) / (lineHeight * cw), W / cw, v.getMaxZoom());
  if (zoom <= v.getZoom(true) * 1.05) return;
  const halfW = 0.5 / zoom;
  const halfH = (halfW * element.clientHeight) / Math.max(1, element.clientWidth);
  v.zoomTo(zoom, undefined, true);
  v.panTo(new OpenSeadragon.Point(halfW, halfH), true);
}

function showBoxes(viewer: OpenSeadragon.Viewer, element: HTMLElement, boxes: Box[], W: number, immediately: boolean) {
  const x1 = Math.min(...boxes.map((b) => b[0]));
  const y1 = Math.min(...boxes.map((b) => b[1]));
  const x2 = Math.max(...boxes.map((b) => b[0] + b[2]));
  const y2 = Math.max(...boxes.map((b) => b[1] + b[3]));
  const lineHeight = Math.max(1, Math.min(...boxes.map((b) => b[3])));
  const v = viewer.viewport;
  const needed = (READABLE_PX * W) / (lineHeight * Math.max(1, element.clientWidth));
  const fits = (0.8 * W) / Math.max(1, x2 - x1); // keep a whole phrase on screen
  const zoom = Math.min(Math.max(v.getZoom(true), Math.min(needed, fits)), v.getMaxZoom());
  let cx = (x1 + x2) / 2 / W;
  let cy = (y1 + y2) / 2 / W;
  if (Math.round(v.getRotation()) % 360 === 0) {
    // Keep the page's edges at the screen's edges rather than showing empty space past them.
    const halfW = 0.5 / zoom;
    const halfH = (halfW * element.clientHeight) / Math.max(1, element.clientWidth);
    const pageH = viewer.world.getItemAt(0)?.getBounds().height ?? halfH * 2;
    cx = halfW * 2 < 1 ? Math.min(Math.max(cx, halfW), 1 - halfW) : 0.5;
    cy = halfH * 2 < pageH ? Math.min(Math.max(cy, halfH), pageH - halfH) : pageH / 2;
  }
  v.zoomTo(zoom, undefined, immediately);
  v.panTo(new OpenSeadragon.Point(cx, cy), immediately);
}
