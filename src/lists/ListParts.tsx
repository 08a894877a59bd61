// The /lists screen's smaller parts: a list's rename form and one item's row (note, tags, moves, removal), and
// what the overview and an open list both write (sizes, counts, an Undo offer).
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { editItem, ListError, parseTags, renameList } from '../../device-db/lists';
import type { ListItemRecord, ListRecord } from '../../device-db/schema';
import { formatIssueDate } from '../shared/lib/format';
import { archiveDb } from '../shared/db';

/** What the status line offers to take back (a deleted list, a removed item). */
export interface Undo {
  text: string;
  undo: () => Promise<void>;
}

export const kb = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
export const count = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'item' : 'items'}`;

export function RenameForm({ list, onDone }: { list: ListRecord; onDone(): void }) {
  const [name, setName] = useState(list.name);
  const [error, setError] = useState('');
  return (
    <form
      className="lists-rename"
      onSubmit={(e) => {
        e.preventDefault();
        renameList(archiveDb(), list.id, name).then(onDone, (err) =>
          setError(err instanceof ListError ? err.message : 'This device could not rename the list.'),
        );
      }}
    >
      <label htmlFor="list-rename">Name of the list</label>
      <input id="list-rename" type="text" maxLength={200} value={name} onChange={(e) => setName(e.target.value)} autoFocus />
      <button type="submit" className="btn">
        Save name
      </button>
      <button type="button" className="btn" onClick={onDone}>
        Cancel
      </button>
      {error && (
        <p className="lists-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

export function ItemRow({
  item,
  first,
  last,
  onMove,
  onRemove,
  onSaved,
}: {
  item: ListItemRecord;
  first: boolean;
  last: boolean;
  onMove(by: -1 | 1): void;
  onRemove(): void;
  onSaved(): void;
}) {
  const [note, setNote] = useState(item.note);
  const [tags, setTags] = useState(item.tags.join(', '));
  // Another tab (or an import) changed the note: show it, unless this one is being typed.
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    if (!editing) {
      setNote(item.note);
      setTags(item.tags.join(', '));
    }
  }, [item.note, item.tags, editing]);
  const noteId = `note-${item.id}`;
  const tagsId = `tags-${item.id}`;
  return (
    <div className="lists-item__body">
      {item.thumbnail && <img className="lists-item__thumb" src={item.thumbnail} alt="" loading="lazy" width={60} />}
      <div className="lists-item__main">
        <Link href={item.href} className="lists-item__title">
          {itemName(item)}
        </Link>
        <span className="lists-item__meta">{itemLine(item)}</span>
        {item.snippet && <p className="lists-item__snippet">{item.snippet}</p>}
        {item.tags.length > 0 && (
          <ul className="lists-item__tags" aria-label="Tags">
            {item.tags.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
        )}
        <form
          className="lists-item__note"
          onFocus={() => setEditing(true)}
          onSubmit={(e) => {
            e.preventDefault();
            void editItem(archiveDb(), item.id, { note, tags: parseTags(tags) }).then(() => {
              setEditing(false);
              onSaved();
            });
          }}
        >
          <label htmlFor={noteId}>Note</label>
          <textarea id={noteId} rows={2} value={note} onChange={(e) => setNote(e.target.value)} />
          <label htmlFor={tagsId}>Tags (separated by commas)</label>
          <input id={tagsId} type="text" value={tags} onChange={(e) => setTags(e.target.value)} />
          <button type="submit" className="btn">
            Save note
          </button>
        </form>
      </div>
      <div className="lists-item__actions">
        <button type="button" className="btn" data-move="up" disabled={first} onClick={() => onMove(-1)} aria-label={`Move up: ${itemName(item)}`}>
          Move up
        </button>
        <button type="button" className="btn" data-move="down" disabled={last} onClick={() => onMove(1)} aria-label={`Move down: ${itemName(item)}`}>
          Move down
        </button>
        <button type="button" className="btn" onClick={onRemove} aria-label={`Remove from the list: ${itemName(item)}`}>
          Remove
        </button>
      </div>
    </div>
  );
}

/** How an item is named on screen and in its buttons' names: a search and a clipping say what they are. */
export const itemName = (item: ListItemRecord) =>
  item.kind === 'search' ? `Search: ${item.title}` : item.kind === 'clip' ? `Clipping: ${item.title}` : item.title;

/** The date (or 'Search') and page shown beside an item's name. */
export const itemLine = (item: ListItemRecord) =>
  [item.kind === 'search' ? 'Search' : item.date ? formatIssueDate(item.date) : '', item.page].filter(Boolean).join(' · ');
