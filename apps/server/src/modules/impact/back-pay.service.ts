import { type Cents, fromCents, sumCents } from '@salary/shared/common/money';
import type { EmployeeFilters } from '@salary/shared/employees/employee.contract';
import { BACK_PAY_LISTED, type BackPay, type BackPayEmployee } from '@salary/shared/impact/impact.contract';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../lib/app-error.ts';
import type { RepositoryOn, UnitOfWork } from '../../lib/unit-of-work.ts';
import { dayPricer } from '../pricing/day-pricing.service.ts';
import { mappedPieces, type Piece, type PricedDay } from '../pricing/day-sweep.calc.ts';
import type { PricedEmployee, PricingService } from '../pricing/pricing.service.ts';
import { addDays, owed, sweep } from './back-pay.calc.ts';
import type { BackPayRepository } from './back-pay.repository.ts';

/*
 * Back pay of a write dated in the past (back-pay.calc.ts for the arithmetic): the employees
 * in scope priced as of the days of the period before the write and again after it, in the
 * write's own transaction. Only `priceEmployees({ asOf })` says what a day's figures are, so
 * dated rules count once pricing reads them.
 */

/** Whose pay the write may move: everyone (a rule), or these employees. */
export type BackPayScope = 'all' | readonly number[];

/** The (grade, level) and (job, position) pairs a rule write names, and its stored rows. */
export type RulePairs = Parameters<BackPayRepository['employeesOn']>[0];

/** The pairs of a base salary's or factor's filters ({ gradeId, levelId } or { jobId, positionId }). */
export function pairsOfFilters(filters: readonly EmployeeFilters[]): RulePairs | undefined {
  const pairs: RulePairs = { gradeLevels: [], jobPositions: [], baseSalaryIds: [], factorIds: [] };
  for (const f of filters) {
    if (f.gradeId !== undefined && f.levelId !== undefined) pairs.gradeLevels.push([f.gradeId, f.levelId]);
    else if (f.jobId !== undefined && f.positionId !== undefined)
      pairs.jobPositions.push([f.jobId, f.positionId]);
    else return undefined;
  }
  return pairs;
}

/** An employee as back pay keeps it: its names too (the download's rows), its figures day to day. */
interface Named extends PricedDay {
  name: string;
  jobName: string;
  gradeName: string;
  pieces: readonly Piece<Figures>[];
}

type Figures = Omit<PricedEmployee, 'employee'>;

/** One employee's back pay as the audit entry keeps it: both figures, money as decimals. */
export interface StoredBackPayEmployee {
  id: number;
  name: string;
  jobName: string;
  gradeName: string;
  gross: number;
  cost: number;
}

/** A write's back pay as its audit entry keeps it (`details.backPay`): every employee owed. */
export interface StoredBackPay {
  from: string;
  to: string;
  totals: { gross: number; cost: number };
  employees: StoredBackPayEmployee[];
}

/** Largest first: by gross, else cost, else id. */
const largestFirst = (a: StoredBackPayEmployee, b: StoredBackPayEmployee) =>
  Math.abs(b.gross) - Math.abs(a.gross) || Math.abs(b.cost) - Math.abs(a.cost) || a.id - b.id;

/** A stored back pay for a viewer: gross with showSalary, cost with showCost, the first 50. */
export function backPayFor(stored: StoredBackPay, see: { salary: boolean; cost: boolean }): BackPay {
  const figures = (f: { gross: number; cost: number }) => ({
    ...(see.salary ? { gross: f.gross } : {}),
    ...(see.cost ? { cost: f.cost } : {}),
  });
  return {
    from: stored.from,
    to: stored.to,
    employees: stored.employees
      .slice(0, BACK_PAY_LISTED)
      .map((e): BackPayEmployee => ({ id: e.id, name: e.name, ...figures(e) })),
    employeeCount: stored.employees.length,
    totals: figures(stored.totals),
  };
}

