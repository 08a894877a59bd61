// IIIF Content Search API 2.0 over one issue: an AnnotationPage of 'highlighting' annotations, one per
// matched word, each targeting its canvas with an xywh fragment. A quoted q is searched as a phrase.
import type { WordBox } from '../store/types';
import { findHits, pageQueryFromText } from './match';
import { canvasId, searchService } from './urls';

export const MAX_ANNOTATIONS = 2000;

export function parseContentQuery(q: string) {
  const trimmed = q.trim();
  const quoted = /^"(.*)"$/.exec(trimmed);
  return quoted ? pageQueryFromText(quoted[1], true) : pageQueryFromText(trimmed, false);
}

export function buildContentSearch(origin: string, issueUid: string, q: string, pages: { pageUid: string; words: WordBox[] }[]) {
  const query = parseContentQuery(q);
  const items: unknown[] = [];
  const contexts: unknown[] = [];
  const searchId = `${origin}${searchService(issueUid)}`;
  const words = (list: WordBox[], from: number, to: number) => list.slice(Math.max(0, from), Math.max(0, to)).map((w) => String(w[0])).join(' ');
  let hitCount = 0;
  outer: for (const page of pages) {
    const canvas = origin + canvasId(issueUid, page.pageUid);
    const hits = findHits(page.words, query);
    for (const [h, hit] of hits.entries()) {
      if (items.length + hit.words.length > MAX_ANNOTATIONS) break outer;
      hitCount++;
      const ids: string[] = [];
      for (const i of hit.words) {
        const [text, x, y, w, hgt] = page.words[i];
        const id = `${searchId}/annotation/${encodeURIComponent(page.pageUid)}/${h}/${i}`;
        ids.push(id);
        items.push({
          id,
          type: 'Annotation',
          motivation: 'highlighting',
          label: { en: [String(text)] },
          body: { type: 'TextualBody', value: String(text), format: 'text/plain' },
          target: `${canvas}#xywh=${Math.round(x)},${Math.round(y)},${Math.round(w)},${Math.round(hgt)}`,
        });
      }
      // One contextualizing annotation per hit: the words around it, pointing at all of its word boxes.
      const first = hit.words[0];
      const last = hit.words[hit.words.length - 1];
      const before = words(page.words, first - 6, first);
      const after = words(page.words, last + 1, last + 7);
      const quote = { type: 'TextQuoteSelector', prefix: before && `${before} `, exact: words(page.words, first, last + 1), suffix: after && ` ${after}` };
      contexts.push({
        id: `${searchId}/context/${encodeURIComponent(page.pageUid)}/${h}`,
        type: 'Annotation',
        motivation: 'contextualizing',
        target: ids.map((source) => ({ type: 'SpecificResource', source, selector: [quote] })),
      });
    }
  }
  return {
    '@context': 'http://iiif.io/api/search/2/context.json',
    id: `${searchId}?q=${encodeURIComponent(q)}`,
    type: 'AnnotationPage',
    partOf: { id: `${origin}${searchService(issueUid)}?q=${encodeURIComponent(q)}`, type: 'AnnotationCollection', total: hitCount },
    items,
    annotations: [{ id: `${searchId}/context?q=${encodeURIComponent(q)}`, type: 'AnnotationPage', items: contexts }],
  };
}
