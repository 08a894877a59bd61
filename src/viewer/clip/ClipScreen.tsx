// /clipsocialsharing?clip={id}: a shared clipping: the clipped image, its caption and its source, with a
// link to the full page. The server already put the social-preview tags in this page's HTML.
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearch } from 'wouter';
import type { ClipResponse } from '../../../contract/viewer';
import { fetchClip } from '../common/viewer-api';
import { copyText, longDate, pageLabel } from '../../shared/lib/format';
import { AddToList } from '../../shared/lists/AddToList';
import { clipListItem } from '../../shared/lists/list-items';
import '../common/viewer.css';
import { CitePanel } from '../page/cite-part';

export function ClipScreen() {
  const search = useSearch();
  const id = useMemo(() => new URLSearchParams(search).get('clip'), [search]);
  const [clip, setClip] = useState<ClipResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!id) return setError('No clipping was given in the link.');
    const ctl = new AbortController();
    fetchClip(id, ctl.signal).then(setClip, (err: Error) => err.name !== 'AbortError' && setError(err.message));
    return () => ctl.abort();
  }, [id]);

  const source = clip ? `${clip.title}, ${longDate(clip.date)}, ${pageLabel(clip)}` : '';
  return (
    <div className="vz-clip-page" data-testid="clip-page">
      <article className="vz-clip-card">
        {error && (
          <div role="alert">
            <h1>This clipping is not available</h1>
            <p>{error}</p>
            <Link href="/home">Go to the archive’s home page</Link>
          </div>
        )}
        {!error && !clip && <p>Loading the clipping…</p>}
        {clip && (
          <>
            <p className="vz-clip-kicker">A clipping from the archive</p>
            <h1>{clip.caption || `From ${clip.title}`}</h1>
            <figure className="vz-clip-figure">
              <img src={clip.imageUrl} alt={clip.caption || `Clipping from ${source}`} width={clip.w} height={clip.h} />
              <figcaption>{source}</figcaption>
            </figure>
            <div className="vz-row">
              <Link href={`/viewer?page=${encodeURIComponent(clip.pageUid)}&region=${clip.x},${clip.y},${clip.w},${clip.h}`} className="vz-btn vz-btn--primary">
                See the full page
              </Link>
              <button type="button" className="vz-btn" onClick={async () => setCopied(await copyText(clip.url))}>
                {copied ? 'Link copied' : 'Copy link'}
              </button>
              <a className="vz-btn" href={clip.imageUrl} download={`clipping-${clip.id}.jpg`}>
                Download image
              </a>
              <AddToList item={() => clipListItem(clip)} />
            </div>
            {/* The clip cites its region of the page. */}
            <CitePanel
              heading="Cite this clipping"
              record={{
                uid: clip.pageUid,
                title: clip.title,
                place: null,
                date: clip.date,
                edition: 1,
                volume: null,
                issueNumber: null,
                sequence: clip.sequence,
                number: clip.number,
                citationUrl: new URL(`/viewer?page=${encodeURIComponent(clip.pageUid)}`, clip.url).toString(),
              }}
              options={{ clip: { region: clip, caption: clip.caption, url: clip.url } }}
              fallback={`${source}. ${clip.url}`}
              link={clip.url}
              fileBase={`clipping-${clip.id}`}
            />
          </>
        )}
      </article>
    </div>
  );
}
