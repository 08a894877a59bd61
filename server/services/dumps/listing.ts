// What harvesters read to mirror the archive's OCR: the list of batch dumps (JSON, HTML, Atom), per site.
// A site lists a batch when every title in it belongs to the site (a site of all titles lists every
// batch), so no site hands out another site's newspapers.
import type { DumpRow, Store } from '../../store/types';
import type { SiteRow } from '../../store/types';
import { escapeHtml } from '../../presentation/social';
import { DEFAULT_DATA_LICENCE } from '../../sites/defaults';
import { loadSiteSections } from '../site-config';
import { xmlEscape } from '../sitemap';

export const DATA_PATH = '/data/batches';
export const DATA_JSON_PATH = '/data/batches.json';
export const DATA_FEED_PATH = '/data/batches.atom';

export const dumpFileUrl = (origin: string, batch: string, file: string) => `${origin}${DATA_PATH}/${encodeURIComponent(batch)}/${encodeURIComponent(file)}`;

export interface BatchListing {
  site: string;
  licence: string;
  /** When the newest listed dump was built (null when none is). */
  updated: string | null;
  html: string;
  json: string;
  feed: string;
  batches: {
    batch: string;
    loadedAt: string;
    builtAt: string;
    issues: number;
    pages: number;
    dateFirst: string | null;
    dateLast: string | null;
    titles: { lccn: string; name: string }[];
    bytes: number;
    files: { name: string; kind: DumpRow['files'][number]['kind']; bytes: number; sha256: string; url: string }[];
  }[];
}

/** The dumps the site may list, newest build first; `since` keeps those built at or after it. */
export async function siteDumps(store: Store, site: SiteRow, since?: string): Promise<DumpRow[]> {
  const ids = await store.sites.getTitleIds(site.id);
  const scope = ids.length ? new Set(ids) : null;
  return (await store.dumps.listDumps()).filter((d) => (!scope || d.titles.every((t) => scope.has(t.id))) && (!since || d.builtAt >= since));
}

/** One dump of the site's, or null when the site does not list it. */
export async function siteDump(store: Store, site: SiteRow, batch: string): Promise<DumpRow | null> {
  const d = await store.dumps.dump(batch);
  if (!d) return null;
  const ids = await store.sites.getTitleIds(site.id);
  return !ids.length || d.titles.every((t) => ids.includes(t.id)) ? d : null;
}

export async function batchListing(store: Store, site: SiteRow, origin: string, since?: string): Promise<BatchListing> {
  const { settings } = await loadSiteSections(store, site);
  const dumps = await siteDumps(store, site, since);
  return {
    site: settings.SiteTitle || settings.SiteName || site.name,
    licence: (settings.DataLicence ?? '').trim() || DEFAULT_DATA_LICENCE,
    updated: dumps.length ? dumps.map((d) => d.builtAt).sort()[dumps.length - 1] : null,
    html: origin + DATA_PATH,
    json: origin + DATA_JSON_PATH,
    feed: origin + DATA_FEED_PATH,
    batches: dumps.map((d) => ({
      batch: d.batch,
      loadedAt: d.builtFrom,
      builtAt: d.builtAt,
      issues: d.issues,
      pages: d.pages,
      dateFirst: d.dateFirst,
      dateLast: d.dateLast,
      titles: d.titles.map((t) => ({ lccn: t.lccn, name: t.name })),
      bytes: d.files.reduce((n, f) => n + f.bytes, 0),
      files: d.files.map((f) => ({ ...f, url: dumpFileUrl(origin, d.batch, f.name) })),
    })),
  };
}

const KIND_LABEL = { text: 'OCR text (tar.gz)', alto: 'ALTO XML (tar.gz)', manifest: 'SHA-256 manifest' } as const;

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let n = bytes / 1024;
  let i = 0;
  while (n >= 1024 && i < units.length - 1) {
    n /= 1024;
    i++;
  }
  return `${n.toFixed(n < 10 ? 1 : 0)} ${units[i]}`;
}

