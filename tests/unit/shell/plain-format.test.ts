// Dates and counts written without Intl (contract/plain-format.ts) must read exactly as Intl and
// date-fns write them in en-US: for every month and weekday, leap days, early years and big counts.
import { describe, expect, it } from 'vitest';
import { format, parseISO } from 'date-fns';
import { formatCount, longDay, plainDay, weekdayLongDay } from '../../../contract/plain-format';
import { formatIssueDate, longDate } from '../../../src/shared/lib/format';

const intlLong = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const DAYS = ['1819-09-22', '1900-02-28', '1904-02-29', '1795-12-31', '1800-01-01', '2026-11-24', '0999-03-04'];
for (let day = 1; day <= 7; day++) DAYS.push(`1850-06-0${day}`); // a week: every weekday
for (let m = 1; m <= 12; m++) DAYS.push(`1850-${String(m).padStart(2, '0')}-${String(m + 10).padStart(2, '0')}`);

describe('plain dates', () => {
  it('write the en-US long date as Intl does', () => {
    for (const iso of DAYS) expect(longDay(plainDay(iso)!)).toBe(intlLong(iso));
    expect(longDate('1819-09-22')).toBe('September 22, 1819');
  });

  it('write the weekday and long date as date-fns does (every weekday is among the days)', () => {
    for (const iso of DAYS) expect(weekdayLongDay(plainDay(iso)!)).toBe(format(parseISO(iso), 'EEEE, MMMM d, yyyy'));
    expect(new Set(DAYS.map((iso) => plainDay(iso)!.getUTCDay())).size).toBe(7);
    expect(formatIssueDate('1819-09-22')).toBe('Wednesday, September 22, 1819');
  });

  it('leave other text as it is', () => {
    expect(plainDay('1819')).toBeNull();
    expect(plainDay('1819-13-45')).toBeNull();
    expect(formatIssueDate('1819')).toBe('1819');
    expect(formatIssueDate('soon')).toBe('soon');
    expect(longDate('not a date')).toBe('not a date');
    expect(longDate(null)).toBe('');
  });
});

describe('formatCount', () => {
  it('groups digits as Intl does', () => {
    for (const n of [0, 1, 12, 999, 1000, 1001, 12345, 999999, 1000000, 1234567890, -1, -1234, -1234567, Number.MAX_SAFE_INTEGER])
      expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
    expect(formatCount(1234.5)).toBe('1,234.5');
  });
});
