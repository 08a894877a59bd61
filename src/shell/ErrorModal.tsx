// The validation-message modal (spec 2.3, 8): titled 'Error', shows the message and a 'Close' button.
// A native modal <dialog> (shared/ui/use-modal-dialog): focus kept inside, Escape closes, the page behind is inert.
// Dialogs are at most 80vw wide and close on navigation (spec 9).
import { useId } from 'react';
import { useModalDialog } from '../shared/ui/use-modal-dialog';
import { useCloseOnNavigation } from './use-close-on-navigation';

export interface ErrorModalProps {
  message: string | null;
  onClose(): void;
}

export function ErrorModal({ message, onClose }: ErrorModalProps) {
  const titleId = useId();
  const open = message !== null && message !== '';
  // Escape fires 'cancel': the owner clears its message instead of the dialog closing itself.
  const dialog = useModalDialog(open, onClose);

  useCloseOnNavigation(open, onClose);

  return (
    <dialog {...dialog} className="modal error-modal" aria-labelledby={titleId}>
      {open && (
        <>
          <h2 id={titleId} className="modal__title">
            Error
          </h2>
          <p className="modal__message">{message}</p>
          <div className="modal__actions">
            <button type="button" className="btn btn--primary" onClick={onClose} data-autofocus>
              Close
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
