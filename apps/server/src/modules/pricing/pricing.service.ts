import { calculateSalary, calculateWithPrepared } from '@salary/salary-engine/calculate-salary';
import { SalaryEngineError } from '@salary/salary-engine/salary-engine-error';
import type { SalaryProfile, SalaryResult } from '@salary/salary-engine/salary-types';
import type { Settings } from '@salary/shared/settings/settings.contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { SnapshotCache } from '../../lib/snapshot-cache.ts';
import type {
  EmployeeRecord,
  FactorRecord,
  ListPage,
  PricingRepository,
  ReferenceIds,
  References,
  RowFilters,
  StoredRules,
  WholeList,
} from './pricing.repository.ts';
import { narrowsRows } from './pricing.repository.ts';
import { type CustomMultiplierRule, engineRules, RuleBook } from './salary-rules.ts';

/*
 * The one room where salaries are priced: the calculator's what-if profile, the employee
 * list, the export, and whatever needs "every employee priced" (impact previews, pay
 * history). Every read takes an optional transaction, so a writer can price what it is
 * about to commit, before and after its change.
 */

export const BASE_SALARY_NOT_FOUND = 'BASE_SALARY_NOT_FOUND';

/** Turns the engine's refusals into API errors: a missing base salary is a 422, bad numbers a 400. */
export function engineErrorToAppError(error: unknown): unknown {
  if (!(error instanceof SalaryEngineError)) return error;
  if (error.code === 'BASE_SALARY_NOT_FOUND') return new AppError(422, BASE_SALARY_NOT_FOUND, error.message);
  return badRequest(error.message.replace(/^Invalid salary input: /, ''));
}

/** One employee and its figures: gross pay and total cost to the company, null without a base salary. */
export interface PricedEmployee {
  employee: EmployeeRecord;
  calculatedSalary: number | null;
  accumulatedCost: number | null;
  /** Base salary + job/position adjustment (the engine's `adjustedSalary`): the ordinary basic wage. */
  basicWage: number | null;
  /** The benefits' amount (pay in kind, on top of gross; part of the cost). */
  benefits: number | null;
  /** The company's share of social insurance (the rest of the cost beyond gross and benefits). */
  companyInsurance: number | null;
}

/** A profile to price as the calculator sees it: references, years, flags and what-if choices. */
export interface PricingProfile extends ReferenceIds, SalaryProfile {
  /** Which stored benefits count; all of them when absent. */
  benefitSelected?: (name: string) => boolean;
  customMultipliers?: CustomMultiplierRule[];
  applySocialInsurance?: boolean;
}

/** The field each reference is reported on (the employee form calls them differently). */
export type ReferenceFieldNames = Record<keyof ReferenceIds, string>;

const DEFAULT_FIELD_NAMES: ReferenceFieldNames = {
  jobId: 'jobId',
  positionId: 'positionId',
  gradeId: 'gradeId',
  levelId: 'levelId',
};

/** Throws the 400 that names each missing or mismatched reference. */
function assertReferences(refs: References, ids: ReferenceIds, fieldNames: ReferenceFieldNames): void {
  const problems: { field: string; message: string }[] = [];
  if (!refs.job) problems.push({ field: fieldNames.jobId, message: 'Job not found' });
  if (refs.positionJobId === null)
    problems.push({ field: fieldNames.positionId, message: 'Position not found' });
  else if (refs.job && refs.positionJobId !== ids.jobId)
    problems.push({ field: fieldNames.positionId, message: 'Position does not belong to the selected job' });
  if (!refs.grade) problems.push({ field: fieldNames.gradeId, message: 'Grade not found' });
  if (!refs.level) problems.push({ field: fieldNames.levelId, message: 'Level not found' });
  if (problems.length) throw badRequest(problems.map((p) => p.message).join('; '), problems);
}

