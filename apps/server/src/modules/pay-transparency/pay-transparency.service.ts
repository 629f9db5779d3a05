import { todayIn } from '@salary/shared/common/calendar-day';
import { asCents, fromCents } from '@salary/shared/common/money';
import { type Actor, canReadPayReport } from '@salary/shared/common/permissions';
import type {
  CategoryKind,
  PayReport,
  PayStatement,
} from '@salary/shared/pay-transparency/pay-transparency.contract';
import { forbidden, notFound } from '../../lib/app-error.ts';
import type { PricedEmployee, PricingService, RowFilters } from '../pricing/pricing.service.ts';
import { categoryKeyOf, type EvaluationBands, evaluationCategoryName } from './evaluation-category.calc.ts';
import { buildPayReport, categoryFigures, categoryName, type PayRow, splitRows } from './pay-gap.calc.ts';
import { payRowOf } from './pay-row.model.ts';
import type { PayTransparencyRepository } from './pay-transparency.repository.ts';
import { createPayYear, PAY_REPORT_FORBIDDEN } from './pay-year.service.ts';

/*
 * The report and the statements read the same priced figures as the directory: the pricing
 * service's bulk path (rows and rules in one statement), never a second formula.
 */

export { PAY_REPORT_FORBIDDEN, payRowOf };

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
  const year = createPayYear({ ...deps, now });
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

    /** The report for a calendar year (pay-year.service.ts). */
    yearReport: year.report,

    /** A worker's statement for a calendar year (pay-year.service.ts). */
    yearStatement: year.statement,

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
