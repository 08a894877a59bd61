// "Add to list" (issue #38), in the viewer's top bar, on each search result and for a whole search: a small
// panel to put the item in a list the visitor names, new or existing. Everything happens on the device, so it
// works offline; an item can be in several lists. A page added to a list is pinned like a saved page, so the
// archive never evicts what the list points to while the visitor has it.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useLiveQuery } from 'dexie-react-hooks';
import { listsHolding, readListNames, type ListItemInput } from '../../../device-db/lists';
import type { ListRecord } from '../../../device-db/schema';
import { LISTS_PATH } from '../../../contract/routes';
import { archiveDb } from '../db';
import { currentSite } from '../data/site';
import { callArchiveWorker } from '../lib/worker-client';
import { screenSize } from '../save/tile-plan';
import { keepTilesViaServiceWorker } from '../save/tiles-via-sw';
import { proxy } from 'comlink';
import './lists.css';

const NEW = '__new__';

interface Props {
  /** Made when the visitor adds (a page's text is read only then). */
  item: () => ListItemInput;
  /** The button's words ("Add to list", "Add this search to a list"). */
  label?: string;
  /** What the item is called in the button's accessible name ("Add The Gazette, page 3 to a list"). */
  itemName?: string;
  className?: string;
}

export function AddToList({ item, label = 'Add to list', itemName, className = '' }: Props) {
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState<{ text: string; error?: boolean } | null>(null);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <div className={`add-to-list ${className}`} data-testid="add-to-list">
      <button
        ref={buttonRef}
        type="button"
        className="btn add-to-list__button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={itemName ? `${label}: ${itemName}` : undefined}
        onClick={() => {
          setOpen((o) => !o);
          setMessage(null);
        }}
      >
        {label}
      </button>
      {open && (
        <AddPanel
          id={panelId}
          item={item}
          onClose={() => {
            setOpen(false);
            buttonRef.current?.focus();
          }}
          onDone={setMessage}
        />
      )}
      <p className="add-to-list__status" role="status" aria-live="polite">
        {message && !open && (
          <span className={message.error ? 'add-to-list__error' : undefined}>
            {message.text}
            {!message.error && (
              <>
                {' '}
                <Link href={LISTS_PATH}>Open your lists</Link>
              </>
            )}
          </span>
        )}
      </p>
    </div>
  );
}

function AddPanel({
  id,
  item,
  onClose,
  onDone,
}: {
  id: string;
  item: () => ListItemInput;
  onClose(): void;
  onDone(m: { text: string; error?: boolean }): void;
}) {
  const site = currentSite();
  const [choice, setChoice] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const input = useRef<ListItemInput | null>(null);
  input.current ??= item();
  // While an add is on its way the panel keeps what it shows: the add's own write would otherwise read the
  // lists again just before the panel closes (live again if the add is refused).
  const shown = useRef<{ lists?: ListRecord[]; holding?: string[] }>({});
  const lists = useLiveQuery(
    () =>
      (busy && shown.current.lists) ||
      readListNames(archiveDb(), site).then(
        (l) => (shown.current.lists = l),
        () => [],
      ),
    [site, busy],
  );
  const holding = useLiveQuery(
    () =>
      (busy && shown.current.holding) ||
      listsHolding(archiveDb(), site, input.current!.kind, input.current!.ref).then(
        (h) => (shown.current.holding = h),
        (): string[] => [],
      ),
    [site, busy],
  );
  const selectRef = useRef<HTMLSelectElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const selected = choice || (lists && lists.length ? lists[0].id : NEW);
  const isNew = lists !== undefined && selected === NEW;

  useEffect(() => {
    (selectRef.current ?? nameRef.current)?.focus();
  }, [lists === undefined]); // eslint-disable-line react-hooks/exhaustive-deps

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !input.current) return;
    setError('');
    setBusy(true);
    try {
      // Written by the archive worker (workers/list-writes.ts), which then keeps a page for offline: the
      // visitor's thread only posts the item; the lists on screen follow through their live queries.
      const target = isNew ? { newList: name } : { listId: selected };
      const answer = await callArchiveWorker('addListItem', [site, target, input.current, screenSize(), proxy(keepTilesViaServiceWorker)]);
      if ('refused' in answer) setError(answer.refused);
      else {
        onDone({ text: `Added to “${answer.listName}”.` });
        onClose();
      }
    } catch {
      setError('This device could not keep the list: the browser refused to store it.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      id={id}
      className="add-to-list__panel"
      onSubmit={(e) => void submit(e)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
      aria-label="Add to a list"
    >
      {lists === undefined && <p className="add-to-list__field">Reading your lists…</p>}
      {lists && lists.length > 0 && (
        <label className="add-to-list__field">
          <span>List</span>
          <select ref={selectRef} value={selected} onChange={(e) => setChoice(e.target.value)}>
            {lists.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
                {holding?.includes(l.id) ? ' (already in it)' : ''}
              </option>
            ))}
            <option value={NEW}>New list…</option>
          </select>
        </label>
      )}
      {isNew && (
        <label className="add-to-list__field">
          <span>Name of the new list</span>
          <input ref={nameRef} type="text" value={name} maxLength={200} required onChange={(e) => setName(e.target.value)} />
        </label>
      )}
      {error && (
        <p className="add-to-list__error" role="alert">
          {error}
        </p>
      )}
      <div className="add-to-list__actions">
        <button type="submit" className="btn btn-primary" disabled={busy || lists === undefined}>
          Add
        </button>
        <button type="button" className="btn" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
