// /lists, "Your lists" (issue #38): the visitor's research notebook on this device. Lists with counts and
// sizes; a list opens (/lists?list=id) to its items, each with a note and tags, reordered by drag or by the
// Move up / Move down buttons; lists are renamed, described, exported (JSON, CSV, RIS, BibTeX), imported and
// deleted with Undo. Everything reads and writes the device database, so it works the same offline, and two
// tabs see each other's changes (live queries).
import { eagerLazy } from '../shared/ui/lazy-part';
import { Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useLiveQuery } from 'dexie-react-hooks';
import {
  createList,
  deleteList,
  describeList,
  ListError,
  moveItem,
  moveItemTo,
  listHasRegionNotes,
  readItemsById,
  readListItemIds,
  readListItems,
  readLists,
  removeItem,
  restoreItem,
  restoreList,
  searchLists,
  type ListHit,
  type ListSummary,
} from '../../device-db/lists';
import { exportListsJson, importListsJson, ListImportError, listToAnnotationPage, listToBibtex, listToCsv, listToRis } from '../../device-db/lists-io';
import type { ListItemRecord } from '../../device-db/schema';
import { LISTS_PATH, SAVED_PATH } from '../../contract/routes';
import { archiveDb } from '../shared/db';
import { currentSite } from '../shared/data/site';
import './lists.css';
import { ItemRow, RenameForm, itemLine, itemName } from './ListParts';
import { ALL_ROWS_UP_TO, ListItems, preloadLongListRows } from './ListItems';
import { whenIdleAfterLoad } from '../shared/lib/when-idle';
import { downloadText } from '../shared/lib/download';
import { settleShares } from '../../device-db/lists-share';

// Sharing is below the list's tools and used now and then: its code loads when a list is open, or before,
// while the overview is read (preloadOpenList).
const ShareList = eagerLazy(() => import('./ShareList').then((m) => m.ShareList));

/** The code an open list runs that the overview does not, loaded at an idle moment of the overview. */
function preloadOpenList(long: boolean) {
  whenIdleAfterLoad(() => {
    void ShareList.preload();
    if (long) preloadLongListRows();
  });
}

interface Undo {
  text: string;
  undo: () => Promise<void>;
}