/** Prices one employee with the shared rules; no base salary → nulls, never a failure. */
export function priceEmployee(book: RuleBook, employee: EmployeeRecord): PricedEmployee {
  try {
    const { details } = calculateWithPrepared(book.forEmployee(employee), employee);
    return {
      employee,
      calculatedSalary: details.grossSalary,
      accumulatedCost: details.totalCost,
      basicWage: details.adjustedSalary,
      benefits: details.totalBenefitsCost,
      companyInsurance: details.companySocialInsurance,
    };
  } catch (error) {
    if (error instanceof SalaryEngineError)
      return {
        employee,
        calculatedSalary: null,
        accumulatedCost: null,
        basicWage: null,
        benefits: null,
        companyInsurance: null,
      };
    throw error;
  }
}

/** Whether two pricings of the same employee record answer the same figures (every one of them). */
function sameFigures(a: PricedEmployee, b: PricedEmployee): boolean {
  if (a === b) return true;
  for (const key of Object.keys(a) as (keyof PricedEmployee)[])
    if (key !== 'employee' && a[key] !== b[key]) return false;
  return true;
}

/** What a calculation reads from the database for one (job, position, grade, level). */
interface ProfileRules {
  settings: Settings;
  references: References;
  baseSalary: number | null;
  factor: FactorRecord | null;
}

