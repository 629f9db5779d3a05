import type { Cents } from '@salary/shared/common/money';
import type { Gender } from '@salary/shared/employees/employee-fields';
import { hundredthsOfHours } from '@salary/shared/employees/fields/hours';
import type { PayReport } from '@salary/shared/pay-transparency/pay-transparency.contract';
import { DAY_UNITS, ExactSum, type PricedDay } from '../pricing/day-sweep.calc.ts';
import { buildPayReport, isFlagged, type PayRow, type ReportContext, roundDiv } from './pay-gap.calc.ts';

/*
 * The pay report for a calendar year, pure: each employee's segments (stretches of days with the
 * same figures, pricing/day-sweep.calc.ts) summed into annual pay and contracted hours, then the
 * indicators on both. Definitions and a worked example: docs/pay-transparency.md.
 *
 * - Annual pay = Σ over the days employed of that day's monthly pay ÷ the days of its month:
 *   exact, in 1/DAY_UNITS cent.
 * - Hours = Σ over the days employed of that day's weekly hours ÷ 7; hourly pay = annual pay ÷
 *   hours, kept to 1/HOURLY_SCALE cent (a billionth of a cent: every figure shown is rounded
 *   from it to the cent or to 0.1%, far coarser).
 */

/** Hourly pay is kept in 1/HOURLY_SCALE cent. */
export const HOURLY_SCALE = 1_000_000_000n;

/** One employee as the year's report reads it (its pay: `MonthPay`, day to day). */
export interface YearFigures extends PricedDay {
  gender: Gender;
  jobId: number;
  positionId: number;
  gradeId: number;
  /** Contracted hours a week (two decimals). */
  weeklyHours: number;
}

/** An employee's pay a month, as of a day. */
export interface MonthPay {
  /** Gross + benefits a month, cents (null: not priced that day). */
  pay: Cents | null;
  /** The basic wage a month, cents. */
  basic: Cents | null;
}

/** One employee's year: sums over the days employed. */
export interface YearSum<T extends YearFigures> {
  /** Annual pay and basic wage, 1/DAY_UNITS cent. */
  pay: bigint;
  basic: bigint;
  /** Σ weekly hours in hundredths × days: hours in the year × 700. */
  hours: bigint;
  days: number;
  /** Not priced on some day employed (no base salary): left out of the figures, counted. */
  unpriced: boolean;
  /** Received complementary components (pay above the basic wage) on some day. */
  receives: boolean;
  /** As last employed in the year: gender and category are read from it. */
  last: T;
}

/** A year as it is summed: exact sums, read as a `YearSum` once all segments are in. */
class YearTally<T extends YearFigures> {
  readonly pay = new ExactSum();
  readonly basic = new ExactSum();
  readonly hours = new ExactSum();
  days = 0;
  unpriced = false;
  receives = false;
  constructor(public last: T) {}

  get sum(): YearSum<T> {
    const { days, unpriced, receives, last } = this;
    return {
      pay: this.pay.value,
      basic: this.basic.value,
      hours: this.hours.value,
      days,
      unpriced,
      receives,
      last,
    };
  }
}

/** Adds each segment to its employee's year; `sums` reads the years once the sweep is done. */
export function yearSums<T extends YearFigures>() {
  const tallies = new Map<number, YearTally<T>>();
  return {
    get sums(): Map<number, YearSum<T>> {
      const out = new Map<number, YearSum<T>>();
      for (const [id, t] of tallies) out.set(id, t.sum);
      return out;
    },
    add(e: T, f: MonthPay, units: number, days: number) {
      let t = tallies.get(e.id);
      if (!t) {
        t = new YearTally(e);
        tallies.set(e.id, t);
      }
      t.last = e;
      t.days += days;
      t.hours.add(hundredthsOfHours(e.weeklyHours), days);
      if (f.pay === null || f.basic === null) {
        t.unpriced = true;
        return;
      }
      t.pay.add(f.pay, units);
      t.basic.add(f.basic, units);
      if (f.pay > f.basic) t.receives = true;
    },
  };
}

/** Cents an hour of an annual amount (1/DAY_UNITS cent) over hours × 700, in 1/HOURLY_SCALE cent. */
export const hourlyOf = (annual: bigint, hours: bigint): bigint =>
  roundDiv(annual * 700n * HOURLY_SCALE, DAY_UNITS * hours);

