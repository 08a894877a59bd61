// IIIF Presentation API 3.0 manifest of one issue: a canvas per page painted by the page's image service,
// its OCR text as a separate AnnotationPage (referenced, so the manifest stays small), the ALTO as
// seeAlso, the PDF as rendering, and the issue's Content Search services (2.0 and 1.0, each with
// autocomplete: Mirador and the Universal Viewer find search by the 1.0 profile).
import type { ViewerIssue, ViewerPageRow } from '../store/types';
import { parseSize } from '../images/iiif-params';
import * as urls from './urls';
import { issuePath } from '../../contract/runs';

export const PRESENTATION_CONTEXT = 'http://iiif.io/api/presentation/3/context.json';
/** textGranularity on the OCR annotations comes from this extension. */
export const TEXT_GRANULARITY_CONTEXT = 'http://iiif.io/api/extension/text-granularity/context.json';
/** Every page image and OCR text in the archive is in the public domain. */
export const RIGHTS = 'http://creativecommons.org/publicdomain/mark/1.0/';
export const SEARCH1_PROFILE = 'http://iiif.io/api/search/1/search';
export const AUTOCOMPLETE1_PROFILE = 'http://iiif.io/api/search/1/autocomplete';
export const SEARCH2_PROFILE = 'http://iiif.io/api/search/2/search';
export const AUTOCOMPLETE2_PROFILE = 'http://iiif.io/api/search/2/autocomplete';

export const en = (s: string) => ({ en: [s] });

export function formatDate(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

export const issueLabel = (i: { titleName: string; dateIssued: string; edition: number }) =>
  `${i.titleName}, ${formatDate(i.dateIssued)}${i.edition > 1 ? ` (edition ${i.edition})` : ''}`;

export const navDate = (isoDate: string) => `${isoDate}T00:00:00Z`;

/** The size an image URL's size parameter really returns for this page (the same code renders it). */
export function servedSize(width: number, height: number, size: string) {
  const s = parseSize(size, { x: 0, y: 0, w: width, h: height }, { width, height, maxArea: width * height });
  return { width: s.w, height: s.h };
}

/** A page's thumbnail: the small JPEG with the size it really has, and its image service. */
export function pageThumbnail(origin: string, pageUid: string, width: number, height: number) {
  return {
    id: origin + urls.thumbnailImage(pageUid),
    type: 'Image',
    format: 'image/jpeg',
    ...servedSize(width, height, '!200,300'),
    service: [{ id: origin + urls.imageService(pageUid), type: 'ImageService3', profile: 'level2' }],
  };
}

/** The search and autocomplete services of an issue, in both versions of the Content Search API. */
export function searchServices(origin: string, issueUid: string) {
  return [
    {
      id: origin + urls.searchService1(issueUid),
      type: 'SearchService1',
      profile: SEARCH1_PROFILE,
      service: [{ id: origin + urls.autocompleteService1(issueUid), type: 'AutoCompleteService1', profile: AUTOCOMPLETE1_PROFILE }],
    },
    {
      id: origin + urls.searchService(issueUid),
      type: 'SearchService2',
      profile: SEARCH2_PROFILE,
      service: [{ id: origin + urls.autocompleteService(issueUid), type: 'AutoCompleteService2', profile: AUTOCOMPLETE2_PROFILE }],
    },
  ];
}

/** One page's canvas: in the manifest, and on its own at its id (canvas ids dereference). */
export function buildCanvas(origin: string, issueUid: string, p: ViewerPageRow & { width: number; height: number }) {
  const abs = (path: string) => origin + path;
  const canvas = abs(urls.canvasId(issueUid, p.uid));
  const pageLabel = `Page ${p.number || p.sequence}`;
  return {
    id: canvas,
    type: 'Canvas',
    label: en(pageLabel),
    width: p.width,
    height: p.height,
    thumbnail: [pageThumbnail(origin, p.uid, p.width, p.height)],
    items: [
      {
        id: `${canvas}/page`,
        type: 'AnnotationPage',
        items: [
          {
            id: `${canvas}/image`,
            type: 'Annotation',
            motivation: 'painting',
            target: canvas,
            body: {
              id: abs(urls.fullImage(p.uid)),
              type: 'Image',
              format: 'image/jpeg',
              // What the bounded full-image URL returns, which for large masters is smaller than the canvas.
              ...servedSize(p.width, p.height, '!3000,3000'),
              service: [{ id: abs(urls.imageService(p.uid)), type: 'ImageService3', profile: 'level2' }],
            },
          },
        ],
      },
    ],
    annotations: [{ id: abs(urls.canvasText(issueUid, p.uid)), type: 'AnnotationPage', label: en(`OCR text of ${pageLabel.toLowerCase()}`) }],
    seeAlso: p.hasAlto
      ? [{ id: abs(urls.pageAlto(p.uid)), type: 'Dataset', label: en('ALTO OCR'), format: 'application/xml', profile: 'http://www.loc.gov/standards/alto/' }]
      : undefined,
    rendering: p.hasPdf ? [{ id: abs(urls.pagePdf(p.uid)), type: 'Text', label: en(`${pageLabel} (PDF)`), format: 'application/pdf' }] : undefined,
  };
}

export const imagedPages = (issue: ViewerIssue) =>
  issue.pages.filter((p): p is ViewerPageRow & { width: number; height: number } => p.hasImage && !!p.width && !!p.height);

export function buildManifest(origin: string, issue: ViewerIssue) {
  const abs = (path: string) => origin + path;
  const label = issueLabel(issue);
  const metadata = [
    { label: en('Title'), value: en(issue.titleName) },
    { label: en('Date'), value: en(issue.dateIssued) },
    { label: en('LCCN'), value: en(issue.lccn) },
  ];
  if (issue.placeOfPublication) metadata.push({ label: en('Place'), value: en(issue.placeOfPublication) });
  if (issue.volume) metadata.push({ label: en('Volume'), value: en(issue.volume) });
  if (issue.number) metadata.push({ label: en('Number'), value: en(issue.number) });

  const pages = imagedPages(issue);
  return {
    '@context': [TEXT_GRANULARITY_CONTEXT, PRESENTATION_CONTEXT],
    id: abs(urls.manifestUrl(issue.uid)),
    type: 'Manifest',
    label: en(label),
    metadata,
    summary: en(`${issue.pages.length} page${issue.pages.length === 1 ? '' : 's'} of ${issue.titleName}.`),
    thumbnail: pages[0] ? [pageThumbnail(origin, pages[0].uid, pages[0].width, pages[0].height)] : undefined,
    rights: RIGHTS,
    requiredStatement: { label: en('Rights'), value: en('Public domain. Digitised newspaper page images and OCR text.') },
    behavior: ['individuals'],
    viewingDirection: 'left-to-right',
    navDate: navDate(issue.dateIssued),
    // The issue's own page first (issue #36: every page, the whole-issue PDF, its neighbours), then its first page in the viewer.
    homepage: [
      { id: abs(issuePath(issue.lccn, issue.dateIssued, issue.edition)), type: 'Text', label: en(label), format: 'text/html' },
      ...(pages[0] ? [{ id: abs(urls.viewerPage(pages[0].uid)), type: 'Text', label: en(`${label} in the page viewer`), format: 'text/html' }] : []),
    ],
    partOf: [{ id: abs(urls.yearCollection(issue.lccn, Number(issue.dateIssued.slice(0, 4)))), type: 'Collection' }],
    service: searchServices(origin, issue.uid),
    items: pages.map((p) => buildCanvas(origin, issue.uid, p)),
  };
}
