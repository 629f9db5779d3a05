/*
 * Monthly figures summed over days (no database): a day's share of a monthly figure is the
 * figure ÷ the days of that day's month. Back pay and the pay report for a year both sum so.
 *
 * Exact: a day's share is cents × (DAY_UNITS / days in the month) units of 1/DAY_UNITS cent, an
 * integer since DAY_UNITS is the lcm of 28, 29, 30 and 31.
 *
 * Not every day is priced: a figure only moves on a change day (a dated rule starts) or on one
 * of the employee's own days (a version of it starts, it is hired or leaves, a hire or career
 * anniversary: the derived years grow). `sweepSegments` prices everyone in scope on `from` and
 * on each change day, and on an employee's own day only that employee; a month start moves no
 * figure, only the divisor, which the day weights carry. Each stretch of days an employee's
 * figures hold while employed is handed to the caller as one segment.
 */

/**
 * An exact sum of integer products, kept as a double while it is a safe integer and as a BigInt
 * beyond (a year of one employee's pay in 1/DAY_UNITS cent fits a double unless it is above
 * ~20 million a month): the sweep adds a million products a year at 100,000 employees.
 */
export class ExactSum {
  private small = 0;
  private big = 0n;

  /** Adds a × b (integers). */
  add(a: number, b: number): void {
    const product = a * b;
    const sum = this.small + product;
    if (Number.isSafeInteger(product) && Number.isSafeInteger(sum)) this.small = sum;
    else {
      this.big += BigInt(a) * BigInt(b) + BigInt(this.small);
      this.small = 0;
    }
  }

  get value(): bigint {
    return this.big + BigInt(this.small);
  }
}

/** lcm(28, 29, 30, 31): one month's worth of any month, in whole units of each of its days. */
export const DAY_UNITS = 377_580n;
const DAY_UNITS_NUMBER = 377_580;
const DAY_MS = 86_400_000;

const parse = (day: string) => Date.parse(`${day}T00:00:00Z`);
const format = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const addDays = (day: string, days: number): string => format(parse(day) + days * DAY_MS);

/** Days from `from` to `to` (to − from). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((parse(to) - parse(from)) / DAY_MS);

export function daysInMonth(day: string): number {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * The days after `from` and before `to` on which whole years counted from `start` grow (as
 * `completedYears` counts them: a 29 February's year is complete on 1 March in other years).
 */
export function anniversariesBetween(start: string, from: string, to: string): string[] {
  const days: string[] = [];
  const monthDay = start.slice(5);
  for (let year = Math.max(Number(start.slice(0, 4)) + 1, Number(from.slice(0, 4))); ; year++) {
    const y = String(year).padStart(4, '0');
    const day = monthDay === '02-29' && !isLeap(year) ? `${y}-03-01` : `${y}-${monthDay}`;
    if (day >= to) return days;
    if (day > from) days.push(day);
  }
}

/** The first day after `after` on which whole years counted from `start` grow. */
export function nextAnniversary(start: string, after: string): string {
  const year = Math.max(Number(start.slice(0, 4)) + 1, Number(after.slice(0, 4)));
  return anniversariesBetween(start, after, `${String(year + 2).padStart(4, '0')}-01-01`)[0]!;
}

/** An employee's days: hired, career start, left (each null when not set). */
export interface EmployeeDays {
  hireDate: string | null;
  careerStartDate: string | null;
  leaveDate: string | null;
}

/** Whether someone with these days is employed on `day` (no hire date: employed). */
export const employedOn = (days: Omit<EmployeeDays, 'careerStartDate'>, day: string): boolean =>
  (days.hireDate === null || days.hireDate <= day) && (days.leaveDate === null || days.leaveDate >= day);