const kb = (bytes: number) => (bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);
const count = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'item' : 'items'}`;

const fileStem = (name: string) =>
  name
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'list';
const archiveName = () => document.title.split(' :: ')[0] || location.host;

export function ListsScreen() {
  const site = currentSite();
  const params = new URLSearchParams(useSearch());
  const openId = params.get('list');
  const lists = useLiveQuery(() => readLists(archiveDb(), site).catch((): ListSummary[] | null => null), [site]);
  const [undo, setUndo] = useState<Undo | null>(null);
  const [status, setStatus] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const open = openId && lists ? lists.find((l) => l.id === openId) : undefined;
  // A share the service worker sent while no tab was open gets its link and token here.
  useEffect(() => void settleShares(archiveDb(), site).catch(() => 0), [site]);

  const offerUndo = (u: Undo) => {
    setStatus('');
    setUndo(u);
  };

  return (
    <div className="container page page--narrow lists-page">
      <h1 ref={headingRef} tabIndex={-1}>
        {open ? open.name : 'Your lists'}
      </h1>
      <p className="lists-live" role="status" aria-live="polite" data-testid="lists-status">
        {undo ? (
          <>
            {undo.text}{' '}
            <button
              type="button"
              className="btn btn-link"
              onClick={() => {
                const u = undo;
                setUndo(null);
                void u.undo().then(() => setStatus('Undone.'));
              }}
            >
              Undo
            </button>
          </>
        ) : (
          status
        )}
      </p>
      {lists === undefined && <p>Reading this device…</p>}
      {lists === null && <p role="alert">The lists on this device could not be read. The browser may be in private mode or out of storage.</p>}
      {lists && openId && !open && (
        <p>
          This list is not on this device (it may have been deleted). <Link href={LISTS_PATH}>See your lists</Link>
        </p>
      )}
      {lists && open && <OpenList list={open} onUndo={offerUndo} onStatus={setStatus} onDeleted={() => headingRef.current?.focus()} />}
      {lists && !openId && <Overview lists={lists} onUndo={offerUndo} onStatus={setStatus} />}
    </div>
  );
}

function Overview({ lists, onUndo, onStatus }: { lists: ListSummary[]; onUndo(u: Undo): void; onStatus(s: string): void }) {
  const site = currentSite();
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [importError, setImportError] = useState('');
  const [query, setQuery] = useState('');
  const hits = useLiveQuery(() => (query.trim() ? searchLists(archiveDb(), site, query) : Promise.resolve(null)), [site, query]);
  const hasLists = lists.length > 0;
  const hasLongList = lists.some((l) => l.count > ALL_ROWS_UP_TO);
  useEffect(() => {
    if (hasLists) preloadOpenList(hasLongList);
  }, [hasLists, hasLongList]);

  const create = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    try {
      const list = await createList(archiveDb(), site, name);
      setName('');
      onStatus(`Made the list “${list.name}”.`);
    } catch (err) {
      setError(err instanceof ListError ? err.message : 'This device could not keep the list.');
    }
  };

  const importFile = async (file: File | undefined) => {
    if (!file) return;
    setImportError('');
    try {
      const made = await importListsJson(archiveDb(), site, await file.text());
      onStatus(`Imported ${made.map((l) => `“${l.name}”`).join(', ')}.`);
    } catch (err) {
      setImportError(err instanceof ListImportError ? err.message : 'This device could not keep the imported list.');
    }
  };

  return (
    <>
      <p className="lists-intro">
        Lists keep pages, clippings and searches with your notes and tags, on this device only: they work without a network and nobody else sees them. Use{' '}
        <strong>Add to list</strong> in the page viewer or on a search result. Pages you saved to read offline are on <Link href={SAVED_PATH}>Saved</Link>.
      </p>
      <form className="lists-search" role="search" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor="lists-search-input">Search your lists and notes</label>
        <input id="lists-search-input" type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
      </form>
      {hits && <SearchHits hits={hits} />}
      {!query.trim() && (
        <section aria-labelledby="lists-all" data-testid="lists-overview">
          <h2 id="lists-all">Lists ({lists.length})</h2>
          {lists.length === 0 && <p>No lists yet.</p>}
          <ul className="lists-list">
            {lists.map((l) => (
              <li key={l.id} className="lists-row" data-testid="list-row">
                <Link href={`${LISTS_PATH}?list=${encodeURIComponent(l.id)}`} className="lists-row__name">
                  {l.name}
                </Link>
                <span className="lists-row__meta">
                  {count(l.count)} · {kb(l.bytes)}
                </span>
                <button
                  type="button"
                  className="btn"
                  aria-label={`Delete the list ${l.name}`}
                  onClick={() =>
                    void deleteList(archiveDb(), l.id).then(
                      (gone) => gone && onUndo({ text: `Deleted the list “${l.name}”.`, undo: () => restoreList(archiveDb(), gone) }),
                    )
                  }
                >
                  Delete
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <form className="lists-new" onSubmit={(e) => void create(e)}>
        <label htmlFor="lists-new-name">New list</label>
        <input id="lists-new-name" type="text" maxLength={200} value={name} onChange={(e) => setName(e.target.value)} />
        <button type="submit" className="btn">
          Make list
        </button>
        {error && (
          <p className="lists-error" role="alert">
            {error}
          </p>
        )}
      </form>
      <div className="lists-import">
        <label htmlFor="lists-import-file">Import a list file (JSON exported from this archive)</label>
        <input
          id="lists-import-file"
          type="file"
          accept="application/json,.json"
          onChange={(e) => {
            void importFile(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        {importError && (
          <p className="lists-error" role="alert" data-testid="lists-import-error">
            {importError}
          </p>
        )}
      </div>
    </>
  );
}

function SearchHits({ hits }: { hits: ListHit[] }) {
  return (
    <section aria-labelledby="lists-found" data-testid="lists-search-hits">
      <h2 id="lists-found">
        Found {hits.length} {hits.length === 1 ? 'item' : 'items'}
      </h2>
      <ul className="lists-hits">
        {hits.map(({ item, listName }) => (
          <li key={item.id} data-testid="lists-hit">
            <Link href={item.href}>{itemName(item)}</Link> <span className="lists-item__meta">{itemLine(item)}</span> in{' '}
            <Link href={`${LISTS_PATH}?list=${encodeURIComponent(item.listId)}`}>{listName}</Link>
            {item.note && <p className="lists-item__note-text">{item.note}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}

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

function OpenList({ list, onUndo, onStatus, onDeleted }: { list: ListSummary; onUndo(u: Undo): void; onStatus(s: string): void; onDeleted(): void }) {
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
