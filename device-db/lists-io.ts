// A list leaves the device as a JSON file that imports back on another device or browser, as CSV for a
// spreadsheet, and as RIS or BibTeX for a reference manager (issue #38). An imported file is hostile until
// proven otherwise: it is checked whole (zod) before anything is written, and written in one transaction,
// so a bad file changes nothing.
import { z } from 'zod';
import type { ArchiveDatabase } from './database';
import { cleanTags, LIST_LIMITS, readListItems } from './lists';
import { listItemBytes, type ListItemRecord, type ListRecord } from './schema';
import { pageCsl, type CitablePage, type CslItem } from '../contract/citation';

/** The file's format name and version: a file from a later version is refused with a clear message. */
export const LISTS_FILE_FORMAT = 'newspaper-archive-lists';
export const LISTS_FILE_VERSION = 1;
/** The largest file import reads (bytes): larger is refused before it is parsed. */
export const LISTS_FILE_MAX_BYTES = 20 * 1024 * 1024;

// A site-relative address: one leading '/', never '//' (another host) nor a backslash (browsers read '/\' as '//').
const sitePath = z
  .string()
  .max(2000)
  .refine((s) => s === '' || (/^\/(?![/\\])/.test(s) && !/[\s\\]/.test(s)), 'must be an address on this site (starting with one "/")');
const text = (max: number) => z.string().max(max);

