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
  let hitCount = 0;
  outer: for (const page of pages) {
    const canvas = origin + canvasId(issueUid, page.pageUid);
    const hits = findHits(page.words, query);
    for (const [h, hit] of hits.entries()) {
      hitCount++;
      for (const i of hit.words) {
        if (items.length >= MAX_ANNOTATIONS) break outer;
        const [text, x, y, w, hgt] = page.words[i];
        items.push({
          id: `${origin}${searchService(issueUid)}/annotation/${encodeURIComponent(page.pageUid)}/${h}/${i}`,
          type: 'Annotation',
          motivation: 'highlighting',
          label: { en: [String(text)] },
          body: { type: 'TextualBody', value: String(text), format: 'text/plain' },
          target: `${canvas}#xywh=${Math.round(x)},${Math.round(y)},${Math.round(w)},${Math.round(hgt)}`,
        });
      }
    }
  }
  return {
    '@context': 'http://iiif.io/api/search/2/context.json',
    id: `${origin}${searchService(issueUid)}?q=${encodeURIComponent(q)}`,
    type: 'AnnotationPage',
    partOf: { id: `${origin}${searchService(issueUid)}?q=${encodeURIComponent(q)}`, type: 'AnnotationCollection', total: hitCount },
    items,
  };
}
