// The visitor's notes about the page in the viewer (issue #38): the lists holding the page and the notes pinned
// to its regions, each region a link that frames and outlines its box on the page. Read live from the device.
import { Link } from 'wouter';
import { useLiveQuery } from 'dexie-react-hooks';
import { pageNotes } from '../../../device-db/lists';
import { LISTS_PATH } from '../../../contract/routes';
import { archiveDb } from '../db';
import { currentSite } from '../data/site';

export function PageNotes({ pageUid }: { pageUid: string }) {
  const site = currentSite();
  const notes = useLiveQuery(() => pageNotes(archiveDb(), site, pageUid).catch(() => []), [site, pageUid]);
  if (!notes?.length) return null;
  return (
    <section className="page-notes" aria-labelledby="page-notes-title" data-testid="page-notes">
      <h3 id="page-notes-title">Your notes on this page</h3>
      <ul>
        {notes.map(({ item, listName }) => (
          <li key={item.id}>
            {item.region ? (
              <Link href={item.href}>
                Region {Math.round(item.region.w)}×{Math.round(item.region.h)}
              </Link>
            ) : (
              <span>This page</span>
            )}{' '}
            in <Link href={`${LISTS_PATH}?list=${encodeURIComponent(item.listId)}`}>{listName}</Link>
            {item.note && <p className="page-notes__note">{item.note}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}
