// Kiosk mode (issue #17), switched on per site in /admin: an idle clock that, after the site's idle time,
// forgets the visitor and returns to /home; "Are you still there?" with a countdown for the last seconds
// (a touch dismisses it); links that never open new windows; the featured issues kept for offline use.
import { useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import type { KioskSettings } from '../../contract/api';
import { countdownFrom } from '../../contract/kiosk';
import { HOME_PATH } from '../../contract/routes';
import { useOnlineStatus } from '../shared/data/site-hooks';
import { useIdleCountdown } from './use-idle';
import { guardLinks } from './link-guard';
import { forgetVisitor } from './forget-visitor';
import { keepFeaturedIssues } from './keep-featured';
import './kiosk.css';

export interface KioskModeProps {
  kiosk: KioskSettings | undefined;
  /** Called after the visitor's traces are cleared: the shell starts afresh (form state, screen state). */
  onVisitorForgotten(): void;
}

export function KioskMode({ kiosk, onVisitorForgotten }: KioskModeProps) {
  if (!kiosk?.enabled) return null;
  return <ActiveKiosk kiosk={kiosk} onVisitorForgotten={onVisitorForgotten} />;
}

function ActiveKiosk({ kiosk, onVisitorForgotten }: { kiosk: KioskSettings; onVisitorForgotten(): void }) {
  const [, navigate] = useLocation();
  const online = useOnlineStatus();

  useEffect(() => {
    document.documentElement.dataset.kiosk = 'on';
    const stop = guardLinks((path) => navigate(path));
    return () => {
      stop();
      delete document.documentElement.dataset.kiosk;
    };
  }, [navigate]);

  const featuredKey = kiosk.featuredIssues.map((i) => `${i.issueId}:${i.pageIds.length}`).join(',');
  const featured = useRef(kiosk.featuredIssues);
  featured.current = kiosk.featuredIssues;
  useEffect(() => {
    if (!online || !('caches' in window)) return;
    const ctl = new AbortController();
    const screenPx = Math.ceil(Math.max(window.innerWidth, 320) * (window.devicePixelRatio || 1));
    keepFeaturedIssues(featured.current, screenPx, ctl.signal).then(
      (r) => {
        document.documentElement.dataset.kioskKept = `${r.pages - r.failed}/${r.pages}`;
      },
      (e) => console.warn('[kiosk] featured issues not kept', e),
    );
    return () => ctl.abort();
  }, [featuredKey, online]);

  const reset = useCallback(async () => {
    await forgetVisitor();
    navigate(HOME_PATH, { replace: true });
    onVisitorForgotten();
  }, [navigate, onVisitorForgotten]);

  const { secondsLeft, restart } = useIdleCountdown(kiosk.idleSeconds, () => void reset());
  const asking = secondsLeft > 0 && secondsLeft <= countdownFrom(kiosk.idleSeconds);
  return asking ? <StillThere secondsLeft={secondsLeft} onStay={restart} /> : null;
}

function StillThere({ secondsLeft, onStay }: { secondsLeft: number; onStay(): void }) {
  const button = useRef<HTMLButtonElement>(null);
  // Focus moves to the button (a keyboard user can answer with Enter) and goes back where it was after.
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    button.current?.focus();
    return () => before?.focus?.();
  }, []);
  return (
    <div className="kiosk-still-there" role="presentation" onPointerDown={onStay} onTouchStart={onStay}>
      <div role="alertdialog" aria-modal="true" aria-labelledby="kiosk-still-there-h" aria-describedby="kiosk-still-there-p" className="kiosk-still-there__box">
        <h2 id="kiosk-still-there-h">Are you still there?</h2>
        <p id="kiosk-still-there-p">
          This screen starts again for the next visitor in <strong data-testid="kiosk-countdown">{secondsLeft}</strong>{' '}
          {secondsLeft === 1 ? 'second' : 'seconds'}, and forgets your searches and pages.
        </p>
        <button ref={button} type="button" onClick={onStay}>
          I’m still here
        </button>
      </div>
    </div>
  );
}
