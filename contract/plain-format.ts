// Dates and counts in the archive's one display language (en-US), written without Intl. Intl builds a
// formatter on each toLocaleDateString call with options, and the first Intl use of a page loads the locale
// data: on a phone each cost tens of milliseconds inside the first render of the viewer and of the results
// (issue #19: total blocking time). Tests compare every form with what Intl writes.
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** A 'YYYY-MM-DD' day as a UTC date, or null when the text is not one. */
export function plainDay(iso: string | null | undefined): Date | null {
  if (!iso || !/^\d{4}-\d{2}-\d{2}$/.test(iso)) return null;
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** 'September 22, 1819' (a UTC date). */
export const longDay = (d: Date) => `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;

/** '1819-09-22' → 'September 22, 1819'; text that is not such a day is shown as it is. */
export function longDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = plainDay(iso);
  return d ? longDay(d) : iso;
}

/** How a page is named: its printed number, else its place in the issue. */
export const pageLabel = (p: { number: string | null; sequence: number }) => `Page ${p.number || p.sequence}`;

/** 'Wednesday, September 22, 1819' (a UTC date; the year in four digits, as date-fns' 'yyyy'). */
export const weekdayLongDay = (d: Date) =>
  `${WEEKDAYS[d.getUTCDay()]}, ${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${String(d.getUTCFullYear()).padStart(4, '0')}`;

/** 1234567 → '1,234,567' (whole numbers; anything else as Intl writes it). */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 ? `-${digits}` : digits;
}
