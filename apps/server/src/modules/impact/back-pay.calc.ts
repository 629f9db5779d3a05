import { asCents, type Cents } from '@salary/shared/common/money';
import {
  type ChangeDays,
  DAY_UNITS,
  ExactSum,
  type Piece,
  type PriceAsOf,
  type PricedDay,
  sweepSegments,
} from '../pricing/day-sweep.calc.ts';

/*
 * Back pay, the day arithmetic (no database): for a write effective from E before today, each
 * employee is owed, for every day d with E ≤ d < today on which they were employed,
 * (monthly figure after − monthly figure before, both as of d) ÷ days in d's month, summed and
 * rounded to the cent once (half away from zero).
 *
 * Exact: a day's share of a monthly figure is cents × (DAY_UNITS / days in the month) units of
 * 1/DAY_UNITS cent, an integer since DAY_UNITS is the lcm of 28, 29, 30 and 31. Sums are BigInt.
 *
 * The days priced and the day weights: pricing/day-sweep.calc.ts.
 */

export {
  addDays,
  anniversariesBetween,
  asItsFigures,
  type ChangeDays,
  DAY_UNITS,
  daysBetween,
  daysInMonth,
  employedOn,
  ownDaysBetween,
  type PriceAsOf,
} from '../pricing/day-sweep.calc.ts';

/** Monthly figures (null: not priced). */
export interface Owed {
  gross: Cents | null;
  cost: Cents | null;
}

/** One employee priced as of a day: its monthly figures and its days. */
export interface DayFigures extends PricedDay, Owed {}

/** What one side (before or after the write) sums per employee, in 1/DAY_UNITS cent. */
export interface SideSum<T> {
  gross: bigint;
  cost: bigint;
  /** The employee as last priced (names, for the answer). */
  last: T;
}

/**
 * One side's sums: each employee's gross and cost over the days of [from, to) it was employed,
 * its figures day to day as `piecesOf` its answer gives them.
 */
export async function sweep<T extends PricedDay, F extends Owed>(
  from: string,
  to: string,
  days: ChangeDays,
  price: PriceAsOf<T>,
  piecesOf: (answer: T) => readonly Piece<F>[],
): Promise<Map<number, SideSum<T>>> {
  const sums = new Map<number, { gross: ExactSum; cost: ExactSum }>();
  const onSegment = (answer: T, figures: F, units: number) => {
    let sum = sums.get(answer.id);
    if (!sum) {
      sum = { gross: new ExactSum(), cost: new ExactSum() };
      sums.set(answer.id, sum);
    }
    if (figures.gross !== null) sum.gross.add(figures.gross, units);
    if (figures.cost !== null) sum.cost.add(figures.cost, units);
  };
  const last = await sweepSegments(from, to, days, price, onSegment, piecesOf);
  const out = new Map<number, SideSum<T>>();
  for (const [id, p] of last) {
    const sum = sums.get(id);
    out.set(id, { gross: sum?.gross.value ?? 0n, cost: sum?.cost.value ?? 0n, last: p });
  }
  return out;
}

/** `units` / DAY_UNITS cents rounded to a whole cent, half away from zero. */
export function roundUnits(units: bigint): Cents {
  const negative = units < 0n;
  const size = negative ? -units : units;
  const whole = (size * 2n + DAY_UNITS) / (2n * DAY_UNITS);
  return asCents(Number(negative ? -whole : whole));
}

/** One employee's back pay: the sums' difference, rounded once. */
export interface OwedBackPay<T extends PricedDay> {
  id: number;
  gross: Cents;
  cost: Cents;
  /** The employee as last priced (after the write where priced then). */
  employee: T;
}

/** Each employee's back pay (after − before), those owed nothing in either figure left out. */
export function owed<T extends PricedDay>(
  before: Map<number, SideSum<T>>,
  after: Map<number, SideSum<T>>,
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
