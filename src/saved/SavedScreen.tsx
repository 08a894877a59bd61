// /saved, "Saved on this device" (issue #17): the issues, pages and searches the visitor saved for offline on
// this site, and the clippings and messages made here, each with its size and when it was saved; each opens
// (offline too) and can be removed. Saved items are never removed by the archive on its own: only here.
import { useRef, useState } from 'react';
import { Link } from 'wouter';
import { useLiveQuery } from 'dexie-react-hooks';
import { format } from 'date-fns';
import { archiveDb } from '../shared/db';
import { currentSite } from '../shared/data/site';
import { savedWords } from '../shared/ui/SavedStamp';
import { OutboxList } from '../shared/ui/OutboxList';
import { useOutboxItems } from '../shared/data/outbox-page';
import { formatBytes, readSavedItems, removeSavedItem, type SavedItem, type SavedOnDevice } from './saved-items';
import { StorageUse } from './StorageUse';
import './saved.css';

const SECTIONS: Array<{ key: 'issues' | 'pages' | 'searches'; title: string }> = [
  { key: 'issues', title: 'Issues' },
  { key: 'pages', title: 'Pages' },
  { key: 'searches', title: 'Searches' },
];

export function SavedScreen() {
  const site = currentSite();
  const saved = useLiveQuery(() => readSavedItems(archiveDb(), site).catch((): SavedOnDevice | null => null), [site]);
  const outbox = useOutboxItems();
  const [removed, setRemoved] = useState<{ message: string; version: number }>({ message: '', version: 0 });
  const headingRef = useRef<HTMLHeadingElement>(null);

  const remove = async (item: SavedItem) => {
    try {
      await removeSavedItem(archiveDb(), site, item);
    } catch (error) {
      console.error('[saved] could not remove', error);
      setRemoved((r) => ({ ...r, message: `${item.name} could not be removed: the browser refused to change its storage. Try again.` }));
      return;
    }
    setRemoved((r) => ({ message: `Removed ${item.name} from this device.`, version: r.version + 1 }));
    // The button is gone with its item: keep keyboard focus on the page, at its heading.
    headingRef.current?.focus();
  };

  const empty = saved && !saved.issues.length && !saved.pages.length && !saved.searches.length && !outbox?.length;
  return (
    <div className="container page page--narrow saved-page">
      <h1 ref={headingRef} tabIndex={-1}>
        Saved on this device
      </h1>
      <p className="saved-intro">
        What you saved to read without a network. It stays on this device until you remove it here; the archive never removes it on its own.
      </p>
      <p className="saved-live" role="status" aria-live="polite" data-testid="saved-removed">
        {removed.message}
      </p>
      {saved === undefined && <p>Reading this device…</p>}
      {saved === null && <p role="alert">The saved items on this device could not be read. The browser may be in private mode or out of storage.</p>}
      {empty && <EmptyState viewedPages={saved.viewedPages} />}
      {saved &&
        SECTIONS.filter((s) => saved[s.key].length).map((s) => (
          <section key={s.key} className="saved-section" aria-labelledby={`saved-${s.key}`} data-testid={`saved-${s.key}`}>
            <h2 id={`saved-${s.key}`}>
              {s.title} ({saved[s.key].length})
            </h2>
            <ul className="saved-list">
              {saved[s.key].map((item) => (
                <SavedRow key={item.key} item={item} onRemove={() => void remove(item)} />
              ))}
            </ul>
          </section>
        ))}
      <OutboxList show="all" />
      {saved && !empty && saved.viewedPages > 0 && (
        <p className="saved-viewed">
          {saved.viewedPages.toLocaleString('en-US')} more {saved.viewedPages === 1 ? 'page' : 'pages'} you read {saved.viewedPages === 1 ? 'is' : 'are'} kept
          for a while and searched offline too; the oldest are removed when room is needed.
        </p>
      )}
      <StorageUse version={removed.version} />
    </div>
  );
}

function SavedRow({ item, onRemove }: { item: SavedItem; onRemove(): void }) {
  return (
    <li className={`saved-item${item.partly ? ' saved-item--partly' : ''}`} data-testid="saved-item" data-kind={item.kind}>
      <div className="saved-item__main">
        <Link href={item.href} className="saved-item__name">
          {item.name}
        </Link>
        <span className="saved-item__meta">
          {item.detail && <span className="saved-item__detail">{item.detail}</span>}
          <span className="saved-item__size" data-testid="saved-size">
            {formatBytes(item.bytes)}
          </span>
          <time className="saved-item__when" dateTime={new Date(item.savedAt).toISOString()} title={format(item.savedAt, 'PPpp')}>
            {savedWords(item.savedAt)}
          </time>
        </span>
      </div>
      <button type="button" className="btn saved-item__remove" onClick={onRemove} aria-label={`Remove ${item.name}`}>
        Remove
      </button>
    </li>
  );
}

function EmptyState({ viewedPages }: { viewedPages: number }) {
  return (
    <div className="saved-empty" data-testid="saved-empty">
      <h2>Nothing is saved on this device yet</h2>
      <ul>
        <li>
          In the page viewer, <strong>Save issue for offline</strong> keeps every page of an issue: its text, its images and its citation.
        </li>
        <li>
          On a results page, <strong>Save these results for offline</strong> keeps the list and its first pages.
        </li>
        <li>Clippings and Contact Us messages made without a network wait here until they are sent.</li>
      </ul>
      <p>
        Saved items open and can be searched without a network. <Link href="/home">Find something to read</Link>.
      </p>
      {viewedPages > 0 && (
        <p className="saved-viewed">
          {viewedPages.toLocaleString('en-US')} {viewedPages === 1 ? 'page' : 'pages'} you read {viewedPages === 1 ? 'is' : 'are'} kept for a while and searched
          offline too; the oldest are removed when room is needed.
        </p>
      )}
    </div>
  );
}
