import { calculateSalary, calculateWithPrepared } from '@salary/salary-engine/calculate-salary';
import { SalaryEngineError } from '@salary/salary-engine/salary-engine-error';
import type { SalaryProfile, SalaryResult } from '@salary/salary-engine/salary-types';
import { type DecimalSalaryRules, multiplierUnits } from '@salary/shared/calculator/salary-decimals';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import type { RuleSettings } from '../settings/settings.repository.ts';
import {
  createPricedReadModel,
  type PricedEmployee,
  type PricedReadModel,
  priceEmployee,
} from './pricing.read-model.ts';
import type {
  EmployeeRecord,
  FactorRecord,
  PricingRepository,
  ReferenceIds,
  References,
  RowFilters,
} from './pricing.repository.ts';
import { type CustomMultiplierRule, engineRules, RuleBook } from './salary-rules.model.ts';

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

/** A profile to price as the calculator sees it: references, years, flags and what-if choices. */
export interface PricingProfile extends ReferenceIds, SalaryProfile {
  /** Which stored benefits count; all of them when absent. */
  benefitSelected?: (name: string) => boolean;
  /**
   * What-if custom multipliers as the API sends them (percent or amount, by type), turned into
   * the engine's units here: a value with no exact unit is refused as the engine refuses one
   * (400 naming `customMultipliers[i]`), after the references are checked.
   */
  whatIfMultipliers?: DecimalSalaryRules['customMultipliers'];
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

export function createPricingService(deps: {
  repo: PricingRepository;
  /** The settings record, recreated if its row is missing (never, after migrations). */
  settings(tx?: DbOrTx): Promise<RuleSettings>;
  /**
   * Employees priced at a snapshot, and the caches kept on them (one per app; pricing.read-model.ts).
   * Absent: one of its own that keeps nothing.
   */
  readModel?: PricedReadModel;
}) {
  const { repo } = deps;
  const model = deps.readModel ?? createPricedReadModel({ repo, settings: deps.settings, caches: false });

  return {
    /**
     * Every stored pricing rule (those in force on `asOf`; absent: today's), prepared for
     * pricing employees one by one (`price`).
     */
    async rulesAt(tx?: DbOrTx, asOf?: string): Promise<RuleBook> {
      return model.bookOf(await repo.rules(tx, asOf), tx);
    },

    /** One employee priced with a rule book from `rulesAt`. */
    price: priceEmployee,

    /**
     * Every matching employee priced (all benefits, the employee's own custom multipliers,
     * settings' social insurance), rows and rules read in ONE statement so they come from one
     * snapshot, which is answered too. With a `page`, only that keyset page (by id).
     */
    priceEmployees: model.priceEmployees,

    /**
     * Employee `id` priced on each of `days` as `priceEmployees({ id, asOf: day })` prices it (on
     * `today`, as `priceEmployees({ id })`), read in ONE statement: each day's version and the
     * rules in force that day. Keyed by day; empty when there is no such employee.
     */
    async priceOnDays(
      id: number,
      days: readonly string[],
      today: string,
      tx?: DbOrTx,
    ): Promise<Map<string, PricedEmployee>> {
      const priced = new Map<string, PricedEmployee>();
      for (const { day, employee, rules } of await repo.employeeOnDays(id, days, today, tx))
        priced.set(day, priceEmployee(await model.bookOf(rules, tx), employee));
      return priced;
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
      | {
          employee: EmployeeRecord;
          result: SalaryResult;
          factor: FactorRecord | null;
          settings: RuleSettings;
        }
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
     * `asOf` (YYYY-MM-DD): the rules in force that day; absent: today's.
     */
    async calculate(
      profile: PricingProfile,
      options: { snapshot?: string; tx?: DbOrTx; asOf?: string } = {},
    ): Promise<SalaryResult> {
      const { settings, references, baseSalary, factor } = await model.profileRules(
        profile,
        options.snapshot,
        options.tx,
        options.asOf,
      );
      assertReferences(references, profile, DEFAULT_FIELD_NAMES);
      try {
        const customMultipliers: CustomMultiplierRule[] = (profile.whatIfMultipliers ?? []).map((m, i) => ({
          title: m.title,
          type: m.type,
          value: multiplierUnits(m.value, m.type, `customMultipliers[${i}]`),
        }));
        const rules = engineRules(settings, {
          baseSalary,
          factor,
          benefitSelected: profile.benefitSelected ?? (() => true),
          customMultipliers,
          applySocialInsurance: profile.applySocialInsurance ?? true,
        });
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
export type { PricedEmployee, RowFilters };
export { priceEmployee };
