// Dialogs close on navigation (spec 9): when the location changes while open, call onClose once.
import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';

export function useCloseOnNavigation(open: boolean, onClose: () => void) {
  const [location] = useLocation();
  const search = useSearch();
  const here = `${location}?${search}`;
  const openedAt = useRef<string | null>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    if (!open) {
      openedAt.current = null;
      return;
    }
    if (openedAt.current === null) openedAt.current = here;
    else if (openedAt.current !== here) {
      openedAt.current = null;
      close.current();
    }
  }, [open, here]);
}