/** An employee's own days after `from` and before `to` on which a figure may move. */
export function ownDaysBetween(days: EmployeeDays, from: string, to: string): string[] {
  const own = new Set<string>();
  const inside = (d: string) => d > from && d < to;
  if (days.hireDate) {
    if (inside(days.hireDate)) own.add(days.hireDate);
    for (const d of anniversariesBetween(days.hireDate, from, to)) own.add(d);
  }
  if (days.careerStartDate) for (const d of anniversariesBetween(days.careerStartDate, from, to)) own.add(d);
  if (days.leaveDate) {
    const gone = addDays(days.leaveDate, 1);
    if (inside(gone)) own.add(gone);
  }
  return [...own];
}

/** One employee priced as of a day: its id, its days, and whatever figures the caller sums. */
export interface PricedDay extends EmployeeDays {
  id: number;
}

/**
 * Prices the employees in scope as of a day: `ids` undefined → all of them, else only those.
 * On the first day every employee in scope is answered. After it, on a day for everyone, an
 * employee missing from the answer keeps the answer it had (its figures may go on in pieces);
 * on a day for `ids`, one missing counts as not employed from that day. An employee answered
 * with the very object it was last answered with keeps its stretch.
 */
export type PriceAsOf<T extends PricedDay> = (day: string, ids?: readonly number[]) => Promise<T[]>;

/**
 * The days a figure may move besides month starts and each employee's own days: `changeDays`
 * for everyone (a dated rule's first day), `employeeDays` for one employee (its version's first day).
 */
export interface ChangeDays {
  changeDays?: Iterable<string>;
  employeeDays?: Iterable<{ day: string; id: number }>;
}

/**
 * An answer's figures from a day on, until the next piece's day: an employee whose record holds
 * while the rules move keeps one answer, its figures in pieces (its profile's, day-pricing.service.ts).
 */
export interface Piece<F> {
  from: string;
  figures: F;
}

/**
 * Takes a stretch of days over which an employee (`answer`) was employed with the same
 * `figures`: `units`, the sum of each day's share of its month in 1/DAY_UNITS (a monthly figure ×
 * units is the stretch's amount in 1/DAY_UNITS cent; a whole number below 2^53); `days`, how many.
 */
export type OnSegment<T, F> = (answer: T, figures: F, units: number, days: number) => void;

/**
 * Pieces read through `map`, each piece mapped once: the same pieces array (a profile's, which
 * grows a piece at a time) answers the same mapped array, extended as it grows.
 */
export function mappedPieces<F, G>(
  map: (figures: F) => G,
): (pieces: readonly Piece<F>[]) => readonly Piece<G>[] {
  const mapped = new WeakMap<readonly Piece<F>[], Piece<G>[]>();
  return (pieces) => {
    let out = mapped.get(pieces);
    if (!out) {
      out = [];
      mapped.set(pieces, out);
    }
    for (let i = out.length; i < pieces.length; i++)
      out.push({ from: pieces[i]!.from, figures: map(pieces[i]!.figures) });
    return out;
  };
}

/** An answer that is its own figures, on every day. */
export const asItsFigures = <T>(answer: T): readonly Piece<T>[] => [{ from: '', figures: answer }];

/**
 * Everyone in scope priced on `from` and on each of `changeDays`; each employee again on its
 * own days (hired, left, anniversaries, its versions). Days outside (from, to) are ignored.
 * Each stretch an employee was employed with the same answer goes to `onSegment`, a piece of
 * its figures (`piecesOf`) at a time; answers every employee priced, as last priced.
 */
