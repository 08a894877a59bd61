// Dates and sizes on the run screens, written without Intl or date-fns (contract/plain-format.ts says why).
import { longDay, plainDay } from '../../../contract/plain-format';

export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** '1887-03-03' → 'March 3, 1887' (the text itself when it is not a day). */
export const dayWords = (iso: string) => {
  const d = plainDay(iso);
  return d ? longDay(d) : iso;
};

/** 1234567 bytes → '1.2 MB'. */
export function sizeWords(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export const pagesWords = (n: number) => `${n} page${n === 1 ? '' : 's'}`;

/** Weekday (0 = Sunday) of a day of the proleptic Gregorian calendar. */
export const weekday = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day)).getUTCDay();

/** Today as this device's calendar has it: YYYY-MM-DD. */
export function todayIso(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${String(now.getFullYear()).padStart(4, '0')}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}