const itemSchema = z.object({
  kind: z.enum(['page', 'clip', 'search']),
  ref: text(2000).min(1),
  title: text(1000),
  date: z.union([z.literal(''), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')]).default(''),
  page: text(100).default(''),
  thumbnail: sitePath.default(''),
  snippet: text(5000).default(''),
  region: z
    .object({ x: z.number().finite().min(0), y: z.number().finite().min(0), w: z.number().finite().positive(), h: z.number().finite().positive() })
    .nullable()
    .default(null),
  canvas: sitePath.optional(),
  href: sitePath.refine((s) => s !== '', 'must not be empty'),
  text: text(LIST_LIMITS.text).default(''),
  note: text(LIST_LIMITS.note).default(''),
  tags: z.array(text(LIST_LIMITS.tag)).max(LIST_LIMITS.tags).default([]),
  addedAt: z.number().int().nonnegative().optional(),
});

const listSchema = z.object({
  name: text(LIST_LIMITS.name).refine((s) => s.trim() !== '', 'a list needs a name'),
  description: text(LIST_LIMITS.description).default(''),
  createdAt: z.number().int().nonnegative().optional(),
  items: z.array(itemSchema).max(LIST_LIMITS.itemsPerList),
});

const fileSchema = z.object({
  format: z.literal(LISTS_FILE_FORMAT),
  version: z.literal(LISTS_FILE_VERSION),
  exportedAt: z.string().optional(),
  site: z.string().optional(),
  lists: z.array(listSchema).min(1).max(200),
});

export type ListsFile = z.input<typeof fileSchema>;
export type ExportedItem = z.infer<typeof itemSchema>;

/** Why a file was refused, in words a visitor can act on. */
export class ListImportError extends Error {}

function exportItem(item: ListItemRecord): ExportedItem {
  const { kind, ref, title, date, page, thumbnail, snippet, region, canvas, href, text: body, note, tags, addedAt } = item;
  return { kind, ref, title, date, page, thumbnail, snippet, region, ...(canvas ? { canvas } : {}), href, text: body, note, tags, addedAt };
}

/** The JSON file of one list (or several): everything needed to show and search it on another device. */
export async function exportListsJson(db: ArchiveDatabase, listIds: string[], now = new Date()): Promise<string> {
  const lists = [];
  for (const id of listIds) {
    const list = await db.lists.get(id);
    if (!list) continue;
    const items = await readListItems(db, id);
    lists.push({ name: list.name, description: list.description, createdAt: list.createdAt, items: items.map(exportItem) });
  }
  const file: ListsFile = { format: LISTS_FILE_FORMAT, version: LISTS_FILE_VERSION, exportedAt: now.toISOString(), lists };
  return JSON.stringify(file, null, 2);
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const where = issue.path.length ? ` (at ${issue.path.join('.')})` : '';
  return `${issue.message}${where}`;
}

/** Checks a file's text whole; throws ListImportError saying what is wrong. Writes nothing. */
export function parseListsFile(raw: string): z.infer<typeof fileSchema> {
  if (raw.length > LISTS_FILE_MAX_BYTES) throw new ListImportError('This file is too large to be a list file.');
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    throw new ListImportError('This file is not a list file: it is not JSON.');
  }
  const head = data as { format?: unknown; version?: unknown } | null;
  if (!head || typeof head !== 'object' || head.format !== LISTS_FILE_FORMAT)
    throw new ListImportError('This file is not a list file exported from this archive.');
  if (typeof head.version === 'number' && head.version > LISTS_FILE_VERSION)
    throw new ListImportError('This list file was made by a newer version of the archive: update this page and try again.');
  const parsed = fileSchema.safeParse(data);
  if (!parsed.success) throw new ListImportError(`This list file cannot be imported: ${describeIssue(parsed.error.issues[0])}.`);
  return parsed.data;
}

/**
 * Imports a list file into `site`: each list becomes a new list (named "… (imported)" when the site has a list
 * of that name), with new ids, in one transaction. Returns the new lists. Throws ListImportError on a bad file.
 */
export async function importListsJson(db: ArchiveDatabase, site: string, raw: string, now = Date.now()): Promise<ListRecord[]> {
  const file = parseListsFile(raw);
  return db.transaction('rw', db.lists, db.listItems, async () => {
    const names = new Set((await db.lists.where('site').equals(site).toArray()).map((l) => l.name));
    const made: ListRecord[] = [];
    for (const source of file.lists) {
      let name = source.name.trim();
      if (names.has(name)) name = `${name.slice(0, LIST_LIMITS.name - 11)} (imported)`;
      names.add(name);
      const id = crypto.randomUUID();
      const items: ListItemRecord[] = source.items.map((item, order) => ({
        ...item,
        id: crypto.randomUUID(),
        listId: id,
        site,
        order,
        tags: cleanTags(item.tags),
        addedAt: item.addedAt ?? now,
        updatedAt: now,
      }));
      const bytes = items.reduce((n, item) => n + listItemBytes(item), 0);
      const list: ListRecord = {
        id,
        site,
        name,
        description: source.description,
        createdAt: source.createdAt ?? now,
        updatedAt: now,
        count: items.length,
        bytes,
      };
      await db.lists.add(list);
      await db.listItems.bulkAdd(items);
      made.push(list);
    }
    return made;
  });
}

/** One CSV cell (RFC 4180), with a leading =, +, - or @ quoted off so a spreadsheet never runs it as a formula. */
export function csvCell(value: string | number): string {
  let s = String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const CSV_COLUMNS = ['List', 'Position', 'Kind', 'Title', 'Date', 'Page', 'Note', 'Tags', 'Snippet', 'Link'] as const;

/** A list as CSV: one row per item, in list order; links absolute on `origin`. */
export function listToCsv(list: Pick<ListRecord, 'name'>, items: ListItemRecord[], origin: string): string {
  const rows = [CSV_COLUMNS.join(',')];
  items.forEach((item, i) => {
    rows.push(
      [list.name, i + 1, item.kind, item.title, item.date, item.page, item.note, item.tags.join('; '), item.snippet, origin + item.href].map(csvCell).join(','),
    );
  });
  return `${rows.join('\r\n')}\r\n`;
}

// RIS and BibTeX of list items. A page or a clip is cited as the viewer cites it: its CSL record comes from
// contract/citation.ts (pageCsl: the title "Paper, May 12, 1890, page 3", the newspaper, the day, the page,
// the stable URL, the archive as source; a clip's region and its note), and RIS and BibTeX are written from
// that record. A search is a web page of the archive. The visitor's note and tags go in N1/KW, note/keywords.

/** What pageCsl needs of an item: the item keeps the newspaper's title, the day and how the page is named. */
function itemCitable(item: ListItemRecord, origin: string): CitablePage {
  const printed = /^Page\s+(.+)$/i.exec(item.page.trim())?.[1] ?? '';
  const uid = item.kind === 'clip' ? item.ref.split('#')[0] : item.ref;
  return {
    uid,
    title: item.title,
    place: null,
    date: item.date,
    edition: 1,
    volume: null,
    issueNumber: null,
    sequence: Number(/seq(\d+)$/.exec(uid)?.[1] ?? 0) || Number(printed) || 1,
    number: printed || null,
    citationUrl: origin + item.href,
  };
}

/** The CSL record of a page or clip item (contract/citation.ts), or null for a search. */
export function listItemCsl(item: ListItemRecord, origin: string, archiveName: string): CslItem | null {
  if (item.kind === 'search' || !/^\d{4}-\d{2}-\d{2}$/.test(item.date)) return null;
  const clip = item.kind === 'clip' && item.region ? { region: roundRegion(item.region), url: origin + item.href } : undefined;
  return pageCsl(itemCitable(item, origin), { archiveName, clip });
}

const roundRegion = (r: NonNullable<ListItemRecord['region']>) => ({ x: Math.round(r.x), y: Math.round(r.y), w: Math.round(r.w), h: Math.round(r.h) });

const risLine = (tag: string, value: string) => (value ? `${tag}  - ${value.replace(/[\r\n]+/g, ' ')}\r\n` : '');
const pad = (n: number) => String(n).padStart(2, '0');

/** RIS (one record per item). */
export function listToRis(items: ListItemRecord[], origin: string, archiveName: string): string {
  return items
    .map((item) => {
      const csl = listItemCsl(item, origin, archiveName);
      let s: string;
      if (csl) {
        const [y, m, d] = csl.issued['date-parts'][0];
        s = risLine('TY', 'NEWS') + risLine('TI', csl.title) + risLine('T2', csl['container-title']);
        s += risLine('DA', `${y}/${pad(m)}/${pad(d)}/`) + risLine('PY', String(y)) + risLine('SP', csl.page);
        s += risLine('CY', csl['publisher-place'] ?? '') + risLine('DB', csl.source ?? '') + risLine('UR', csl.URL);
        if (csl.note) s += risLine('N1', csl.note);
      } else {
        s = risLine('TY', 'ELEC') + risLine('TI', `Search: ${item.title}`) + risLine('PB', archiveName) + risLine('UR', origin + item.href);
      }
      s += risLine('N1', item.note);
      for (const tag of item.tags) s += risLine('KW', tag);
      return `${s}ER  - \r\n`;
    })
    .join('');
}

const BIB_SPECIAL: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '{': '\\{',
  '}': '\\}',
  '&': '\\&',
  '%': '\\%',
  $: '\\$',
  '#': '\\#',
  _: '\\_',
  '~': '\\~{}',
  '^': '\\^{}',
};
const bibEscape = (s: string) => s.replace(/[\\{}&%$#_~^]/g, (c) => BIB_SPECIAL[c]);

/** BibTeX (one entry per item; keys from the title's first word, the year and the position). */
export function listToBibtex(items: ListItemRecord[], origin: string, archiveName: string): string {
  return items
    .map((item, i) => {
      const word = (
        item.title
          .normalize('NFD')
          .replace(/[^A-Za-z0-9 ]/g, '')
          .split(' ')
          .find(Boolean) ?? 'item'
      ).toLowerCase();
      const key = `${word}${item.date.slice(0, 4)}_${i + 1}`;
      const csl = listItemCsl(item, origin, archiveName);
      const fields: Array<[string, string]> = csl
        ? [
            ['title', csl.title],
            ['journal', csl['container-title']],
            ['date', item.date],
            ['year', item.date.slice(0, 4)],
            ['pages', csl.page],
            ['address', csl['publisher-place'] ?? ''],
            ['howpublished', csl.source ?? ''],
            ['url', csl.URL],
            ['annote', csl.note ?? ''],
          ]
        : [
            ['title', `Search: ${item.title}`],
            ['publisher', archiveName],
            ['url', origin + item.href],
          ];
      fields.push(['note', item.note], ['keywords', item.tags.join(', ')]);
      const body = fields
        .filter(([, v]) => v)
        .map(([k, v]) => `  ${k} = {${k === 'url' ? v : bibEscape(v)}}`)
        .join(',\n');
      return `@${csl ? 'article' : 'misc'}{${key},\n${body}\n}\n`;
    })
    .join('\n');
}

/**
 * The list's region notes as a IIIF Presentation 3 AnnotationPage of W3C Web Annotations: one 'commenting'
 * annotation per item with a region on a known canvas, its note (plain text) as the body, each tag as a
 * 'tagging' body, targeting the canvas at the region (`#xywh=`). `id` is where the page is offered from.
 */
export function listToAnnotationPage(list: Pick<ListRecord, 'id' | 'name'>, items: ListItemRecord[], origin: string) {
  const base = `${origin}/lists/${encodeURIComponent(list.id)}/annotations`;
  return {
    '@context': 'http://iiif.io/api/presentation/3/context.json',
    id: base,
    type: 'AnnotationPage',
    label: { none: [list.name] },
    items: items
      .filter((i) => i.region && i.canvas)
      .map((item) => {
        const { x, y, w, h } = item.region!;
        return {
          id: `${base}/${encodeURIComponent(item.id)}`,
          type: 'Annotation',
          motivation: 'commenting',
          created: new Date(item.addedAt).toISOString(),
          modified: new Date(item.updatedAt).toISOString(),
          body: [
            { type: 'TextualBody', value: item.note || item.snippet || item.title, format: 'text/plain', purpose: 'commenting' },
            ...item.tags.map((tag) => ({ type: 'TextualBody', value: tag, purpose: 'tagging' })),
          ],
          target: `${origin}${item.canvas}#xywh=${[x, y, w, h].map(Math.round).join(',')}`,
        };
      }),
  };
}