/** Cents an hour as a number (the adjusted gap's regression reads it). */
export const hourlyCents = (sum: YearSum<YearFigures>): number =>
  (Number(sum.pay) * 700) / (Number(DAY_UNITS) * Number(sum.hours));

/** The report's rows: annual pay (1/DAY_UNITS cent), or hourly (1/HOURLY_SCALE cent). */
export function yearRowsOf<T extends YearFigures>(
  sums: ReadonlyMap<number, YearSum<T>>,
  hourly: boolean,
): PayRow[] {
  const rows: PayRow[] = [];
  for (const [id, s] of sums) {
    const priced = !s.unpriced && s.hours > 0n;
    rows.push({
      id,
      gender: s.last.gender,
      jobId: s.last.jobId,
      positionId: s.last.positionId,
      gradeId: s.last.gradeId,
      pay: priced ? (hourly ? hourlyOf(s.pay, s.hours) : s.pay) : null,
      basic: priced ? (hourly ? hourlyOf(s.basic, s.hours) : s.basic) : null,
      receives: s.receives,
    });
  }
  return rows;
}

/** Which report a headcount on 31 December asks for: Article 9's steps, from the year it counts. */
export function reportDutyOf(
  headcount: number,
  year: number,
  today: string,
  firstYear: number,
): NonNullable<PayReport['reportDuty']> & { countedOn: string } {
  const countedOn = `${year}-12-31`;
  // Reports cover a calendar year and are due by 7 June of the next one.
  const dueBy = (covered: number) => `${covered + 1}-06-07`;
  const next = (start: number, step: number) => {
    let covered = Math.max(start, year);
    covered += (step - ((covered - start) % step)) % step;
    while (dueBy(covered) < today) covered += step;
    return { year: covered, dueBy: dueBy(covered) };
  };
  const words = (d: string) =>
    new Date(`${d}T00:00:00Z`).toLocaleDateString('en-GB', {
      timeZone: 'UTC',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
  const at = `${headcount} ${headcount === 1 ? 'worker' : 'workers'} on ${words(countedOn)}`;
  if (headcount < 100)
    return {
      headcount,
      countedOn,
      every: null,
      next: null,
      text: `${at}: under 100, no pay gap report is required (one may be published voluntarily).`,
    };
  const [every, start, band] =
    headcount >= 250
      ? (['year', firstYear, '250 or more'] as const)
      : headcount >= 150
        ? (['three years', firstYear, '150 to 249'] as const)
        : (['three years', firstYear + 4, '100 to 149'] as const);
  const due = next(start, every === 'year' ? 1 : 3);
  return {
    headcount,
    countedOn,
    every,
    next: due,
    text: `${at} (${band}): a report every ${every}. Next: the report for ${due.year}, due by ${words(due.dueBy)}.`,
  };
}

/**
 * The indicators on annual pay (the report's own figures) and on hourly pay (`hourly`, each
 * category's `hourly`), quartiles on hourly pay; a category is flagged by its hourly gap.
 */
export function buildYearReport<T extends YearFigures>(
  sums: ReadonlyMap<number, YearSum<T>>,
  ctx: ReportContext,
): Pick<PayReport, Exclude<keyof PayReport, 'period' | 'reportDuty' | 'adjustedGap'>> {
  const annual = buildPayReport(yearRowsOf(sums, false), { ...ctx, scale: DAY_UNITS });
  const hourly = buildPayReport(yearRowsOf(sums, true), { ...ctx, scale: HOURLY_SCALE });
  const annualByKey = new Map(annual.categories.map((c) => [c.key, c]));
  return {
    ...annual,
    quartiles: hourly.quartiles,
    hourly: {
      meanPay: hourly.meanPay,
      medianPay: hourly.medianPay,
      meanComplementary: hourly.meanComplementary,
      medianComplementary: hourly.medianComplementary,
    },
    // The hourly report's order: flagged (by the hourly gap) first.
    categories: hourly.categories.map((h) => ({
      ...annualByKey.get(h.key)!,
      flagged: isFlagged(h.payGap),
      hourly: {
        meanPayFemale: h.meanPayFemale,
        meanPayMale: h.meanPayMale,
        payGap: h.payGap,
        basicWageGap: h.basicWageGap,
        complementaryGap: h.complementaryGap,
      },
    })),
  };
}
