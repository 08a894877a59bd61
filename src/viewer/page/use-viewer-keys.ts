// Keyboard shortcuts of the page viewer, active anywhere on the screen except while typing. OpenSeadragon
// handles the same keys itself when its canvas has focus, so those are left to it there.
import { useEffect, useRef } from 'react';
import type { ToolbarActions } from './ViewerToolbar';

/** The toolbar's page actions (all but the panel toggle) plus those only keys reach. */
export interface ViewerKeyActions extends Omit<ToolbarActions, 'togglePanel'> {
  nextHit(): void;
  prevHit(): void;
  escape(): void;
  pan(dx: number, dy: number): void;
}

const typing = (t: EventTarget | null) =>
  t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName) || !!t.closest('[role="dialog"], dialog'));

export function useViewerKeys(actions: ViewerKeyActions) {
  const ref = useRef(actions);
  ref.current = actions;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
      // Arrow keys scroll panels and move between tabs: only take them when nothing else has focus.
      if (e.key.startsWith('Arrow') && e.target instanceof HTMLElement && e.target !== document.body && !e.target.classList.contains('vz-main')) return;
      const inCanvas = e.target instanceof HTMLElement && !!e.target.closest('.openseadragon-canvas');
      const a = ref.current;
      const own: Record<string, () => void> = { n: a.nextHit, p: a.prevHit, c: a.toggleClip, Escape: a.escape, '?': a.showHelp };
      const shared: Record<string, () => void> = {
        '+': a.zoomIn,
        '=': a.zoomIn,
        '-': a.zoomOut,
        _: a.zoomOut,
        '0': a.fitPage,
        w: a.fitWidth,
        r: a.rotateRight,
        R: a.rotateLeft,
        ArrowLeft: () => a.pan(-0.15, 0),
        ArrowRight: () => a.pan(0.15, 0),
        ArrowUp: () => a.pan(0, -0.15),
        ArrowDown: () => a.pan(0, 0.15),
      };
      const act = own[e.key] ?? (inCanvas ? undefined : shared[e.key]);
      if (!act) return;
      e.preventDefault();
      act();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
