import { todayIn } from '@salary/shared/common/calendar-day';
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
import { addDays, employedOn as employedThatDay, sweepSegments } from '../pricing/day-sweep.calc.ts';
import type { PricedEmployee, PricingService, RowFilters } from '../pricing/pricing.service.ts';
import { type AdjustedGapRow, adjustedGap } from './adjusted-gap.calc.ts';
import { categoryKeyOf, type EvaluationBands, evaluationCategoryName } from './evaluation-category.calc.ts';
import { buildPayReport, categoryFigures, categoryName, type PayRow, splitRows } from './pay-gap.calc.ts';
import type { PayTransparencyRepository } from './pay-transparency.repository.ts';
import { buildYearReport, hourlyCents, reportDutyOf, type YearFigures, yearSums } from './pay-year.calc.ts';

/*
 * The report and the statements read the same priced figures as the directory: the pricing
 * service's bulk path (rows and rules in one statement), never a second formula.
 */

export const PAY_REPORT_FORBIDDEN = 'You do not have permission to see salaries';

/** A month's row: money in cents. */
type MonthRow = PayRow & { pay: number | null; basic: number | null };

/** A priced employee as the report reads it: pay = gross + benefits, basic = adjusted salary. */
export function payRowOf(p: PricedEmployee): MonthRow {
  const e = p.employee;
  const priced = p.calculatedSalary !== null && p.basicWage !== null;
  return {
    id: e.id,
    gender: e.gender ?? 'UNDISCLOSED',
    jobId: e.jobId,
    positionId: e.positionId,
    gradeId: e.gradeId,
    pay: priced ? p.calculatedSalary! + (p.benefits ?? 0) : null,
    basic: priced ? p.basicWage! : null,
  };
}

/** An employee as a day of the year's report reads it: its pay and what the adjusted gap holds equal. */
interface DayOfYear extends YearFigures, Omit<AdjustedGapRow, 'female' | 'hourlyPay'> {}

const dayOfYear = ({ employee: e, ...p }: PricedEmployee): DayOfYear => {
  const row = payRowOf({ employee: e, ...p });
  return {
    id: e.id,
    hireDate: e.hireDate,
    careerStartDate: e.careerStartDate,
    leaveDate: e.leaveDate,
    gender: row.gender,
    jobId: e.jobId,
    positionId: e.positionId,
    jobName: e.jobName,
    gradeId: e.gradeId,
    levelId: e.levelId,
    pay: row.pay === null ? null : asCents(row.pay),
    basic: row.basic === null ? null : asCents(row.basic),
    weeklyHours: e.weeklyHours,
    yearsExperience: e.yearsExperience,
    yearsWithCompany: e.yearsWithCompany,
    offshoreProject: e.offshoreProject,
    actingAsDifferentGrade: e.actingAsDifferentGrade,
    pillar: e.pillar,
    remote: e.remote,
  };
};

/** How far back a year's report goes: each of its days is priced, as back pay's are. */
const YEARS_BACK = 10;

const namesOf = (priced: PricedEmployee[]) => {
  const jobNames = new Map<number, string>();
  const gradeNames = new Map<number, string>();
  for (const { employee: e } of priced) {
    jobNames.set(e.jobId, e.jobName);
    gradeNames.set(e.gradeId, e.gradeName);
  }
  return { jobNames, gradeNames };
};

