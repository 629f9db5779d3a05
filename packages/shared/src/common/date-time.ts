/**
 * The one module that shows dates and times. A moment is always shown in the company's time
 * zone and names it ("27 Nov 2026, 14:05 CET" in en-GB, "Nov 27, 2026, 02:05 PM EST" in en-US),
 * so a reader never has to guess whose clock it is; a calendar day ("2026-11-27") is a day
 * wherever it is read and shows without a zone. The locale and zone come from the company
 * settings record.
 */

export interface DateTimeFormat {
  /** BCP 47 tag of the digits, month names and order ('en-US', 'de-DE'). */
  locale: string;
  /** IANA zone the moments are shown in ('Europe/Berlin', 'UTC'). */
  timeZone: string;
}

export const DEFAULT_DATE_TIME_FORMAT: DateTimeFormat = { locale: 'en-US', timeZone: 'UTC' };

const cache = new Map<string, Intl.DateTimeFormat>();

function cached(key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let f = cache.get(key);
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}

const toDate = (value: string | Date | number) => (value instanceof Date ? value : new Date(value));

/** A moment with its zone: '27 Nov 2026, 14:05 CET'. An unreadable value → '—'. */
export function formatDateTime(value: string | Date | number, format: DateTimeFormat): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '—';
  return cached(`dt|${format.locale}|${format.timeZone}`, () => {
    return new Intl.DateTimeFormat(format.locale, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: format.timeZone,
      timeZoneName: 'short',
    });
  }).format(date);
}

/**
 * A calendar day: '27 Nov 2026'. A plain 'YYYY-MM-DD' is that day everywhere; a moment is the
 * day it was in the company's zone.
 */
export function formatDay(value: string | Date | number, format: DateTimeFormat): string {
  const plainDay = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = plainDay ? new Date(`${value}T00:00:00Z`) : toDate(value);
  if (Number.isNaN(date.getTime())) return '—';
  const timeZone = plainDay ? 'UTC' : format.timeZone;
  return cached(`d|${format.locale}|${timeZone}`, () => {
    return new Intl.DateTimeFormat(format.locale, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone,
    });
  }).format(date);
}

/** A whole count with the locale's grouping: 12,345 or 12.345. */
export function formatCount(value: number, format: Pick<DateTimeFormat, 'locale'>): string {
  return new Intl.NumberFormat(format.locale, { maximumFractionDigits: 0 }).format(value);
}

/** A plain number with at most two decimals in the locale: 1.5 or 1,5. */
export function formatNumber(value: number, format: Pick<DateTimeFormat, 'locale'>): string {
  return new Intl.NumberFormat(format.locale, { maximumFractionDigits: 2 }).format(value);
}
