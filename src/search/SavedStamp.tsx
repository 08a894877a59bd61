// The quiet 'Saved 5 minutes ago' stamp on an answer kept on this device: it shows while the kept answer
// is on screen and goes when the fresh answer arrives (the screen stops rendering it).
import { format, formatDistanceToNow } from 'date-fns';
import { useEffect, useState } from 'react';

/** 'Saved 5 minutes ago' (date-fns wording); the exact time is in the <time> element. */
export const savedWords = (savedAt: number) => `Saved ${formatDistanceToNow(savedAt, { addSuffix: true }).replace(/^less than a minute ago$/, 'just now')}`;

export function SavedStamp({ savedAt }: { savedAt: number }) {
  // Re-word once a minute so '2 minutes ago' does not stay on screen for an hour.
  const [, tick] = useState(0);
  useEffect(() => {
    const id = setInterval(() => tick((n) => n + 1), 60_000);
    return () => clearInterval(id);
  }, []);
  return (
    <p className="search-saved" data-testid="saved-stamp">
      <time dateTime={new Date(savedAt).toISOString()} title={format(savedAt, 'PPpp')}>
        {savedWords(savedAt)}
      </time>
    </p>
  );
}