export async function sweepSegments<T extends PricedDay, F>(
  from: string,
  to: string,
  days: ChangeDays,
  price: PriceAsOf<T>,
  onSegment: OnSegment<T, F>,
  piecesOf: (answer: T) => readonly Piece<F>[],
): Promise<Map<number, T>> {
  const length = daysBetween(from, to);
  // weight[i]: units from `from` to the i-th day after it (a prefix sum of each day's share;
  // integers, exact in a double up to 2^53: ~2.4e10 years of days).
  const weight = new Float64Array(Math.max(length, 0) + 1);
  for (let i = 0; i < length; i++)
    weight[i + 1] = weight[i]! + DAY_UNITS_NUMBER / daysInMonth(addDays(from, i));
  // A day's place in the period, worked out once per day (the sweep asks for the same few days
  // for every employee).
  const places = new Map<string, number>();
  const placeOf = (day: string) => {
    let place = places.get(day);
    if (place === undefined) {
      place = daysBetween(from, day);
      places.set(day, place);
    }
    return place;
  };

  const last = new Map<number, T>();
  /**
   * Each employee's figures since a day (its last pricing; `since` its place, `employed` then),
   * a segment when they end; `seen`: the place of the last day it was priced.
   */
  const open = new Map<number, { since: number; employed: boolean; figures: T; seen: number }>();
  /** Each of the answer's pieces over [since, place), to `onSegment`. */
  const close = (o: { since: number; employed: boolean; figures: T }, place: number) => {
    if (!o.employed || place <= o.since) return;
    const pieces = piecesOf(o.figures);
    // Latest piece first: each ends where the one after it starts; the first one reaching back
    // to `since` is the last one read.
    let end = place;
    for (let i = pieces.length - 1; i >= 0; i--) {
      const piece = pieces[i]!;
      const at = piece.from === '' ? o.since : placeOf(piece.from);
      const start = Math.max(o.since, at);
      if (end > start) onSegment(o.figures, piece.figures, weight[end]! - weight[start]!, end - start);
      if (at <= o.since) break;
      end = Math.min(end, at);
    }
  };
  /** The answers of `day`: a new answer ends the stretch of the one before. */
  const take = (day: string, priced: T[]) => {
    const place = placeOf(day);
    for (const p of priced) {
      const o = open.get(p.id);
      const employed = employedOn(p, day);
      if (!o) {
        last.set(p.id, p);
        open.set(p.id, { since: place, employed, figures: p, seen: place });
        continue;
      }
      o.seen = place;
      // The same answer as before, employed (or not) as then: its stretch goes on.
      if (o.figures === p && o.employed === employed) continue;
      last.set(p.id, p);
      close(o, place);
      o.since = place;
      o.employed = employed;
      o.figures = p;
    }
    return place;
  };

  if (length <= 0) return last;
  const global = new Set<string>();
  for (const d of days.changeDays ?? []) if (d > from && d < to) global.add(d);
  take(from, await price(from));
  const own = new Map<string, Set<number>>();
  const ownDay = (d: string, id: number) => {
    if (d <= from || d >= to) return;
    const set = own.get(d);
    if (set) set.add(id);
    else own.set(d, new Set([id]));
  };
  for (const [id, p] of last) for (const d of ownDaysBetween(p, from, to)) ownDay(d, id);
  for (const { day, id } of days.employeeDays ?? []) if (last.has(id)) ownDay(day, id);
  for (const day of [...new Set([...global, ...own.keys()])].sort()) {
    const ids = [...(own.get(day) ?? [])].sort((a, b) => a - b);
    if (global.has(day)) {
      // A rule's day answers whose answer changed; the others keep theirs. Those whose own day
      // it is (hired, left) may start or stop being employed with the same answer.
      const place = take(day, await price(day));
      for (const id of ids) {
        const o = open.get(id);
        if (!o || o.seen === place) continue;
        o.seen = place;
        const employed = employedOn(o.figures, day);
        if (employed === o.employed) continue;
        close(o, place);
        o.since = place;
        o.employed = employed;
      }
    } else {
      // An own day answers for those asked; one not answered is not priced any more (gone from
      // the scope): nothing counts from this day.
      const place = take(day, await price(day, ids));
      for (const id of ids) {
        const o = open.get(id);
        if (o && o.seen !== place) {
          close(o, place);
          open.delete(id);
        }
      }
    }
  }
  for (const o of open.values()) close(o, length);
  return last;
}
