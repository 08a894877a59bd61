// Display helpers of the viewer, the results and what is saved for offline. Dates go through plain-format.ts,
// never date-fns or Intl: their first call costs a phone tens of milliseconds inside the first render (issue #19).
import { longDay, plainDay, weekdayLongDay } from './plain-format';

/** '1819-09-22' → 'September 22, 1819'; text that is not such a day is shown as it is. */
export function longDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = plainDay(iso);
  return d ? longDay(d) : iso;
}

/** '1819-09-22' → 'Wednesday, September 22, 1819' (an issue's date in results); other text as it is. */
export function formatIssueDate(iso: string): string {
  const day = plainDay(iso);
  return day ? weekdayLongDay(day) : iso;
}

export const pageLabel = (p: { number: string | null; sequence: number }) => `Page ${p.number || p.sequence}`;

export function clockTime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Copies text to the clipboard; false when the browser refuses (the text stays selectable). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
