// The app's titled modal (spec 2.3, 2.4: 'Error', 'Learn More'): a heading, the caller's content and a 'Close'
// button that takes focus. Dialog behaviour (inert page, Escape, Tab kept inside, focus back) is useModalDialog's.
import { useId, type ReactNode } from 'react';
import { useModalDialog } from './use-modal-dialog';

interface Props {
  open: boolean;
  title: string;
  /** The modal's own class beside 'modal'. */
  className: string;
  onClose(): void;
  children: ReactNode;
}

export function Modal({ open, title, className, onClose, children }: Props) {
  const dialog = useModalDialog(open, onClose);
  const titleId = useId();
  return (
    <dialog {...dialog} className={`modal ${className}`} aria-labelledby={titleId}>
      {open && (
        <>
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          {children}
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
