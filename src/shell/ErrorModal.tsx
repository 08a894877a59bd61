// The validation-message modal (spec 2.3, 8): titled 'Error', shows the message and a 'Close' button.
// A native modal <dialog> (shared/ui/Modal): focus kept inside, Escape asks the owner to clear its message,
// the page behind is inert. Dialogs are at most 80vw wide and close on navigation (spec 9).
import { Modal } from '../shared/ui/Modal';
import { useCloseOnNavigation } from './use-close-on-navigation';

export interface ErrorModalProps {
  message: string | null;
  onClose(): void;
}

export function ErrorModal({ message, onClose }: ErrorModalProps) {
  const open = message !== null && message !== '';
  useCloseOnNavigation(open, onClose);
  return (
    <Modal open={open} title="Error" className="error-modal" onClose={onClose}>
      <p className="modal__message">{message}</p>
    </Modal>
  );
}
