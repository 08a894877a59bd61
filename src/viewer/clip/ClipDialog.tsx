// After a rectangle is drawn: a preview of the clipping, a caption, and a share link from the server.
// The clip goes through the outbox (device-db/outbox.ts): offline, or when the network fails, it is kept
// on this device and sent when the connection returns; the share link appears here once it is sent.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CLIP_CAPTION_MAX, type Box, type ClipRequest, type ClipResponse } from '../../../contract/viewer';
import { keepAndSend, pageOutbox, useOutboxItem } from '../../shared/data/outbox-page';
import { remove } from '../../../device-db/outbox';
import { copyText } from '../../shared/lib/format';

export const CLIP_KEPT = 'You are offline. Your clipping is kept on this device and will be sent when the connection returns; its share link will appear here.';
export const CLIP_SENT = 'Your clipping has been sent. Its share link is ready.';

interface Props {
  pageUid: string;
  imageService: string;
  region: Box;
  onClose(): void;
}

export function ClipDialog({ pageUid, imageService, region, onClose }: Props) {
  const [caption, setCaption] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [clientId, setClientId] = useState<string | null>(null);
  const item = useOutboxItem<ClipRequest, ClipResponse>(clientId);
  const clip = item?.state === 'sent' ? item.result : null;
  // Kept: offline when made, or a send that found no network (the item is back to pending with an error).
  const kept = !!item && !clip && (item.state === 'pending' || item.state === 'sending') && (!navigator.onLine || item.lastError !== null);
  const busy = !!item && !clip && !kept && item.state !== 'failed';
  const [copied, setCopied] = useState(false);
  const first = useRef<HTMLTextAreaElement>(null);
  const linkRef = useRef<HTMLInputElement>(null);
  const [x, y, w, h] = region;
  const preview = `${imageService}/${x},${y},${w},${h}/!640,480/0/default.jpg`;

  useEffect(() => first.current?.focus(), []);
  useEffect(() => {
    if (clip) linkRef.current?.select();
  }, [clip]);
  // Refused by the server (a 4xx): the message goes beside the form, which stays to be corrected.
  useEffect(() => {
    if (item?.state !== 'failed') return;
    setError(item.lastError ?? 'The clipping could not be made.');
    setClientId(null);
    void remove(pageOutbox(), item.clientId);
  }, [item]);
  useEffect(() => {
    const esc = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', esc);
    return () => window.removeEventListener('keydown', esc);
  }, [onClose]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (clientId) return;
    setError(null);
    try {
      const body: ClipRequest = { pageUid, x, y, w, h, caption: caption.trim() };
      setClientId((await keepAndSend('clip', body)).clientId);
    } catch (err) {
      setError(`The clipping could not be kept on this device: ${(err as Error).message}`);
    }
  };
  const share = async () => {
    if (clip && navigator.share) await navigator.share({ title: clip.caption || 'Newspaper clipping', url: clip.url }).catch(() => undefined);
  };

  return (
    <div className="vz-modal-backdrop" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div className="vz-modal" role="dialog" aria-modal="true" aria-labelledby="vz-clip-title">
        <h2 id="vz-clip-title">{clip ? 'Your clipping is ready to share' : 'Share a clipping'}</h2>
        <img className="vz-clip-preview" src={preview} alt={caption || 'The clipped part of the page'} />
        <p className="vz-clip-status" role="status" aria-live="polite" data-testid="clip-status">
          {clip ? CLIP_SENT : kept ? CLIP_KEPT : ''}
        </p>
        {kept ? (
          <div className="vz-row">
            <button type="button" className="vz-btn vz-btn--primary" onClick={onClose}>
              Close
            </button>
          </div>
        ) : !clip ? (
          <form onSubmit={submit}>
            <label htmlFor="vz-clip-caption">Caption (optional)</label>
            <textarea
              id="vz-clip-caption"
              ref={first}
              value={caption}
              maxLength={CLIP_CAPTION_MAX}
              rows={2}
              onChange={(e) => setCaption(e.target.value)}
              placeholder="What is this clipping about?"
            />
            <p className="vz-muted">{CLIP_CAPTION_MAX - caption.length} characters left</p>
            {error && (
              <p className="vz-error" role="alert">
                {error}
              </p>
            )}
            <div className="vz-row">
              <button type="submit" className="vz-btn vz-btn--primary" disabled={busy}>
                {busy ? 'Creating…' : 'Create share link'}
              </button>
              <button type="button" className="vz-btn" onClick={onClose}>
                Cancel
              </button>
            </div>
          </form>
        ) : (
          <div>
            <label htmlFor="vz-clip-link">Share link</label>
            <input id="vz-clip-link" ref={linkRef} readOnly value={clip.url} data-testid="clip-link" onFocus={(e) => e.target.select()} />
            <div className="vz-row">
              <button type="button" className="vz-btn vz-btn--primary" onClick={async () => setCopied(await copyText(clip.url))}>
                {copied ? 'Copied' : 'Copy link'}
              </button>
              {typeof navigator.share === 'function' && (
                <button type="button" className="vz-btn" onClick={share}>
                  Share…
                </button>
              )}
              <a className="vz-btn" href={clip.url} target="_blank" rel="noopener">
                Open the clipping
              </a>
              <button type="button" className="vz-btn" onClick={onClose}>
                Done
              </button>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
