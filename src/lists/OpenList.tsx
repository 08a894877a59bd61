// An open list on /lists (/lists?list=id): its tools (rename, exports, delete with Undo, share), description
// and items, each with a note and tags, reordered by drag or by the Move up / Move down buttons.
import { Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import {
  deleteList,
  describeList,
  listHasRegionNotes,
  moveItem,
  moveItemTo,
  readItemsById,
  readListItemIds,
  readListItems,
  removeItem,
  restoreItem,
  restoreList,
  type ListSummary,
} from '../../device-db/lists';
import { exportListsJson, listToAnnotationPage, listToBibtex, listToCsv, listToRis } from '../../device-db/lists-io';
import type { ListItemRecord } from '../../device-db/schema';
import { LISTS_PATH } from '../../contract/routes';
import { archiveDb } from '../shared/db';
import { eagerLazy } from '../shared/ui/lazy-part';
import { whenIdleAfterLoad } from '../shared/lib/when-idle';
import { downloadText } from '../shared/lib/download';
import { count, ItemRow, itemName, kb, RenameForm, type Undo } from './ListParts';
import { ALL_ROWS_UP_TO, ListItems, preloadLongListRows } from './ListItems';

// Sharing is below the list's tools and used now and then: its code loads when a list is open, or before,
// while the overview is read (preloadOpenList).
const ShareList = eagerLazy(() => import('./ShareList').then((m) => m.ShareList));

/** The code an open list runs that the overview does not, loaded at an idle moment of the overview. */
export function preloadOpenList(long: boolean) {
  whenIdleAfterLoad(() => {
    void ShareList.preload();
    if (long) preloadLongListRows();
  });
}

const fileStem = (name: string) =>
  name
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'list';
const archiveName = () => document.title.split(' :: ')[0] || location.host;

/** Rows read with the ids, so the list's first commit has them: a screenful of the long list, or a short one whole. */
const FIRST_ROWS = 8;

interface OpenListRead {
  key: string;
  ids: string[];
  /** The first rows' records, read with the ids (the rows then read their own, live). */
  first: ListItemRecord[];
  /** Whether a note is pinned to a region of a page (the IIIF export is offered). */
  regionNotes: boolean;
}

/**
 * A list's item ids in their order, the first rows' records and whether it holds region notes, in one read:
 * one render draws the list (each later row reads its own item, ListItems). Read again when the list's record
 * changes (every add, remove, move and edit marks it, in this tab or another: the lists are a live query), not
 * as a live query of its own, which would watch each of the thousand keys it read.
 */
function useOpenListRead(list: ListSummary): OpenListRead | undefined {
  const [read, setRead] = useState<OpenListRead | null>(null);
  // Bytes too: a kept page's text reaches its items without making the list newer (device-db/lists.ts).
  const key = `${list.id} ${list.updatedAt} ${list.count} ${list.bytes}`;
  useEffect(() => {
    let live = true;
    const db = archiveDb();
    (async () => {
      const [ids, regionNotes] = await Promise.all([readListItemIds(db, list.id), listHasRegionNotes(db, list.site, list.id)]);
      const first = await readItemsById(db, ids.slice(0, ids.length <= ALL_ROWS_UP_TO ? ALL_ROWS_UP_TO : FIRST_ROWS));
      return { key, ids, first, regionNotes };
    })().then(
      (next) => live && setRead(next),
      (error) => console.warn('[lists] the list could not be read', error),
    );
    return () => {
      live = false;
    };
  }, [key, list.id, list.site]);
  // What was read for the list shown before (the same list, one change earlier) stays until the new read comes.
  return read && read.key.split(' ')[0] === list.id ? read : undefined;
}

export function OpenList({ list, onUndo, onStatus, onDeleted }: { list: ListSummary; onUndo(u: Undo): void; onStatus(s: string): void; onDeleted(): void }) {
  const read = useOpenListRead(list);
  const items = read?.ids;
  const hasRegionNotes = read?.regionNotes;
  const [, navigate] = useLocation();
  const [renaming, setRenaming] = useState(false);
  const [description, setDescription] = useState(list.description);
  const focusAfterMove = useRef<{ id: string; by: -1 | 1 } | null>(null);

  useEffect(() => setDescription(list.description), [list.description]);
  useEffect(() => {
    const want = focusAfterMove.current;
    if (!want || !items) return;
    focusAfterMove.current = null;
    const row = document.querySelector<HTMLElement>(`[data-item-id="${CSS.escape(want.id)}"]`);
    const up = row?.querySelector<HTMLButtonElement>('[data-move="up"]');
    const down = row?.querySelector<HTMLButtonElement>('[data-move="down"]');
    const preferred = want.by < 0 ? up : down;
    (preferred && !preferred.disabled ? preferred : want.by < 0 ? down : up)?.focus();
  }, [items]);

  const exportAs = async (kind: 'json' | 'csv' | 'ris' | 'bib' | 'iiif') => {
    const db = archiveDb();
    const rows = await readListItems(db, list.id);
    const stem = fileStem(list.name);
    if (kind === 'json') downloadText(`${stem}.json`, 'application/json', await exportListsJson(db, [list.id]));
    if (kind === 'csv') downloadText(`${stem}.csv`, 'text/csv;charset=utf-8', listToCsv(list, rows, location.origin));
    if (kind === 'ris') downloadText(`${stem}.ris`, 'application/x-research-info-systems', listToRis(rows, location.origin, archiveName()));
    if (kind === 'bib') downloadText(`${stem}.bib`, 'application/x-bibtex', listToBibtex(rows, location.origin, archiveName()));
    if (kind === 'iiif') downloadText(`${stem}-notes.json`, 'application/ld+json', JSON.stringify(listToAnnotationPage(list, rows, location.origin), null, 2));
  };

  const move = (item: ListItemRecord, by: -1 | 1) => {
    focusAfterMove.current = { id: item.id, by };
    void moveItem(archiveDb(), item.id, by).then(() => onStatus(`Moved “${itemName(item)}” ${by < 0 ? 'up' : 'down'}.`));
  };

  return (
    <div data-testid="open-list">
      <p>
        <Link href={LISTS_PATH}>All lists</Link> · {count(list.count)} · {kb(list.bytes)}
      </p>
      {renaming ? (
        <RenameForm list={list} onDone={() => setRenaming(false)} />
      ) : (
        <div className="lists-toolbar">
          <button type="button" className="btn" onClick={() => setRenaming(true)}>
            Rename
          </button>
          <button type="button" className="btn" onClick={() => void exportAs('json')}>
            Export JSON
          </button>
          <button type="button" className="btn" onClick={() => void exportAs('csv')}>
            Export CSV
          </button>
          <button type="button" className="btn" onClick={() => void exportAs('ris')}>
            Export RIS
          </button>
          <button type="button" className="btn" onClick={() => void exportAs('bib')}>
            Export BibTeX
          </button>
          {hasRegionNotes && (
            <button type="button" className="btn" onClick={() => void exportAs('iiif')}>
              Export region notes (IIIF)
            </button>
          )}
          <button
            type="button"
            className="btn"
            onClick={() =>
              void deleteList(archiveDb(), list.id).then((gone) => {
                if (!gone) return;
                navigate(LISTS_PATH);
                onUndo({ text: `Deleted the list “${list.name}”.`, undo: () => restoreList(archiveDb(), gone) });
                onDeleted();
              })
            }
          >
            Delete list
          </button>
        </div>
      )}
      <form
        className="lists-description"
        onSubmit={(e) => {
          e.preventDefault();
          void describeList(archiveDb(), list.id, description).then(() => onStatus('Description saved.'));
        }}
      >
        <label htmlFor="list-description">Description</label>
        <textarea id="list-description" rows={2} value={description} onChange={(e) => setDescription(e.target.value)} />
        <button type="submit" className="btn">
          Save description
        </button>
      </form>
      {items && items.length > 0 && (
        <Suspense fallback={null}>
          <ShareList list={list} onStatus={onStatus} />
        </Suspense>
      )}
      {items && items.length === 0 && <p>This list is empty. Use Add to list in the viewer or on a search result.</p>}
      {items && items.length > 0 && (
        <ListItems
          label={`Items of ${list.name}`}
          ids={items}
          first={read.first}
          version={read.key}
          onDrop={(id, to) => void moveItemTo(archiveDb(), id, to)}
          row={(item, i) => (
            <ItemRow
              item={item}
              first={i === 0}
              last={i === items.length - 1}
              onMove={(by) => move(item, by)}
              onRemove={() =>
                void removeItem(archiveDb(), item.id).then(
                  (gone) => gone && onUndo({ text: `Removed “${itemName(item)}” from the list.`, undo: () => restoreItem(archiveDb(), gone) }),
                )
              }
              onSaved={() => onStatus(`Note saved for “${itemName(item)}”.`)}
            />
          )}
        />
      )}
    </div>
  );
}
