// Our own share widget (spec 2.3 'Share' button; no third-party script): the Web Share API where the
// device has it, otherwise a small panel of share links and 'Copy link'. Positioned from the bottom of
// the screen by spec 9 (viewers 60 px / 90 px on iPad; elsewhere 30 px / 35 px on mobile).
import { useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { shareButtonBottom } from './shell-rules';
import { isIPad, isMobile } from '../shared/lib/device';
import { ShareIcon } from './shell-icons';
import { floatingBottom } from './floating';
import { useCloseOnNavigation } from './use-close-on-navigation';
import { useEscapeToClose } from './use-escape-to-close';

export function shareTargets(url: string, title: string) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { name: 'X (Twitter)', href: `https://twitter.com/intent/tweet?url=${u}&text=${t}` },
    { name: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { name: 'Email', href: `mailto:?subject=${t}&body=${u}` },
  ];
}

export function ShareButton() {
  const [location] = useLocation();
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const bottom = shareButtonBottom(location, isMobile(), isIPad());
  useCloseOnNavigation(open, () => setOpen(false));

  useEscapeToClose(open, () => setOpen(false), buttonRef);

  const share = async () => {
    const data = { title: document.title, url: window.location.href };
    if (typeof navigator.share === 'function' && (!navigator.canShare || navigator.canShare(data))) {
      try {
        await navigator.share(data);
        return;
      } catch (err) {
        if ((err as Error).name === 'AbortError') return; // the person closed the share sheet
      }
    }
    setCopied(false);
    setOpen((o) => !o);
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      setCopied(true);
    } catch {
      window.prompt('Copy this link:', window.location.href);
    }
  };

  return (
    <div className="share-widget" style={{ bottom: floatingBottom(bottom) }} data-testid="share-widget">
      {open && (
        <div id={panelId} className="share-widget__panel" role="group" aria-label="Share this page">
          <ul>
            {shareTargets(window.location.href, document.title).map((t) => (
              <li key={t.name}>
                <a href={t.href} target="_blank" rel="noopener noreferrer">
                  {t.name}
                </a>
              </li>
            ))}
            <li>
              <button type="button" className="share-widget__copy" onClick={copy}>
                Copy link
              </button>
            </li>
          </ul>
          <p className="share-widget__status" role="status">
            {copied ? 'Link copied.' : ''}
          </p>
        </div>
      )}
      <button ref={buttonRef} type="button" className="share-widget__button" aria-expanded={open} aria-controls={open ? panelId : undefined} onClick={share}>
        <ShareIcon />
        <span>Share</span>
      </button>
    </div>
  );
}
