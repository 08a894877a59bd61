// The records of the rows a list shows: read by id for the rows in the page only, live (another tab's note or
// reorder shows), so a long list's other items, with the page text each keeps, are never read to draw it.
import { useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { readItemsById } from '../../device-db/lists';
import type { ListItemRecord } from '../../device-db/schema';
import { archiveDb } from '../shared/db';

/**
 * The records of `ids` as they are read; rows read before stay known, so scrolling to new rows keeps the rows
 * already drawn until the new ones arrive.
 */
export function useItemRecords(ids: readonly string[]): ReadonlyMap<string, ListItemRecord> {
  const [known] = useState(() => new Map<string, ListItemRecord>());
  const read = useLiveQuery(() => readItemsById(archiveDb(), ids), [ids.join(' ')]);
  for (const record of read ?? []) known.set(record.id, record);
  return known;
}
