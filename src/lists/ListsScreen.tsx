// /lists, "Your lists" (issue #38): the visitor's research notebook on this device. Lists with counts and
// sizes; a list opens (/lists?list=id) to its items, each with a note and tags, reordered by drag or by the
// Move up / Move down buttons; lists are renamed, described, exported (JSON, CSV, RIS, BibTeX), imported and
// deleted with Undo. Everything reads and writes the device database, so it works the same offline, and two
// tabs see each other's changes (live queries).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { useLiveQuery } from 'dexie-react-hooks';
import { createList, deleteList, ListError, readLists, restoreList, searchLists, type ListHit, type ListSummary } from '../../device-db/lists';
import { importListsJson, ListImportError } from '../../device-db/lists-io';
import { LISTS_PATH, SAVED_PATH } from '../../contract/routes';
import { archiveDb } from '../shared/db';
import { currentSite } from '../shared/data/site';
import './lists.css';
import { count, itemLine, itemName, kb, type Undo } from './ListParts';
import { ALL_ROWS_UP_TO } from './ListItems';
import { OpenList, preloadOpenList } from './OpenList';
import { settleShares } from '../../device-db/lists-share';

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
