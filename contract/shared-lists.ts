// A research list shared from a device (issue #38 item 5): a read-only snapshot the server keeps under an
// unguessable id, readable by anyone with its link as an HTML page and as a IIIF Collection, withdrawn by
// the secret delete token the server answered its creation with (kept on the device that shared it).
// The app sends it through the outbox (kind 'list-share'), so a list shared offline is sent when back online.

/** Where the snapshot is read (HTML without JavaScript) and its IIIF Presentation 3 Collection. */
export const SHARED_LIST_PATH = '/lists/shared';
export const sharedListPath = (id: string) => `${SHARED_LIST_PATH}/${encodeURIComponent(id)}`;
export const sharedListCollectionPath = (id: string) => `${sharedListPath(id)}/collection.json`;

/** The API below /Api/: POST creates, GET reads the JSON, DELETE (with the token) withdraws. */
export const SHARED_LISTS_ENDPOINT = 'Lists/Shared';

/** The server's limits: a shared list is a reading list, not a document store. */
export const SHARED_LIST_LIMITS = {
  items: 1000,
  /** Request body bytes. */
  bodyBytes: 2 * 1024 * 1024,
  name: 200,
  description: 5000,
  note: 5000,
  title: 500,
  snippet: 1000,
  ref: 500,
  href: 1000,
  page: 100,
  tag: 60,
  tags: 30,
} as const;

/** A shared list's id: 128 random bits, base64url (22 characters). */
export const SHARED_LIST_ID = /^[A-Za-z0-9_-]{22}$/;

export interface SharedListItemInput {
  kind: 'page' | 'clip' | 'search';
  /** page: the page uid; clip: '{pageUid}#xywh=x,y,w,h' or a clip id; search: the query string. */
  ref: string;
  title: string;
  /** YYYY-MM-DD or ''. */
  date: string;
  page: string;
  snippet: string;
  region: { x: number; y: number; w: number; h: number } | null;
  /** Site-relative address that opens the item in the archive. */
  href: string;
  /** Empty unless the owner chose to include notes. */
  note: string;
  tags: string[];
}

/** The body of POST /Api/Lists/Shared. */
export interface SharedListRequest {
  /** The outbox's id for this share: a repeat of it stores nothing twice. */
  clientId: string;
  name: string;
  description: string;
  includeNotes: boolean;
  items: SharedListItemInput[];
}

/** The answer to a creation (201; 200 for a repeat of its clientId, with a new token replacing the old). */
export interface SharedListCreated {
  id: string;
  /** Absolute URL of the HTML page. */
  url: string;
  /** Absolute URL of the IIIF Collection. */
  collection: string;
  /** Secret: DELETE with it withdraws the list. Kept on the device only; the server keeps its hash. */
  deleteToken: string;
  createdAt: string;
}

/** One item as the server shows it: what was sent, plus the issue manifest of a page or clip it knows. */
export interface SharedListItem extends SharedListItemInput {
  /** The page uid (page and clip items), or ''. */
  pageUid: string;
  /** The page's issue, when the archive has the page: its manifest is the Collection's item. */
  issueUid: string | null;
}

/** GET /Api/Lists/Shared/{id}. */
export interface SharedListResponse {
  id: string;
  name: string;
  description: string;
  includeNotes: boolean;
  createdAt: string;
  url: string;
  collection: string;
  items: SharedListItem[];
}

/** The page uid a page or clip item names ('' for a search, or a clip known only by its id). */
export function sharedItemPage(item: Pick<SharedListItemInput, 'kind' | 'ref'>): string {
  if (item.kind === 'page') return item.ref;
  if (item.kind === 'clip') {
    const hash = item.ref.indexOf('#xywh=');
    return hash > 0 ? item.ref.slice(0, hash) : '';
  }
  return '';
}
