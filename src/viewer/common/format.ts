// Display helpers shared by the viewer screens.
import { longDay, plainDay } from '../../shared/lib/plain-format';

/** '1819-09-22' → 'September 22, 1819'; text that is not such a day is shown as it is. */
export function longDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = plainDay(iso);
  return d ? longDay(d) : iso;
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
