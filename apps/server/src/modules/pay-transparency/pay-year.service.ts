import { asCents, fromCents } from '@salary/shared/common/money';
import { type Actor, canReadPayReport } from '@salary/shared/common/permissions';
import {
  type CategoryKind,
  FIRST_REPORT_YEAR,
  type PayReport,
  type PayStatement,
  YEAR_MESSAGE,
} from '@salary/shared/pay-transparency/pay-transparency.contract';
import { badRequest, forbidden, notFound } from '../../lib/app-error.ts';
import { dayPricer } from '../pricing/day-pricing.service.ts';
import {
  addDays,
  DAY_UNITS,
  employedOn,
  mappedPieces,
  type Piece,
  sweepSegments,
} from '../pricing/day-sweep.calc.ts';
import type { PricedEmployee, PricingService } from '../pricing/pricing.service.ts';
import { type AdjustedGapRow, adjustedGap } from './adjusted-gap.calc.ts';
import { categoryKeyOf, type EvaluationBands, evaluationCategoryName } from './evaluation-category.calc.ts';
import { categoryFigures, categoryName, roundDiv, splitRows } from './pay-gap.calc.ts';
import { payOf } from './pay-row.model.ts';
import type { PayTransparencyRepository } from './pay-transparency.repository.ts';
import {
  buildYearReport,
  HOURLY_SCALE,
  hourlyCents,
  hourlyOf,
  type MonthPay,
  reportDutyOf,
  type YearFigures,
  type YearSum,
  yearRowsOf,
  yearSums,
} from './pay-year.calc.ts';

/*
 * The pay report and a worker's statement for a calendar year: every day of it priced as the
 * day sweep prices (pricing/day-sweep.calc.ts: everyone on the year's first day and on each
 * rule change day, each employee again on its own days), summed by pay-year.calc.ts.
 */

/**
 * An employee as the year reads it: its record (names, what the adjusted gap holds equal) and
 * its pay from day to day (its profile's pieces, pricing/day-pricing.service.ts).
 */
interface DayOfYear extends YearFigures {
  employee: PricedEmployee['employee'];
  pieces: readonly Piece<Figures>[];
}

const dayOfYear = (e: PricedEmployee['employee'], pieces: readonly Piece<Figures>[]): DayOfYear => ({
  id: e.id,
  hireDate: e.hireDate,
  careerStartDate: e.careerStartDate,
  leaveDate: e.leaveDate,
  gender: e.gender ?? 'UNDISCLOSED',
  jobId: e.jobId,
  positionId: e.positionId,
  gradeId: e.gradeId,
  weeklyHours: e.weeklyHours,
  employee: e,
  pieces,
});

type Figures = Omit<PricedEmployee, 'employee'>;

/** A month's pay from the engine's figures: gross + benefits, and the basic wage (null: not priced). */
const monthPayOf = (f: Figures): MonthPay => {
  const pay = payOf(f);
  return pay === null ? { pay: null, basic: null } : { pay: asCents(pay), basic: f.basicWage };
};

/** What the adjusted gap reads of an employee. */
const regressionRowOf = (e: PricedEmployee['employee'], hourlyPay: number): AdjustedGapRow => ({
  id: e.id,
  female: e.gender === 'FEMALE',
  jobId: e.jobId,
  jobName: e.jobName,
  gradeId: e.gradeId,
  levelId: e.levelId,
  yearsExperience: e.yearsExperience,
  yearsWithCompany: e.yearsWithCompany,
  offshoreProject: e.offshoreProject,
  actingAsDifferentGrade: e.actingAsDifferentGrade,
  pillar: e.pillar,
  remote: e.remote,
  hourlyPay,
});

/** How far back a year goes: each of its days is priced, as back pay's are. */
const YEARS_BACK = 10;

export const PAY_REPORT_FORBIDDEN = 'You do not have permission to see salaries';

