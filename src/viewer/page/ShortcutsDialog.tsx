// The '?' help of the page viewer: its keyboard shortcuts, which otherwise nothing tells the visitor. A
// native modal <dialog> (shared/ui/use-modal-dialog: the page behind is inert, Tab kept inside it, Escape
// closes it, and focus goes back to whatever opened it).
import { useModalDialog } from '../../shared/ui/use-modal-dialog';

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
  const dialog = useModalDialog(open, onClose);

  return (
    <dialog {...dialog} className="vz-modal vz-shortcuts" aria-labelledby="vz-shortcuts-title" data-testid="shortcuts-dialog">
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
        <button type="button" className="vz-btn vz-btn--primary" onClick={onClose} data-autofocus>
          Close
        </button>
      </div>
    </dialog>
  );
}
