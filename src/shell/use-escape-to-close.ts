// The floating tools' pop-up panels (share, site tools): while one is open, Escape closes it and puts focus back
// on the button that opened it, so a keyboard user keeps their place.
import { useEffect, useRef, type RefObject } from 'react';

export function useEscapeToClose(open: boolean, onClose: () => void, returnFocusTo: RefObject<HTMLElement | null>) {
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        close.current();
        returnFocusTo.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, returnFocusTo]);
}