/** 1/scale cent as the API's decimal, rounded to the cent. */
const decimal = (value: bigint, scale: bigint) => fromCents(asCents(Number(roundDiv(value, scale))));

export function createPayYear(deps: {
  pricing: PricingService;
  repo: PayTransparencyRepository;
  minGroup: number;
  now: () => Date;
  company?: { get(): Promise<{ companyName: string | null }> };
  days?: {
    changeDays(from: string, to: string): Promise<string[]>;
    employeeDays(from: string, to: string): Promise<{ day: string; id: number }[]>;
    today(): Promise<string>;
  };
  evaluation?: { bands(): Promise<EvaluationBands> };
}) {
  const { pricing, minGroup } = deps;
  const requireReader = (actor: Actor) => {
    if (!canReadPayReport(actor)) throw forbidden(PAY_REPORT_FORBIDDEN);
  };

  /** Year `year` (absent: the last complete one) swept: each employee's sums, and its days. */
  async function sweepYear(kind: CategoryKind, year: number | undefined) {
    if (!deps.days) throw new Error('pay transparency: no days repository');
    const days = deps.days;
    const today = await days.today();
    const current = Number(today.slice(0, 4));
    const y = year ?? current - 1;
    if (y > current || y < current - YEARS_BACK) {
      const message =
        y > current ? `year must not be after ${current}` : `year must be ${current - YEARS_BACK} or later`;
      throw badRequest(message, [{ field: 'year', message: y > current ? message : YEAR_MESSAGE }]);
    }
    const from = `${y}-01-01`;
    const toDate = y === current;
    const to = toDate ? addDays(today, 1) : `${y + 1}-01-01`;
    const [changeDays, employeeDays, evaluation] = await Promise.all([
      days.changeDays(from, to),
      days.employeeDays(from, to),
      kind === 'evaluation' ? deps.evaluation?.bands() : undefined,
    ]);
    const sums = yearSums<DayOfYear>();
    const price = dayPricer(pricing, {
      versionDays: employeeDays,
      shape: dayOfYear,
    });
    const payOver = mappedPieces(monthPayOf);
    const priced = await sweepSegments(from, to, { changeDays, employeeDays }, price, sums.add, (d) =>
      payOver(d.pieces),
    );
    return { year: y, today, from, last: addDays(to, -1), toDate, sums: sums.sums, priced, evaluation };
  }

  /** The names of every job and grade someone was last employed in. */
  const namesOf = (sums: ReadonlyMap<number, YearSum<DayOfYear>>) => {
    const jobNames = new Map<number, string>();
    const gradeNames = new Map<number, string>();
    for (const { last } of sums.values()) {
      jobNames.set(last.jobId, last.employee.jobName);
      gradeNames.set(last.gradeId, last.employee.gradeName);
    }
    return { jobNames, gradeNames };
  };

  return {
    /**
     * The report for calendar year `year` (absent: the last complete one; the current one counts
     * to today): everyone employed on at least one day of it, each for the days employed, on
     * annual and on hourly pay; the headcount on 31 December and the report it asks for; the
     * adjusted gap. Admins and showSalary only.
     */
    async report(actor: Actor, kind: CategoryKind, year?: number): Promise<PayReport> {
      requireReader(actor);
      const [swept, justifications] = await Promise.all([
        sweepYear(kind, year),
        deps.repo.justifications(kind),
      ]);
      const { sums, from, last, evaluation } = swept;
      let headcount = 0;
      let joined = 0;
      let left = 0;
      const regression: AdjustedGapRow[] = [];
      for (const s of sums.values()) {
        const e = s.last;
        if (employedOn(e, last)) headcount++;
        if (e.hireDate !== null && e.hireDate >= from && e.hireDate <= last) joined++;
        if (e.leaveDate !== null && e.leaveDate >= from && e.leaveDate <= last) left++;
        if ((e.gender === 'FEMALE' || e.gender === 'MALE') && !s.unpriced && s.pay > 0n && s.hours > 0n)
          regression.push(regressionRowOf(e.employee, hourlyCents(s)));
      }
      const report = buildYearReport(sums, {
        kind,
        minGroup,
        ...namesOf(sums),
        justifications,
        generatedAt: deps.now().toISOString(),
        ...(evaluation ? { evaluation } : {}),
      });
      return {
        ...report,
        period: { year: swept.year, from, to: last, toDate: swept.toDate, joined, left },
        reportDuty: {
          ...reportDutyOf(headcount, swept.year, swept.today, FIRST_REPORT_YEAR),
          countedOn: last,
        },
        adjustedGap: adjustedGap(regression),
      };
    },

    /**
     * A worker's statement for calendar year `year` (Article 7): their annual and hourly pay over
     * the days they were employed in it, and the mean annual and hourly pay of women and of men
     * in their category (as last employed in the year), each for their own days.
     */
    async statement(actor: Actor, id: number, kind: CategoryKind, year?: number): Promise<PayStatement> {
      requireReader(actor);
      const swept = await sweepYear(kind, year);
      const own = swept.sums.get(id);
      if (!own) {
        const known = swept.priced.get(id);
        if (!known) throw notFound('Employee not found');
        throw badRequest(`${known.employee.name} was not employed in ${swept.year}`, [
          { field: 'year', message: `${known.employee.name} was not employed in ${swept.year}` },
        ]);
      }
      const e = own.last;
      const bands = swept.evaluation;
      const ownKey = categoryKeyOf(kind, e, bands);
      const inCategory = new Map(
        [...swept.sums].filter(([, s]) => ownKey !== null && categoryKeyOf(kind, s.last, bands) === ownKey),
      );
      const figuresOf = (hourly: boolean) => {
        const { priced } = splitRows(yearRowsOf(inCategory, hourly));
        return categoryFigures(
          { women: priced.filter((r) => r.female), men: priced.filter((r) => !r.female) },
          minGroup,
          hourly ? HOURLY_SCALE : DAY_UNITS,
        );
      };
      const annual = figuresOf(false);
      const hourly = figuresOf(true);
      const priced = !own.unpriced && own.hours > 0n;
      const money = (value: bigint, scale: bigint) => (priced ? decimal(value, scale) : null);
      const company = deps.company ? await deps.company.get() : undefined;
      return {
        date: swept.last,
        company: company ? company.companyName : null,
        employee: {
          id: e.id,
          name: e.employee.name,
          job: e.employee.jobName,
          position: e.employee.positionName,
          grade: e.employee.gradeName,
          level: e.employee.levelName,
        },
        pay: money(own.pay, DAY_UNITS),
        basicWage: money(own.basic, DAY_UNITS),
        complementary: money(own.pay - own.basic, DAY_UNITS),
        category: {
          kind,
          name:
            kind !== 'evaluation'
              ? categoryName(kind, namesOf(new Map([[id, own]])), e)
              : bands && ownKey !== null
                ? evaluationCategoryName(ownKey, bands)
                : 'Not scored',
          tooFew: annual.tooFew,
          meanPayFemale: annual.meanPayFemale,
          meanPayMale: annual.meanPayMale,
          hourly: { meanPayFemale: hourly.meanPayFemale, meanPayMale: hourly.meanPayMale },
        },
        minGroup,
        period: {
          year: swept.year,
          from: swept.from,
          to: swept.last,
          toDate: swept.toDate,
          daysEmployed: own.days,
        },
        hourly: {
          pay: priced ? decimal(hourlyOf(own.pay, own.hours), HOURLY_SCALE) : null,
          basicWage: priced ? decimal(hourlyOf(own.basic, own.hours), HOURLY_SCALE) : null,
          complementary: priced ? decimal(hourlyOf(own.pay - own.basic, own.hours), HOURLY_SCALE) : null,
          hours: Number(roundDiv(own.hours * 100n, 700n)) / 100,
        },
      };
    },
  };
}