/** A plain page a person (or a crawler) reads without JavaScript. Every value is escaped. */
export function listingHtml(l: BatchListing): string {
  const e = escapeHtml;
  const rows = l.batches.map((b) => {
    const titles = b.titles.map((t) => `${e(t.name)} <small>(${e(t.lccn)})</small>`).join('<br />');
    const dates = b.dateFirst ? `${e(b.dateFirst)}${b.dateLast && b.dateLast !== b.dateFirst ? ` to ${e(b.dateLast)}` : ''}` : '';
    const files = b.files
      .map((f) => `<li><a href="${e(f.url)}">${e(KIND_LABEL[f.kind])}</a>, ${e(size(f.bytes))}<br /><code>SHA-256 ${e(f.sha256)}</code></li>`)
      .join('');
    return `<tr><th scope="row">${e(b.batch)}</th><td>${titles}</td><td>${dates}</td><td>${b.issues}</td><td>${b.pages}</td><td><ul>${files}</ul></td></tr>`;
  });
  const table = rows.length
    ? `<table><caption>Batches and their dumps</caption><thead><tr><th scope="col">Batch</th><th scope="col">Titles</th><th scope="col">Dates</th><th scope="col">Issues</th><th scope="col">Pages</th><th scope="col">Files</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
    : '<p>No batch has a dump yet. Dumps are made in the background after a batch is loaded.</p>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>Bulk data: ${e(l.site)}</title>
<link rel="alternate" type="application/json" href="${e(l.json)}" />
<link rel="alternate" type="application/atom+xml" title="New batch dumps" href="${e(l.feed)}" />
<style>
body { font: 16px/1.5 Georgia, serif; color: #1f1a16; background: #fff; margin: 2rem auto; max-width: 72rem; padding: 0 1rem; }
a { color: #6b3a0a; }
table { border-collapse: collapse; width: 100%; }
th, td { border-top: 1px solid #8a7a6a; padding: .5rem; text-align: left; vertical-align: top; }
ul { margin: 0; padding-left: 1rem; }
code { font-size: .8rem; overflow-wrap: anywhere; }
</style>
</head>
<body>
<main>
<h1>Bulk data of ${e(l.site)}</h1>
<p>Each batch of newspapers loaded into this archive has a dump of its OCR: the plain text of every page and its ALTO XML, each a tar.gz archive with a SHA-256 manifest of its files inside, and a manifest of the archives beside them. The same list is available as <a href="${e(l.json)}">JSON</a> and as an <a href="${e(l.feed)}">Atom feed</a> of new dumps.</p>
<h2>Licence</h2>
<p>${e(l.licence)}</p>
<h2>Batches</h2>
${table}
</main>
</body>
</html>
`;
}

/** An Atom 1.0 feed: one entry a batch dump, its files as enclosures, newest first. */
export function listingFeed(l: BatchListing): string {
  const x = xmlEscape;
  const entries = l.batches.map((b) =>
    [
      '  <entry>',
      `    <id>${x(`${l.html}#${encodeURIComponent(b.batch)}`)}</id>`,
      `    <title>${x(`Batch ${b.batch}: ${b.pages} pages${b.dateFirst ? `, ${b.dateFirst}${b.dateLast && b.dateLast !== b.dateFirst ? ` to ${b.dateLast}` : ''}` : ''}`)}</title>`,
      `    <updated>${x(b.builtAt)}</updated>`,
      `    <published>${x(b.builtAt)}</published>`,
      `    <link rel="alternate" type="text/html" href="${x(`${l.html}#${encodeURIComponent(b.batch)}`)}"/>`,
      ...b.files.map(
        (f) =>
          `    <link rel="enclosure" type="${f.kind === 'manifest' ? 'text/plain' : 'application/gzip'}" length="${f.bytes}" title="${x(`${KIND_LABEL[f.kind]} SHA-256 ${f.sha256}`)}" href="${x(f.url)}"/>`,
      ),
      `    <summary>${x(`${b.titles.map((t) => `${t.name} (${t.lccn})`).join('; ')}. ${b.issues} issues, ${b.pages} pages.`)}</summary>`,
      `    <rights>${x(l.licence)}</rights>`,
      ...b.titles.map((t) => `    <category term="${x(t.lccn)}" label="${x(t.name)}"/>`),
      '  </entry>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${x(l.feed)}</id>`,
    `  <title>${x(`${l.site}: bulk data`)}</title>`,
    `  <updated>${x(l.updated ?? '1970-01-01T00:00:00Z')}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${x(l.feed)}"/>`,
    `  <link rel="alternate" type="text/html" href="${x(l.html)}"/>`,
    `  <author><name>${x(l.site)}</name></author>`,
    `  <rights>${x(l.licence)}</rights>`,
    '  <generator>newspaper-archive</generator>',
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
