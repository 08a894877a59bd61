// Offline, a page that was never opened on this device: say so, and give the ways back (the results the
// visitor came from, and the pages of the same issue that are on the device).
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { pagesOfIssueOnDevice, type PageOnDevice } from '../common/seen-page';

interface Props {
  uid: string;
  backHref: string;
  backLabel: string;
  hrefFor(uid: string): string;
}

export function NotOnDevice({ uid, backHref, backLabel, hrefFor }: Props) {
  const [pages, setPages] = useState<PageOnDevice[] | null>(null);
  useEffect(() => {
    let live = true;
    pagesOfIssueOnDevice(uid).then(
      (p) => live && setPages(p),
      () => live && setPages([]),
    );
    return () => {
      live = false;
    };
  }, [uid]);
  return (
    <div className="vz-message" role="alert" data-testid="not-on-device">
      <h2>This page is not on this device</h2>
      <p>You have not opened it while online, so its image and text were not saved. It opens when you are back online.</p>
      <p>
        <Link href={backHref}>{backLabel}</Link>
      </p>
      {pages && pages.length > 0 && (
        <nav aria-label="Pages of this issue on this device">
          <p>Pages of this issue on this device:</p>
          <ul className="vz-ondevice">
            {pages.map((p) => (
              <li key={p.uid}>
                <Link href={hrefFor(p.uid)}>{p.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