export function createPricingService(deps: {
  repo: PricingRepository;
  /** The settings record, recreated if its row is missing (never, after migrations). */
  settings(tx?: DbOrTx): Promise<Settings>;
}) {
  const { repo } = deps;
  /**
   * The calculator's rules per (job, position, grade, level), keyed on the snapshot the
   * request's sign-in check read at: exact, see SnapshotCache. One per app.
   */
  const profiles = new SnapshotCache<ProfileRules>();

  const bookOf = async (rules: StoredRules, tx?: DbOrTx) =>
    new RuleBook(rules.settings ?? (await deps.settings(tx)), rules.baseSalaries, rules.factors);

  /**
   * The whole directory as last priced outside any write, with each row's version: the next
   * whole-list read re-reads only the rows written since (every row when a name changed) and
   * re-prices only those (everyone when a base salary, factor or setting changed), so a write
   * elsewhere, or to one employee, costs neither a read nor a pricing of every row. One per
   * app; replaced by each whole-list read.
   */
  let whole: (WholeList & { priced: PricedEmployee[]; book: RuleBook }) | undefined;

  async function priceWhole(): Promise<{ employees: PricedEmployee[]; snapshot: string }> {
    const known = whole;
    const read = await repo.wholeListSince(known);
    const sameRules = known !== undefined && read.rules === known.rules;
    const book = sameRules ? known.book : await bookOf(read.stored);
    const priced: PricedEmployee[] = new Array(read.ids.length);
    let next = 0;
    for (let i = 0; i < priced.length; i++) {
      const at = read.reuse[i]!;
      if (at < 0) priced[i] = priceEmployee(book, read.read[next++]!);
      else {
        const before = known!.priced[at]!;
        // Same row, other rules: priced again, but kept as it was if its figures did not move
        // (its view and JSON are then the ones already made).
        const now = sameRules ? before : priceEmployee(book, before.employee);
        priced[i] = sameFigures(now, before) ? before : now;
      }
    }
    const { reuse: _reuse, read: _read, ...list } = read;
    whole = { ...list, priced, book };
    return { employees: priced, snapshot: read.snapshot };
  }

  /** One statement on a miss; none when this snapshot already priced this profile. */
  async function profileRules(ids: ReferenceIds, snapshot: string | undefined, tx?: DbOrTx) {
    const key = `${ids.jobId}:${ids.positionId}:${ids.gradeId}:${ids.levelId}`;
    // Inside a transaction the request's snapshot says nothing about what it sees.
    const hit = tx ? undefined : profiles.get(snapshot, key);
    if (hit) return hit;
    const read = await repo.profileRules(ids, tx);
    if (!read.settings) return { ...read, settings: await deps.settings(tx) };
    const rules: ProfileRules = { ...read, settings: read.settings };
    if (!tx) profiles.set(read.snapshot, key, rules);
    return rules;
  }

  return {
    /** Every stored pricing rule, prepared for pricing employees one by one (`price`). */
    async rulesAt(tx?: DbOrTx): Promise<RuleBook> {
      return bookOf(await repo.rules(tx), tx);
    },

    /** One employee priced with a rule book from `rulesAt`. */
    price: priceEmployee,

    /**
     * Every matching employee priced (all benefits, the employee's own custom multipliers,
     * settings' social insurance), rows and rules read in ONE statement so they come from one
     * snapshot, which is answered too. With a `page`, only that keyset page (by id).
     */
    async priceEmployees(
      filters: RowFilters = {},
      options: { page?: ListPage; tx?: DbOrTx } = {},
    ): Promise<{ employees: PricedEmployee[]; snapshot: string }> {
      if (!options.page && !options.tx && !narrowsRows(filters)) return priceWhole();
      const read = await repo.employeesWithRules(filters, options.page, options.tx);
      const book = await bookOf(read.rules, options.tx);
      const priced: PricedEmployee[] = new Array(read.employees.length);
      for (let i = 0; i < priced.length; i++) priced[i] = priceEmployee(book, read.employees[i]!);
      return { employees: priced, snapshot: read.snapshot };
    },

    /**
     * One employee priced as the list prices it, with the engine's whole result and the
     * adjustment factor that applied: what "Why this salary?" explains. Undefined when there
     * is no such employee; 422 BASE_SALARY_NOT_FOUND when its grade and level have no base.
     */
    async explainEmployee(
      id: number,
      tx?: DbOrTx,
    ): Promise<
      | { employee: EmployeeRecord; result: SalaryResult; factor: FactorRecord | null; settings: Settings }
      | undefined
    > {
      const read = await repo.employeesWithRules({ id }, undefined, tx);
      const employee = read.employees[0];
      if (!employee) return undefined;
      const settings = read.rules.settings ?? (await deps.settings(tx));
      const book = new RuleBook(settings, read.rules.baseSalaries, read.rules.factors);
      try {
        const result = calculateWithPrepared(book.forEmployee(employee), employee);
        return { employee, result, factor: book.factorOf(employee.jobId, employee.positionId), settings };
      } catch (error) {
        throw engineErrorToAppError(error);
      }
    },

    /**
     * One profile priced with the stored rules (base salary, factor, the six multipliers,
     * benefit amounts, insurance). 400 naming each unknown or mismatched reference; 422 when
     * the grade and level have no base salary. `snapshot`: the snapshot the caller's data was
     * read at, so a repeated profile costs no statement (ignored inside a transaction).
     */
    async calculate(
      profile: PricingProfile,
      options: { snapshot?: string; tx?: DbOrTx } = {},
    ): Promise<SalaryResult> {
      const { settings, references, baseSalary, factor } = await profileRules(
        profile,
        options.snapshot,
        options.tx,
      );
      assertReferences(references, profile, DEFAULT_FIELD_NAMES);
      const rules = engineRules(settings, {
        baseSalary,
        factor,
        benefitSelected: profile.benefitSelected ?? (() => true),
        customMultipliers: profile.customMultipliers ?? [],
        applySocialInsurance: profile.applySocialInsurance ?? true,
      });
      try {
        return calculateSalary(rules, profile);
      } catch (error) {
        throw engineErrorToAppError(error);
      }
    },

    /** 400s that name the field, for a job/position/grade/level that does not exist or does not fit. */
    async checkReferences(
      ids: ReferenceIds,
      fieldNames: ReferenceFieldNames = DEFAULT_FIELD_NAMES,
      tx?: DbOrTx,
    ): Promise<void> {
      assertReferences(await repo.references(ids, tx), ids, fieldNames);
    },
  };
}

export type PricingService = ReturnType<typeof createPricingService>;
export type { RowFilters };
