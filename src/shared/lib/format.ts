// Display helpers of the viewer, the results and what is saved for offline. Dates go through contract/plain-format.ts,
// never date-fns or Intl: their first call costs a phone tens of milliseconds inside the first render (issue #19).
import { plainDay, weekdayLongDay } from '../../../contract/plain-format';

export { longDate, pageLabel } from '../../../contract/plain-format';

/** '1819-09-22' → 'Wednesday, September 22, 1819' (an issue's date in results); other text as it is. */
export function formatIssueDate(iso: string): string {
  const day = plainDay(iso);
  return day ? weekdayLongDay(day) : iso;
}

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
