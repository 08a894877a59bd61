// The declarations must reach every realm that imports this file (the app, and the tests under tsconfig.node):
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./citation-js.d.ts" />
// The viewer's citation formatter: citation-js (a maintained CSL processor, citeproc-js inside) with the
// Chicago and MLA styles of the CSL project (csl/README.md). Large, so the panel imports this module only
// when it opens; the page's first-load JavaScript does not carry it.
import { Cite, plugins } from '@citation-js/core';
import '@citation-js/plugin-csl';
import '@citation-js/plugin-ris';
import '@citation-js/plugin-bibtex';
import chicago from './csl/chicago-notes-bibliography.csl?raw';
import mla from './csl/modern-language-association.csl?raw';
import { CITE_STYLES, risWithDay, type CiteStyleId, type CslItem } from '../../../contract/citation';

const styles = plugins.config.get('@csl').styles;
if (!styles.has('chicago-notes-bibliography')) styles.add('chicago-notes-bibliography', chicago);
if (!styles.has('modern-language-association')) styles.add('modern-language-association', mla);

/** The item's bibliography entry in one style, as plain text (what "Copy citation" copies). */
export function formatCitation(item: CslItem, style: CiteStyleId): string {
  const template = CITE_STYLES.find((s) => s.id === style)?.csl ?? 'apa';
  return new Cite(item).format('bibliography', { format: 'text', template, lang: 'en-US' }).trim();
}

/** RIS (type NEWS) with the day as well as its year. */
export function toRis(item: CslItem): string {
  const [y, m, d] = item.issued['date-parts'][0];
  const iso = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return risWithDay(new Cite(item).format('ris'), iso);
}

export function toBibtex(item: CslItem): string {
  return new Cite(item).format('bibtex');
}

/** CSL-JSON: a list of one item, as Zotero and pandoc import it. */
export function toCslJson(item: CslItem): string {
  return `${JSON.stringify([item], null, 2)}\n`;
}
