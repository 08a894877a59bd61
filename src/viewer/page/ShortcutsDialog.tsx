// The '?' help of the page viewer: its keyboard shortcuts, which otherwise nothing tells the visitor. A
// native modal <dialog> (the page behind is inert), Tab kept inside it, Escape closes it, and focus goes
// back to whatever opened it.
import { useEffect, useRef, type KeyboardEvent } from 'react';

export const SHORTCUTS: [keys: string, what: string][] = [
  ['n', 'Next hit'],
  ['p', 'Previous hit'],
  ['+', 'Zoom in (toward the current hit)'],
  ['-', 'Zoom out'],
  ['0', 'Whole page'],
  ['w', 'Fit width'],
  ['r', 'Rotate right'],
  ['Shift + R', 'Rotate left'],
  ['c', 'Clip and share'],
  ['Arrow keys', 'Move around the page'],
  ['Esc', 'Stop clipping, or close this help'],
  ['?', 'This help'],
];

export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      opener.current = document.activeElement as HTMLElement | null;
      d.showModal();
      d.querySelector<HTMLElement>('button')?.focus();
    } else if (!open && d.open) {
      d.close();
    }
  }, [open]);

  // Focus back where it was, however the dialog closed (button, Escape).
  const closed = () => {
    onClose();
    opener.current?.focus();
  };

  // Tab and Shift+Tab cycle inside the dialog instead of leaving for the browser's own controls.
  const trap = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key !== 'Tab') return;
    const items = [...e.currentTarget.querySelectorAll<HTMLElement>('button, [href], [tabindex="0"]')];
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
  };

  return (
    <dialog ref={ref} className="vz-modal vz-shortcuts" aria-labelledby="vz-shortcuts-title" onClose={closed} onKeyDown={trap} data-testid="shortcuts-dialog">
      <h2 id="vz-shortcuts-title">Keyboard shortcuts</h2>
      <p className="vz-muted">They work anywhere in the viewer except while you type in a field.</p>
      <table className="vz-shortcuts__table">
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">What it does</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map(([keys, what]) => (
            <tr key={keys}>
              <td>
                <kbd>{keys}</kbd>
              </td>
              <td>{what}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="vz-shortcuts__actions">
        <button type="button" className="vz-btn vz-btn--primary" onClick={() => ref.current?.close()}>
          Close
        </button>
      </div>
    </dialog>
  );
}
