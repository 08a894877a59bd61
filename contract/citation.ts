// A newspaper page (or a clip of one) as a citation: CSL-JSON for a CSL processor (the viewer's
// "Download & cite" panel formats it with citation-js, and its RIS/BibTeX exports come from it), the
// Highwire `citation_*` meta tags and a COinS span that reference managers read from the page's HTML.
// Pure code: the viewer, the server's HTML and a later feature's exports (research lists) build from the
// same record, so a page is cited the same way wherever it is cited from.

/** What a citation needs of a page: a subset of the viewer's page response (contract/viewer.ts). */
export interface CitablePage {
  uid: string;
  /** The newspaper's title. */
  title: string;
  place: string | null;
  publisher?: string | null;
  /** YYYY-MM-DD */
  date: string;
  edition: number;
  volume: string | null;
  issueNumber: string | null;
  sequence: number;
  /** The printed page number when known. */
  number: string | null;
  /** The page's stable public URL (absolute). */
  citationUrl: string;
  /** Absolute URL of the page's PDF, when it has one. */
  pdfUrl?: string | null;
}

/** A rectangle of the page image, in image pixels. */
export interface CiteRegion {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface CiteOptions {
  /** A clip: the region of the page it cites, its caption and its own URL. */
  clip?: { region: CiteRegion; caption?: string; url?: string };
  /** The archive's name (the "database" a style may name). */
  archiveName?: string;
  /** Day the visitor read it (YYYY-MM-DD), for styles that print an access date. */
  accessed?: string;
}

/** CSL-JSON (the fields this archive fills), as citation-js and other CSL processors read it. */
export interface CslItem {
  id: string;
  type: 'article-newspaper';
  title: string;
  'container-title': string;
  issued: { 'date-parts': [[number, number, number]] };
  page: string;
  URL: string;
  'publisher-place'?: string;
  publisher?: string;
  edition?: string;
  volume?: string;
  issue?: string;
  source?: string;
  note?: string;
  accessed?: { 'date-parts': [[number, number, number]] };
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function dayParts(iso: string): [number, number, number] | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

/** '1901-03-04' → 'March 4, 1901' (text that is no such day is kept as it is). */
export function citeLongDate(iso: string): string {
  const d = dayParts(iso);
  return d && d[1] >= 1 && d[1] <= 12 ? `${MONTHS[d[1] - 1]} ${d[2]}, ${d[0]}` : iso;
}

/** The printed page number when known, else the page's place in the issue. */
export const citePageNumber = (p: Pick<CitablePage, 'number' | 'sequence'>) => (p.number && p.number.trim()) || String(p.sequence);

/** A place as catalogues write it ("Washington, D.C. :") without the catalogue's closing punctuation. */
const cleanPlace = (s: string | null | undefined) => (s ?? '').replace(/[\s:;,/[\]]+$/, '').replace(/^[\s[]+/, '');
const cleanText = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

/** "region 120,340 800×600 px": how a clip's region is named in its citation. */
export const regionLabel = (r: CiteRegion) => `region ${r.x},${r.y} ${r.w}×${r.h} px`;

/** The item's title: the page ("Evening Star, March 4, 1901, page 3"), or a clip of it with its region. */
export function citeTitle(page: CitablePage, opts: CiteOptions = {}): string {
  const where = `${cleanText(page.title)}, ${citeLongDate(page.date)}${page.edition > 1 ? `, edition ${page.edition}` : ''}, page ${citePageNumber(page)}`;
  if (!opts.clip) return where;
  const caption = cleanText(opts.clip.caption);
  return `${caption ? `${caption}: clipping` : 'Clipping'} from ${where} (${regionLabel(opts.clip.region)})`;
}

/** A citation key safe in BibTeX and RIS ids: letters, digits, '-' and '_'. */
const citeId = (page: CitablePage, opts: CiteOptions) =>
  (opts.clip ? `${page.uid}-${opts.clip.region.x}-${opts.clip.region.y}-${opts.clip.region.w}-${opts.clip.region.h}` : page.uid).replace(
    /[^A-Za-z0-9_-]+/g,
    '-',
  );

/** The page record as one CSL-JSON item of type article-newspaper. */
export function pageCsl(page: CitablePage, opts: CiteOptions = {}): CslItem {
  const issued = dayParts(page.date) ?? [0, 1, 1];
  const item: CslItem = {
    id: citeId(page, opts),
    type: 'article-newspaper',
    title: citeTitle(page, opts),
    'container-title': cleanText(page.title),
    issued: { 'date-parts': [issued] },
    page: citePageNumber(page),
    URL: opts.clip?.url ?? page.citationUrl,
  };
  const place = cleanPlace(page.place);
  if (place) item['publisher-place'] = place;
  const publisher = cleanPlace(page.publisher);
  if (publisher) item.publisher = publisher;
  if (page.edition > 1) item.edition = String(page.edition);
  if (page.volume) item.volume = cleanText(page.volume);
  if (page.issueNumber) item.issue = cleanText(page.issueNumber);
  if (opts.archiveName) item.source = cleanText(opts.archiveName);
  if (opts.clip) item.note = `Clipping: ${regionLabel(opts.clip.region)} of the page image (${page.citationUrl})`;
  const accessed = opts.accessed ? dayParts(opts.accessed) : null;
  if (accessed) item.accessed = { 'date-parts': [accessed] };
  return item;
}

/** '1901-03-04' as Highwire's citation_date wants it: 1901/03/04. */
const slashDate = (iso: string) => iso.slice(0, 10).replace(/-/g, '/');

/**
 * Highwire Press `<meta name="citation_…">` tags (and a few Dublin Core ones), as [name, content] pairs.
 * Zotero's Embedded Metadata translator reads these; `z.itemType` tells it the item is a newspaper
 * article rather than the journal article it guesses from citation_journal_title alone.
 */
export function highwireTags(page: CitablePage, opts: CiteOptions = {}): [string, string][] {
  const csl = pageCsl(page, opts);
  const tags: [string, string][] = [
    ['citation_title', csl.title],
    ['citation_journal_title', csl['container-title']],
    ['citation_date', slashDate(page.date)],
    ['citation_publication_date', slashDate(page.date)],
    ['citation_firstpage', csl.page],
  ];
  if (csl.volume) tags.push(['citation_volume', csl.volume]);
  if (csl.issue) tags.push(['citation_issue', csl.issue]);
  if (csl.publisher) tags.push(['citation_publisher', csl.publisher]);
  if (csl['publisher-place']) tags.push(['citation_place', csl['publisher-place']]);
  tags.push(['citation_public_url', csl.URL]);
  if (page.pdfUrl) tags.push(['citation_pdf_url', page.pdfUrl]);
  tags.push(['z.itemType', 'newspaperArticle']);
  tags.push(['DC.type', 'Text']);
  tags.push(['DC.title', csl.title]);
  tags.push(['DC.date', page.date.slice(0, 10)]);
  tags.push(['DC.source', csl['container-title']]);
  if (csl.publisher) tags.push(['DC.publisher', csl.publisher]);
  if (csl['publisher-place']) tags.push(['DC.coverage', csl['publisher-place']]);
  tags.push(['DC.identifier', csl.URL]);
  return tags;
}

/**
 * The COinS `title` attribute: an OpenURL 1.0 ContextObject (KEV, journal format, genre "article") that
 * reference managers read from `<span class="Z3988" title="…">`.
 */
export function coinsTitle(page: CitablePage, opts: CiteOptions = {}): string {
  const csl = pageCsl(page, opts);
  const kev: [string, string][] = [
    ['ctx_ver', 'Z39.88-2004'],
    ['rft_val_fmt', 'info:ofi/fmt:kev:mtx:journal'],
    ['rft_id', csl.URL],
    ['rft.genre', 'article'],
    ['rft.atitle', csl.title],
    ['rft.jtitle', csl['container-title']],
    ['rft.date', page.date.slice(0, 10)],
    ['rft.spage', csl.page],
  ];
  if (csl.volume) kev.push(['rft.volume', csl.volume]);
  if (csl.issue) kev.push(['rft.issue', csl.issue]);
  if (csl.publisher) kev.push(['rft.pub', csl.publisher]);
  if (csl['publisher-place']) kev.push(['rft.place', csl['publisher-place']]);
  return kev.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
}

/** The citation styles the viewer offers: the CSL style each names (APA ships with citation-js). */
export const CITE_STYLES = [
  { id: 'chicago', label: 'Chicago', csl: 'chicago-notes-bibliography' },
  { id: 'mla', label: 'MLA', csl: 'modern-language-association' },
  { id: 'apa', label: 'APA', csl: 'apa' },
] as const;
export type CiteStyleId = (typeof CITE_STYLES)[number]['id'];

/**
 * RIS as citation-js writes it keeps only the year of a newspaper (PY); a `DA` line (YYYY/MM/DD/) gives
 * reference managers the day as well. Added after the TY line when the record has none.
 */
export function risWithDay(ris: string, isoDate: string): string {
  if (/^DA {2}- /m.test(ris) || !dayParts(isoDate)) return ris;
  return ris.replace(/^(TY {2}- .*)$/m, (ty) => `${ty}\nDA  - ${slashDate(isoDate)}/`);
}
