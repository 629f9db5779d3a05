import { asCents, type Cents } from '@salary/shared/common/money';

/*
 * Back pay, the day arithmetic (no database): for a write effective from E before today, each
 * employee is owed, for every day d with E ≤ d < today on which they were employed,
 * (monthly figure after − monthly figure before, both as of d) ÷ days in d's month, summed and
 * rounded to the cent once (half away from zero).
 *
 * Exact: a day's share of a monthly figure is cents × (DAY_UNITS / days in the month) units of
 * 1/DAY_UNITS cent, an integer since DAY_UNITS is the lcm of 28, 29, 30 and 31. Sums are BigInt.
 *
 * Not every day is priced: a figure only moves on a change day (a dated rule starts) or on one
 * of the employee's own days (a version of it starts, it is hired or leaves, a hire or career
 * anniversary: the derived years grow). `sweep` prices everyone in scope on `from` and on each
 * change day, and on an employee's own day only that employee; a month start moves no figure,
 * only the divisor, which the day weights carry.
 */

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

/** Whether someone with these days is employed on `day` (no hire date: employed). */
export const employedOn = (
  days: { hireDate: string | null; leaveDate: string | null },
  day: string,
): boolean =>
  (days.hireDate === null || days.hireDate <= day) && (days.leaveDate === null || days.leaveDate >= day);

/** An employee's own days after `from` and before `to` on which a figure may move. */
export function ownDaysBetween(
  days: { hireDate: string | null; careerStartDate: string | null; leaveDate: string | null },
  from: string,
  to: string,
): string[] {
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

/** One employee priced as of a day: its monthly figures (null: not priced) and its days. */
export interface DayFigures {
  id: number;
  gross: Cents | null;
  cost: Cents | null;
  hireDate: string | null;
  careerStartDate: string | null;
  leaveDate: string | null;
}

/** What one side (before or after the write) sums per employee, in 1/DAY_UNITS cent. */
export interface SideSum {
  gross: bigint;
  cost: bigint;
  /** The employee as last priced (names, for the answer). */
  last: DayFigures;
}

/**
 * Prices the employees in scope as of a day: `ids` undefined → all of them, else only those.
 * An employee missing from an answer counts as not employed that day.
 */
export type PriceAsOf<T extends DayFigures> = (day: string, ids?: readonly number[]) => Promise<T[]>;

/**
 * The days a figure may move besides month starts and each employee's own days: `changeDays`
 * for everyone (a dated rule's first day), `employeeDays` for one employee (its version's first day).
 */
export interface ChangeDays {
  changeDays?: Iterable<string>;
  employeeDays?: Iterable<{ day: string; id: number }>;
}

/**
 * One side's sums: everyone in scope priced on `from` and on each of `changeDays`; each
 * employee again on its own days (hired, left, anniversaries, its versions). Days outside
 * (from, to) are ignored.
 */
export async function sweep<T extends DayFigures>(
  from: string,
  to: string,
  days: ChangeDays,
  price: PriceAsOf<T>,
): Promise<Map<number, SideSum & { last: T }>> {
  const length = daysBetween(from, to);
  // weight[i]: units from `from` to the i-th day after it (a prefix sum of each day's share).
  const weight = new Float64Array(length + 1);
  for (let i = 0; i < length; i++)
    weight[i + 1] = weight[i]! + DAY_UNITS_NUMBER / daysInMonth(addDays(from, i));
  const at = (day: string) => weight[daysBetween(from, day)]!;

  const sums = new Map<number, SideSum & { last: T }>();
  /** Each employee's figures since a day (its last pricing), added to its sum when they end. */
  const open = new Map<number, { since: string; figures: T }>();
  const close = (id: number, day: string) => {
    const o = open.get(id);
    if (!o) return;
    open.delete(id);
    const sum = sums.get(id)!;
    if (!employedOn(o.figures, o.since)) return;
    const units = BigInt(at(day) - at(o.since));
    if (o.figures.gross !== null) sum.gross += BigInt(o.figures.gross) * units;
    if (o.figures.cost !== null) sum.cost += BigInt(o.figures.cost) * units;
  };
  const take = (day: string, priced: T[], all: boolean, ids?: readonly number[]) => {
    const seen = new Set<number>();
    for (const p of priced) {
      seen.add(p.id);
      close(p.id, day);
      const sum = sums.get(p.id);
      if (sum) sum.last = p;
      else sums.set(p.id, { gross: 0n, cost: 0n, last: p });
      open.set(p.id, { since: day, figures: p });
    }
    // Not priced any more (gone from the scope): nothing owed from this day.
    for (const id of all ? [...open.keys()] : (ids ?? [])) if (!seen.has(id)) close(id, day);
  };

  if (length <= 0) return sums;
  // A month start moves no figure, only the divisor: the weights (`at`) count each day's own month.
  const global = new Set<string>();
  for (const d of days.changeDays ?? []) if (d > from && d < to) global.add(d);
  take(from, await price(from), true);
  const own = new Map<string, Set<number>>();
  const ownDay = (d: string, id: number) => {
    if (global.has(d) || d <= from || d >= to) return;
    const set = own.get(d);
    if (set) set.add(id);
    else own.set(d, new Set([id]));
  };
  for (const [id, { last }] of sums) for (const d of ownDaysBetween(last, from, to)) ownDay(d, id);
  for (const { day, id } of days.employeeDays ?? []) if (sums.has(id)) ownDay(day, id);
  for (const day of [...new Set([...global, ...own.keys()])].sort()) {
    if (global.has(day)) take(day, await price(day), true);
    else {
      const ids = [...own.get(day)!].sort((a, b) => a - b);
      take(day, await price(day, ids), false, ids);
    }
  }
  for (const id of [...open.keys()]) close(id, to);
  return sums;
}

/** `units` / DAY_UNITS cents rounded to a whole cent, half away from zero. */
export function roundUnits(units: bigint): Cents {
  const negative = units < 0n;
  const size = negative ? -units : units;
  const whole = (size * 2n + DAY_UNITS) / (2n * DAY_UNITS);
  return asCents(Number(negative ? -whole : whole));
}

/** One employee's back pay: the sums' difference, rounded once. */
export interface OwedBackPay<T extends DayFigures> {
  id: number;
  gross: Cents;
  cost: Cents;
  /** The employee as last priced (after the write where priced then). */
  employee: T;
}

/** Each employee's back pay (after − before), those owed nothing in either figure left out. */
export function owed<T extends DayFigures>(
  before: Map<number, SideSum & { last: T }>,
  after: Map<number, SideSum & { last: T }>,
): OwedBackPay<T>[] {
  const list: OwedBackPay<T>[] = [];
  for (const id of new Set([...before.keys(), ...after.keys()])) {
    const b = before.get(id);
    const a = after.get(id);
    const gross = roundUnits((a?.gross ?? 0n) - (b?.gross ?? 0n));
    const cost = roundUnits((a?.cost ?? 0n) - (b?.cost ?? 0n));
    if (gross === 0 && cost === 0) continue;
    list.push({ id, gross, cost, employee: (a ?? b)!.last });
  }
  return list;
}
