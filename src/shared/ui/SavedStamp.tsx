// The quiet 'Saved 5 minutes ago' stamp on an answer kept on this device (a results page, a viewer page): it
// shows while the kept copy is on screen and goes when the fresh answer arrives, so kept data never passes
// for fresh. The exact time is in the <time> element's title.
import { format, formatDistanceToNow } from 'date-fns';
import { useEffect, useState } from 'react';

/** 'Saved 5 minutes ago' (date-fns wording), 'Saved just now' under a minute. */
export const savedWords = (savedAt: number) => `Saved ${formatDistanceToNow(savedAt, { addSuffix: true }).replace(/^less than a minute ago$/, 'just now')}`;

export function SavedStamp({ savedAt, inline = false, className }: { savedAt: number; inline?: boolean; className?: string }) {
  // Re-word once a minute so '2 minutes ago' does not stay on screen for an hour.
  const [, tick] = useState(0);
  useEffect(() => {
    const id = setInterval(() => tick((n) => n + 1), 60_000);
    return () => clearInterval(id);
  }, []);
  const Tag = inline ? 'span' : 'p';
  return (
    <Tag className={className} data-testid="saved-stamp">
      <time dateTime={new Date(savedAt).toISOString()} title={`Saved on this device ${format(savedAt, 'PPpp')}`}>
        {savedWords(savedAt)}
      </time>
    </Tag>
  );
}
