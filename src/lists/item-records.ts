// The records of the rows a list shows: read by id for the rows in the page only, so a long list's other
// items, with the page text each keeps, are never read to draw it. The first rows come read with the list's
// ids (ListsScreen's one read), so opening a list draws them in one commit; a row scrolled to is read then.
// Not a live query of their own: every change to an item (a note, a move, another tab's edit, a page's text)
// marks its list's record, and the list's read, whose key is `version`, is made again; the rows shown are
// then read again for that version.
import { useEffect, useRef, useState } from 'react';
import { readItemsById } from '../../device-db/lists';
import type { ListItemRecord } from '../../device-db/schema';
import { archiveDb } from '../shared/db';

interface Known {
  records: Map<string, ListItemRecord>;
  /** The list version each id was read at. */
  readAt: Map<string, string>;
  seeded: readonly ListItemRecord[] | null;
}

/**
 * The records of `ids` as they are read; rows read before stay known, so scrolling to new rows keeps the rows
 * already drawn until the new ones arrive. `first` was read at `version` with the list's ids.
 */
export function useItemRecords(ids: readonly string[], first: readonly ListItemRecord[], version: string): ReadonlyMap<string, ListItemRecord> {
  const known = useRef<Known>({ records: new Map(), readAt: new Map(), seeded: null }).current;
  if (known.seeded !== first) {
    for (const record of first) {
      known.records.set(record.id, record);
      known.readAt.set(record.id, version);
    }
    known.seeded = first;
  }
  const [, setRead] = useState(0);
  const stale = ids.filter((id) => known.readAt.get(id) !== version).join(' ');
  useEffect(() => {
    if (!stale) return;
    let live = true;
    const want = stale.split(' ');
    readItemsById(archiveDb(), want).then(
      (records) => {
        if (!live) return;
        for (const id of want) {
          known.records.delete(id);
          known.readAt.set(id, version);
        }
        for (const record of records) known.records.set(record.id, record);
        setRead((n) => n + 1);
      },
      (error) => console.warn('[lists] the list items could not be read', error),
    );
    return () => {
      live = false;
    };
  }, [stale, version, known]);
  return known.records;
}
