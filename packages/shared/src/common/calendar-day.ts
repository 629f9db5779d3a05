/*
 * Calendar days ('YYYY-MM-DD'): a day is the same wherever it is read, so it travels and is
 * compared as that text. "Today" is the company's: the day it is now in the company's zone.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a real day written YYYY-MM-DD (2026-02-30 is not). */
export function isCalendarDay(text: string): boolean {
  const m = DAY.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** The day it is at `now` in `timeZone` (an IANA name); UTC's day when the zone is unknown. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  let format = formats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
    } catch {
      return now.toISOString().slice(0, 10);
    }
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(now).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/**
 * Whole years completed from `from` to `asOf` (both days), as date-fns' differenceInYears
 * counts them: 2020-03-15 → 2023-03-14 is 2, → 2023-03-15 is 3; a 29 February counts its
 * year on 1 March. Never negative (a day still to come is 0).
 */
export function completedYears(from: string, asOf: string): number {
  const years = Number(asOf.slice(0, 4)) - Number(from.slice(0, 4));
  const before = asOf.slice(5) < from.slice(5);
  return Math.max(0, years - (before ? 1 : 0));
}

/** Days since 1899-12-30, the spreadsheet serial of a day (the 1900 date system, as Excel and LibreOffice write it). */
export function daySerial(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return (Date.UTC(y, m - 1, d) - Date.UTC(1899, 11, 30)) / 86_400_000;
}

/** A spreadsheet serial (whole days since 1899-12-30; a fraction is the time of day) → its day. */
export function serialDay(serial: number): string {
  return new Date(Date.UTC(1899, 11, 30) + Math.floor(serial) * 86_400_000).toISOString().slice(0, 10);
}

/** `day` moved by `days` calendar days (negative: earlier). */
export function addDays(day: string, days: number): string {
  return serialDay(daySerial(day) + days);
}
