// The validation-message modal (spec 2.3, 8): titled 'Error', shows the message and a 'Close' button.
// A native <dialog> opened with showModal() gives focus trapping, Escape and an inert page for free.
// Dialogs are at most 80vw wide and close on navigation (spec 9).
import { useEffect, useId, useRef } from 'react';
import { useCloseOnNavigation } from './use-close-on-navigation';

export interface ErrorModalProps {
  message: string | null;
  onClose(): void;
}

export function ErrorModal({ message, onClose }: ErrorModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const open = message !== null && message !== '';

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  useCloseOnNavigation(open, onClose);

  return (
    <dialog
      ref={ref}
      className="modal error-modal"
      aria-labelledby={titleId}
      // Escape fires 'cancel': let the owner clear its message instead of the dialog closing itself.
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      {open && (
        <>
          <h2 id={titleId} className="modal__title">
            Error
          </h2>
          <p className="modal__message">{message}</p>
          <div className="modal__actions">
            <button type="button" className="btn btn--primary" onClick={onClose} autoFocus>
              Close
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