export function createPayTransparencyService(deps: {
  pricing: PricingService;
  repo: PayTransparencyRepository;
  minGroup: number;
  /** The employer the statement names: the company record's name (COMPANY_NAME until saved). */
  company?: { get(): Promise<{ companyName: string | null; timeZone: string }> };
  now?: () => Date;
  /** `asOf` when it names another day than the company's today; today or none: undefined. */
  otherDay?: (asOf: string | undefined) => Promise<string | undefined>;
  /** The days within a period on which figures may move (the year's report), and the company's today. */
  days?: {
    changeDays(from: string, to: string): Promise<string[]>;
    employeeDays(from: string, to: string): Promise<{ day: string; id: number }[]>;
    today(): Promise<string>;
  };
  /** The job evaluation's scores and bands (the `evaluation` categories). */
  evaluation?: { bands(): Promise<EvaluationBands> };
}) {
  const { pricing, repo, minGroup } = deps;
  const now = deps.now ?? (() => new Date());
  const requireReader = (actor: Actor) => {
    if (!canReadPayReport(actor)) throw forbidden(PAY_REPORT_FORBIDDEN);
  };
  /** The employees matching `filters` as of `asOf` (today: the cached list), employed that day. */
  const employedOn = async (filters: RowFilters, asOf: string | undefined) => {
    const day = deps.otherDay ? await deps.otherDay(asOf) : asOf;
    const { employees } = await pricing.priceEmployees(
      day === undefined ? filters : { ...filters, asOf: day },
    );
    return employees.filter((p) => p.employee.employmentStatus === 'ACTIVE');
  };

  return {
    /**
     * Indicators (a)–(g) over every employee employed on `asOf` (absent: today; leavers and
     * hires still to start do not count), each as of that day; admins and showSalary only.
     */
    async report(actor: Actor, kind: CategoryKind, asOf?: string): Promise<PayReport> {
      requireReader(actor);
      const [employees, justifications, evaluation] = await Promise.all([
        employedOn({}, asOf),
        repo.justifications(kind),
        kind === 'evaluation' ? deps.evaluation?.bands() : undefined,
      ]);
      const rows = new Array<PayRow>(employees.length);
      for (let i = 0; i < rows.length; i++) rows[i] = payRowOf(employees[i]!);
      return buildPayReport(rows, {
        kind,
        minGroup,
        ...namesOf(employees),
        justifications,
        generatedAt: now().toISOString(),
        ...(evaluation ? { evaluation } : {}),
      });
    },

    /**
     * The report for calendar year `year` (absent: the last complete one; the current one counts
     * to today): everyone employed on at least one day of it, each for the days employed, on
     * annual and on hourly pay (pay-year.calc.ts); the headcount on 31 December and the report
     * it asks for; the adjusted gap. Admins and showSalary only.
     */
    async yearReport(actor: Actor, kind: CategoryKind, year?: number): Promise<PayReport> {
      requireReader(actor);
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
      const last = addDays(to, -1);
      const [changeDays, employeeDays, justifications, evaluation] = await Promise.all([
        days.changeDays(from, to),
        days.employeeDays(from, to),
        repo.justifications(kind),
        kind === 'evaluation' ? deps.evaluation?.bands() : undefined,
      ]);
      const year_ = yearSums<DayOfYear>();
      const jobNames = new Map<number, string>();
      const gradeNames = new Map<number, string>();
      await sweepSegments(
        from,
        to,
        { changeDays, employeeDays },
        async (day, ids) => {
          const read = await pricing.priceEmployees({ asOf: day, ...(ids ? { ids } : {}) });
          return read.employees.map((p) => {
            jobNames.set(p.employee.jobId, p.employee.jobName);
            gradeNames.set(p.employee.gradeId, p.employee.gradeName);
            return dayOfYear(p);
          });
        },
        year_.add,
      );
      const sums = year_.sums;
      let headcount = 0;
      let joined = 0;
      let left = 0;
      const regression: AdjustedGapRow[] = [];
      for (const s of sums.values()) {
        const e = s.last;
        if (employedThatDay(e, last)) headcount++;
        if (e.hireDate !== null && e.hireDate >= from && e.hireDate <= last) joined++;
        if (e.leaveDate !== null && e.leaveDate >= from && e.leaveDate <= last) left++;
        if ((e.gender === 'FEMALE' || e.gender === 'MALE') && !s.unpriced && s.pay > 0n && s.hours > 0n)
          regression.push({ ...e, female: e.gender === 'FEMALE', hourlyPay: hourlyCents(s) });
      }
      const report = buildYearReport(sums, {
        kind,
        minGroup,
        jobNames,
        gradeNames,
        justifications,
        generatedAt: now().toISOString(),
        ...(evaluation ? { evaluation } : {}),
      });
      return {
        ...report,
        period: { year: y, from, to: last, toDate, joined, left },
        reportDuty: { ...reportDutyOf(headcount, y, today, FIRST_REPORT_YEAR), countedOn: last },
        adjustedGap: adjustedGap(regression),
      };
    },

    /**
     * A worker's statement (Article 7): their pay, basic wage and complementary components, and
     * the mean pay of women and of men in their category (or too few to report) — all as of
     * `asOf` (absent: today), the category counting those employed that day.
     */
    async statement(
      actor: Actor,
      id: number,
      kind: CategoryKind = 'job-grade',
      asOf?: string,
    ): Promise<PayStatement> {
      requireReader(actor);
      const day = deps.otherDay ? await deps.otherDay(asOf) : asOf;
      const [self] = (await pricing.priceEmployees(day === undefined ? { id } : { id, asOf: day })).employees;
      if (!self) throw notFound('Employee not found');
      const e = self.employee;
      const filters =
        kind === 'grade'
          ? { gradeId: e.gradeId }
          : kind === 'job-grade'
            ? { jobId: e.jobId, gradeId: e.gradeId }
            : {};
      const bands = kind === 'evaluation' ? await deps.evaluation?.bands() : undefined;
      const ownKey = categoryKeyOf(kind, e, bands);
      const employees = (await employedOn(filters, day)).filter(
        (p) =>
          kind !== 'evaluation' || (ownKey !== null && categoryKeyOf(kind, p.employee, bands) === ownKey),
      );
      const { priced } = splitRows(employees.map(payRowOf));
      const figures = categoryFigures(
        { women: priced.filter((r) => r.female), men: priced.filter((r) => !r.female) },
        minGroup,
      );
      const own = payRowOf(self);
      const company = deps.company ? await deps.company.get() : undefined;
      const decimalOf = (c: number | null) => (c === null ? null : fromCents(asCents(c)));
      return {
        // The day it is as of; else the company's today (its time zone's), UTC's without a company record.
        date: day ?? (company ? todayIn(company.timeZone, now()) : now().toISOString().slice(0, 10)),
        company: company ? company.companyName : null,
        employee: {
          id: e.id,
          name: e.name,
          job: e.jobName,
          position: e.positionName,
          grade: e.gradeName,
          level: e.levelName,
        },
        pay: decimalOf(own.pay),
        basicWage: decimalOf(own.basic),
        complementary: own.pay === null || own.basic === null ? null : decimalOf(own.pay - own.basic),
        category: {
          kind,
          name:
            kind !== 'evaluation'
              ? categoryName(kind, namesOf([self]), e)
              : bands && ownKey !== null
                ? evaluationCategoryName(ownKey, bands)
                : 'Not scored',
          tooFew: figures.tooFew,
          meanPayFemale: figures.meanPayFemale,
          meanPayMale: figures.meanPayMale,
        },
        minGroup,
      };
    },
  };
}

export type PayTransparencyService = ReturnType<typeof createPayTransparencyService>;
