// Full-screen loading overlay (spec 2.3): dark translucent backdrop, large white scaling balls and a
// loading text. It appears after about 10 ms (so instant answers never flash it), fades in over 300 ms
// and out over 200 ms (spec 9). The CSS lives in src/shell/overlay.css. It is portalled to <body> so the
// content area's brightness/contrast filter (which makes a containing block) cannot shrink it.
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';

export interface LoadingOverlayProps {
  show: boolean;
  text?: string;
}

export const OVERLAY_APPEAR_DELAY_MS = 10;
export const OVERLAY_FADE_IN_MS = 300;
export const OVERLAY_FADE_OUT_MS = 200;

type Phase = 'hidden' | 'entering' | 'visible' | 'leaving';

export function LoadingOverlay({ show, text = 'Loading...' }: LoadingOverlayProps) {
  const [phase, setPhase] = useState<Phase>('hidden');

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (show) {
      timer = setTimeout(() => {
        setPhase('entering');
        // Next frame: switch to the visible state so the opacity transition runs.
        timer = setTimeout(() => setPhase('visible'), 16);
      }, OVERLAY_APPEAR_DELAY_MS);
    } else {
      setPhase((p) => (p === 'hidden' ? 'hidden' : 'leaving'));
      timer = setTimeout(() => setPhase('hidden'), OVERLAY_FADE_OUT_MS);
    }
    return () => clearTimeout(timer);
  }, [show]);

  if (phase === 'hidden') return null;
  const overlay = (
    <div className={`loading-overlay loading-overlay--${phase}`} role="status" aria-live="polite" aria-busy={show} data-testid="loading-overlay">
      <div className="loading-overlay__balls" aria-hidden="true">
        <span />
        <span />
        <span />
      </div>
      <p className="loading-overlay__text">{text}</p>
    </div>
  );
  return typeof document === 'undefined' ? overlay : createPortal(overlay, document.body);
}
