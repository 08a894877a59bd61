// Clip mode: a layer over the page where a rectangle is drawn with a mouse, a pen or a finger.
import { useRef, useState, type PointerEvent } from 'react';
import type { Box } from '../../../contract/viewer';

interface Props {
  toImage(x: number, y: number): { x: number; y: number } | null;
  pageWidth: number;
  pageHeight: number;
  onDrawn(region: Box): void;
}

export function ClipLayer({ toImage, pageWidth, pageHeight, onDrawn }: Props) {
  const start = useRef<{ x: number; y: number } | null>(null);
  const [rect, setRect] = useState<{ x: number; y: number; w: number; h: number } | null>(null);

  const local = (e: PointerEvent<HTMLDivElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  const down = (e: PointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    start.current = local(e);
    setRect({ ...start.current, w: 0, h: 0 });
  };
  const move = (e: PointerEvent<HTMLDivElement>) => {
    if (!start.current) return;
    const p = local(e);
    const s = start.current;
    setRect({ x: Math.min(s.x, p.x), y: Math.min(s.y, p.y), w: Math.abs(p.x - s.x), h: Math.abs(p.y - s.y) });
  };
  const up = () => {
    const r = rect;
    start.current = null;
    if (!r || r.w < 6 || r.h < 6) return setRect(null);
    // Map all four corners: with the page rotated the screen rectangle is another rectangle of the image.
    const corners = [toImage(r.x, r.y), toImage(r.x + r.w, r.y), toImage(r.x, r.y + r.h), toImage(r.x + r.w, r.y + r.h)].filter(
      (c): c is { x: number; y: number } => !!c,
    );
    if (corners.length < 4) return;
    const clamp = (v: number, max: number) => Math.min(Math.max(0, Math.round(v)), max);
    const x1 = clamp(Math.min(...corners.map((c) => c.x)), pageWidth);
    const y1 = clamp(Math.min(...corners.map((c) => c.y)), pageHeight);
    const x2 = clamp(Math.max(...corners.map((c) => c.x)), pageWidth);
    const y2 = clamp(Math.max(...corners.map((c) => c.y)), pageHeight);
    if (x2 - x1 >= 8 && y2 - y1 >= 8) onDrawn([x1, y1, x2 - x1, y2 - y1]);
  };

  return (
    <div
      className="vz-clip-layer"
      data-testid="clip-layer"
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={() => {
        start.current = null;
        setRect(null);
      }}
    >
      <p className="vz-clip-hint">Drag over the part of the page to clip</p>
      {rect && <div className="vz-clip-rect" style={{ left: rect.x, top: rect.y, width: rect.w, height: rect.h }} />}
    </div>
  );
}