/** Whether an audit entry's details hold a back pay (`details.backPay`). */
export function storedBackPayOf(details: unknown): StoredBackPay | undefined {
  const found = (details as { backPay?: StoredBackPay } | null | undefined)?.backPay;
  return found && Array.isArray(found.employees) ? found : undefined;
}

/** How far back a write may be dated: ten years (back pay beyond that is time-barred anyway). */
const BACK_PAY_DAYS_MAX = 3653;
export const EFFECTIVE_FROM_TOO_EARLY = 'Effective From must be within ten years before today';

/**
 * 400 naming effectiveFrom when `from` is more than ten years before `today`: back pay is
 * counted day by day, and a day centuries back would hold the write lock for hours.
 */
export function assertBackPayReach(from: string, today: string): void {
  if (from < addDays(today, -BACK_PAY_DAYS_MAX))
    throw badRequest(EFFECTIVE_FROM_TOO_EARLY, [
      { field: 'effectiveFrom', message: EFFECTIVE_FROM_TOO_EARLY },
    ]);
}

export function createBackPayService(deps: {
  pricing: PricingService;
  repo: RepositoryOn<BackPayRepository>;
}) {
  const { pricing } = deps;

  /** One side: each employee's sums over [from, to) as the database reads on `tx` now. */
  async function side(tx: DbOrTx, from: string, to: string, scope: BackPayScope) {
    const repo = deps.repo(tx);
    const ids = scope === 'all' ? undefined : scope;
    const [changeDays, employeeDays] = await Promise.all([
      repo.changeDays(from, to),
      repo.employeeDays(from, to, ids),
    ]);
    const price = dayPricer<Named>(pricing, {
      versionDays: employeeDays,
      tx,
      ...(ids ? { scope: ids } : {}),
      shape: (e, pieces) => ({
        id: e.id,
        hireDate: e.hireDate,
        careerStartDate: e.careerStartDate,
        leaveDate: e.leaveDate,
        name: e.name,
        jobName: e.jobName,
        gradeName: e.gradeName,
        pieces,
      }),
    });
    const owedOf = mappedPieces((f: Figures) => ({ gross: f.calculatedSalary, cost: f.accumulatedCost }));
    return sweep(from, to, { changeDays, employeeDays }, price, (n: Named) => owedOf(n.pieces));
  }

  return {
    /** The company's today, on the write's transaction. */
    today: (tx?: DbOrTx) => deps.repo(tx).today(),

    /** The employees ever on these pairs (a base salary's or factor's write moves only them). */
    employeesOn: (tx: DbOrTx, pairs: RulePairs) => deps.repo(tx).employeesOn(pairs),

    /**
     * Runs `write` in `uow` and answers what it owes for the days from `from` to yesterday
     * (undefined when `from` is today or later: nothing is owed, the write alone runs). The
     * employees in `scope` are priced as of the period's days before and after it. A `write`
     * that answers false was refused: nothing is owed.
     */
    async backPayOf(
      uow: UnitOfWork,
      from: string,
      scope: BackPayScope,
      write: () => Promise<unknown>,
    ): Promise<StoredBackPay | undefined> {
      const today = await deps.repo(uow.tx).today();
      assertBackPayReach(from, today);
      if (from >= today || (scope !== 'all' && scope.length === 0)) {
        await write();
        return undefined;
      }
      const before = await side(uow.tx, from, today, scope);
      if ((await write()) === false) return undefined;
      const after = await side(uow.tx, from, today, scope);
      const list = owed(before, after);
      const employees = list
        .map(
          ({ id, gross, cost, employee }): StoredBackPayEmployee => ({
            id,
            name: employee.name,
            jobName: employee.jobName,
            gradeName: employee.gradeName,
            gross: fromCents(gross),
            cost: fromCents(cost),
          }),
        )
        .sort(largestFirst);
      const total = (figures: Cents[]) => fromCents(sumCents(figures));
      return {
        from,
        to: addDays(today, -1),
        totals: { gross: total(list.map((e) => e.gross)), cost: total(list.map((e) => e.cost)) },
        employees,
      };
    },
  };
}

export type BackPayService = ReturnType<typeof createBackPayService>;
