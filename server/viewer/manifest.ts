// IIIF Presentation API 3.0 manifest of one issue: a canvas per page painted by the page's image service,
// with the ALTO as seeAlso, the PDF as rendering, and the issue's Content Search 2.0 service.
import type { ViewerIssue } from '../store/types';
import { canvasId, fullImage, imageService, manifestUrl, pageAlto, pagePdf, searchService, viewerPage } from './urls';

const en = (s: string) => ({ en: [s] });

export function formatDate(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

export function buildManifest(origin: string, issue: ViewerIssue) {
  const abs = (path: string) => origin + path;
  const label = `${issue.titleName}, ${formatDate(issue.dateIssued)}${issue.edition > 1 ? ` (edition ${issue.edition})` : ''}`;
  const metadata = [
    { label: en('Title'), value: en(issue.titleName) },
    { label: en('Date'), value: en(issue.dateIssued) },
    { label: en('LCCN'), value: en(issue.lccn) },
  ];
  if (issue.placeOfPublication) metadata.push({ label: en('Place'), value: en(issue.placeOfPublication) });
  if (issue.volume) metadata.push({ label: en('Volume'), value: en(issue.volume) });
  if (issue.number) metadata.push({ label: en('Number'), value: en(issue.number) });

  const pages = issue.pages.filter((p) => p.hasImage && p.width && p.height);
  return {
    '@context': 'http://iiif.io/api/presentation/3/context.json',
    id: abs(manifestUrl(issue.uid)),
    type: 'Manifest',
    label: en(label),
    metadata,
    summary: en(`${issue.pages.length} page${issue.pages.length === 1 ? '' : 's'} of ${issue.titleName}.`),
    requiredStatement: { label: en('Rights'), value: en('Public domain. Digitised newspaper page images and OCR text.') },
    behavior: ['individuals'],
    viewingDirection: 'left-to-right',
    navDate: `${issue.dateIssued}T00:00:00Z`,
    homepage: pages[0]
      ? [{ id: abs(viewerPage(pages[0].uid)), type: 'Text', label: en(`${label} in the page viewer`), format: 'text/html' }]
      : undefined,
    service: [{ id: abs(searchService(issue.uid)), type: 'SearchService2' }],
    items: pages.map((p) => {
      const canvas = abs(canvasId(issue.uid, p.uid));
      const pageLabel = `Page ${p.number || p.sequence}`;
      return {
        id: canvas,
        type: 'Canvas',
        label: en(pageLabel),
        width: p.width!,
        height: p.height!,
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
                  id: abs(fullImage(p.uid)),
                  type: 'Image',
                  format: 'image/jpeg',
                  width: p.width!,
                  height: p.height!,
                  service: [{ id: abs(imageService(p.uid)), type: 'ImageService3', profile: 'level2' }],
                },
              },
            ],
          },
        ],
        seeAlso: p.hasAlto
          ? [{ id: abs(pageAlto(p.uid)), type: 'Dataset', label: en('ALTO OCR'), format: 'application/xml', profile: 'http://www.loc.gov/standards/alto/' }]
          : undefined,
        rendering: p.hasPdf ? [{ id: abs(pagePdf(p.uid)), type: 'Text', label: en(`${pageLabel} (PDF)`), format: 'application/pdf' }] : undefined,
      };
    }),
  };
}
