// Downloads of the page (JPEG, PDF, OCR text, ALTO) and a citation with the page's stable URL. Shown from
// this device's copy (offline), a download is offered when this device has fetched it (it is in a cache
// of the service worker); the others say they need the network.
import { useEffect, useState } from 'react';
import type { ViewerPageResponse } from '../../../contract/viewer';
import { longDate, pageLabel } from '../../shared/lib/format';
import { Icon } from '../../shared/ui/icons';
import { CitePanel } from './cite-part';

// The citation styles and their formatter load when the panel first shows, not with the viewer.

export function citationText(page: ViewerPageResponse, siteName: string): string {
  const place = page.place ? ` (${page.place.replace(/[\s:;,.]+$/, '')})` : '';
  const site = siteName ? ` ${siteName}.` : '';
  return `${page.title}${place}, ${longDate(page.date)}, ${pageLabel(page).toLowerCase()}.${site} ${page.citationUrl}`;
}

/** The URLs among `urls` that a cache of this origin holds (null while looking). */
function useCachedUrls(urls: string[], look: boolean): Set<string> | null {
  const [found, setFound] = useState<Set<string> | null>(null);
  const joined = urls.join('\n');
  useEffect(() => {
    if (!look) return;
    let live = true;
    setFound(null);
    const list = joined.split('\n').filter(Boolean);
    const has = async (u: string) => typeof caches !== 'undefined' && !!(await caches.match(new URL(u, location.origin).toString()).catch(() => undefined));
    Promise.all(list.map(async (u) => ((await has(u)) ? u : null))).then((xs) => live && setFound(new Set(xs.filter((x): x is string => !!x))));
    return () => {
      live = false;
    };
  }, [joined, look]);
  return found;
}

interface Props {
  page: ViewerPageResponse;
  siteName: string;
  fromDevice?: boolean;
  /** Whether the panel is on screen: the citation formatter is fetched the first time it is. */
  shown?: boolean;
}

export function DownloadsPanel({ page, siteName, fromDevice = false, shown = true }: Props) {
  const [citeWanted, setCiteWanted] = useState(shown);
  if (shown && !citeWanted) setCiteWanted(true);
  const base = page.uid;
  const links: { href: string | null; label: string; file: string; note: string }[] = [
    { href: page.downloads.image, label: 'Page image (JPEG)', file: `${base}.jpg`, note: 'High resolution' },
    { href: page.downloads.pdf, label: 'Page PDF', file: `${base}.pdf`, note: 'Image with its text layer' },
    { href: page.downloads.text, label: 'OCR text', file: `${base}.txt`, note: 'Plain text, as scanned' },
    // Only when visitors have corrected the page (issue #23), as the corrected ALTO below.
    {
      href: page.downloads.textCorrected ?? null,
      label: 'OCR text, corrected',
      file: `${base}-corrected.txt`,
      note: 'Plain text with the corrections visitors made',
    },
    { href: page.downloads.alto, label: 'ALTO XML', file: `${base}.xml`, note: 'Text with word positions, as scanned' },
    // Only when visitors have corrected the page (issue #23): the same ALTO with their corrections in it.
    {
      href: page.downloads.altoCorrected ?? null,
      label: 'ALTO XML, corrected',
      file: `${base}-corrected.xml`,
      note: 'With the corrections visitors made',
    },
  ];
  const citation = citationText(page, siteName);
  const cached = useCachedUrls([...links.map((l) => l.href ?? ''), page.manifest], fromDevice);
  const available = (href: string) => !fromDevice || !!cached?.has(href);
  const needsNetwork = <small className="vz-needs-network">Needs the network</small>;
  const plainCitation = (
    <>
      <h3>Cite this page</h3>
      <p className="vz-citation" data-testid="citation" data-style="plain">
        {citation}
      </p>
    </>
  );
  return (
    <div className="vz-downloads">
      <h3>Download</h3>
      <ul className="vz-download-list">
        {links
          .filter((l) => l.href)
          .map((l) => (
            <li key={l.label}>
              {available(l.href!) ? (
                <a href={l.href!} download={l.file} className="vz-download">
                  <Icon name="download" />
                  <span>
                    {l.label}
                    <small>{l.note}</small>
                  </span>
                </a>
              ) : (
                <span className="vz-download is-disabled" aria-disabled="true">
                  <Icon name="download" />
                  <span>
                    {l.label}
                    {needsNetwork}
                  </span>
                </span>
              )}
            </li>
          ))}
      </ul>
      {page.downloads.pdf && available(page.downloads.pdf) && (
        <p>
          <a href={`/pdfviewer?page=${encodeURIComponent(page.uid)}`}>Open the PDF in the PDF viewer</a>
        </p>
      )}
      {available(page.manifest) ? (
        <p>
          <a href={`/universalviewer?issue=${encodeURIComponent(page.issueUid)}`}>Open the whole issue in the IIIF viewer</a>
          {' · '}
          <a href={page.manifest}>IIIF manifest</a>
        </p>
      ) : (
        <p className="vz-muted">The whole issue in the IIIF viewer and its manifest need the network.</p>
      )}
      {citeWanted ? (
        <CitePanel
          placeholder={plainCitation}
          heading="Cite this page"
          record={page}
          options={{ archiveName: siteName || undefined }}
          fallback={citation}
          link={page.citationUrl}
          fileBase={page.uid}
        />
      ) : (
        plainCitation
      )}
    </div>
  );
}
