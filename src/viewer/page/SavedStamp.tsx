// A quiet 'Saved <time>' while the viewer shows this device's copy of a page, so kept data never passes
// for fresh. It goes away when the server's answer replaces the copy.
import { useEffect, useState } from 'react';
import { formatDistanceToNow } from 'date-fns';

export function SavedStamp({ savedAt }: { savedAt: number }) {
  const [, rerender] = useState(0);
  useEffect(() => {
    const t = setInterval(() => rerender((n) => n + 1), 60_000);
    return () => clearInterval(t);
  }, []);
  const exact = new Date(savedAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <span className="vz-saved" data-testid="saved-stamp" title={`Saved on this device ${exact}`}>
      Saved {formatDistanceToNow(savedAt, { addSuffix: true })}
    </span>
  );
}
