// One modal <dialog> behaviour for every modal of the app, driven by its owner's `open`:
// - showModal() makes the page behind inert; the element marked data-autofocus gets focus (React's autoFocus
//   runs before the dialog is shown);
// - Escape ('cancel') asks the owner to close (onClose) instead of the dialog closing itself, so `open` stays true;
// - Tab and Shift+Tab cycle inside the dialog instead of leaving for the browser's own controls;
// - focus returns to whatever opened the dialog when it closes.
// Spread the returned props on the <dialog>; a dialog with its own onKeyDown calls props.onKeyDown first.
import { useEffect, useRef, type KeyboardEvent, type SyntheticEvent } from 'react';

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function trapTab(e: KeyboardEvent<HTMLDialogElement>) {
  if (e.key !== 'Tab') return;
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  if (!items.length) return;
  const first = items[0];
  const last = items[items.length - 1];
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}

export function useModalDialog(open: boolean, onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      opener.current = document.activeElement as HTMLElement | null;
      // DOMs without <dialog> support (unit tests) still show it.
      if (typeof d.showModal === 'function') d.showModal();
      else d.setAttribute('open', '');
      d.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    } else if (!open && d.open) {
      if (typeof d.close === 'function') d.close();
      else d.removeAttribute('open');
      opener.current?.focus();
    }
  }, [open]);
  useEffect(
    () => () => {
      if (ref.current?.open && typeof ref.current.close === 'function') ref.current.close();
    },
    [],
  );
  return {
    ref,
    onCancel: (e: SyntheticEvent<HTMLDialogElement>) => {
      e.preventDefault();
      onClose();
    },
    onKeyDown: trapTab,
  };
}
