// A slide-out panel ('Titles', 'Dates', 'Years'): a modal <dialog> pinned to the right edge. The native
// dialog traps focus and closes on Escape; focus returns to what opened it (shared/ui/use-modal-dialog).
import { useId, type ReactNode } from 'react';
import { useModalDialog } from '../shared/ui/use-modal-dialog';

interface Props {
  open: boolean;
  title: string;
  subtitle?: string;
  onClose(): void;
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
}

export function HomeSidePanel({ open, title, subtitle, onClose, children, footer, testId }: Props) {
  const dialog = useModalDialog(open, onClose);
  const titleId = useId();

  return (
    <dialog
      {...dialog}
      className="side-panel"
      aria-labelledby={titleId}
      data-testid={testId}
      onKeyDown={(e) => {
        dialog.onKeyDown(e);
        // Escape closes the panel even from a search box (where Chromium would first clear the text).
        if (e.key === 'Escape') {
          e.preventDefault();
          onClose();
        }
      }}
      onClick={(e) => {
        // A click on the backdrop (the dialog box itself, outside the sheet) closes the panel.
        if (e.target === e.currentTarget) onClose();
      }}
    >
      {open && (
        <div className="side-panel__sheet">
          <header className="side-panel__head">
            <h2 id={titleId} className="side-panel__title">
              {title}
              {subtitle && <span className="side-panel__subtitle"> {subtitle}</span>}
            </h2>
            <button type="button" className="icon-btn" onClick={onClose} aria-label={`Close ${title} panel`}>
              <span aria-hidden="true">×</span>
            </button>
          </header>
          <div className="side-panel__body">{children}</div>
          {footer && <footer className="side-panel__foot">{footer}</footer>}
        </div>
      )}
    </dialog>
  );
}
