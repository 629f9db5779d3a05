import { calculateSalary } from '@salary/salary-engine/calculate-salary';
import { SalaryEngineError } from '@salary/salary-engine/salary-engine-error';
import type { SalaryResult } from '@salary/salary-engine/salary-types';
import { type CalculateInput, COST_DETAIL_KEYS } from '@salary/shared/calculator/calculator.contract';
import { type Actor, can } from '@salary/shared/common/permissions';
import type { Settings } from '@salary/shared/settings/settings.contract';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { requirePermission } from '../../lib/authorize.ts';
import { toSettings } from '../settings/settings.repository.ts';
import type {
  CalculatorRepository,
  FactorRecord,
  ReferenceIds,
  References,
} from './calculator.repository.ts';
import { engineRules } from './salary-rules.ts';
import { SnapshotCache } from './snapshot-cache.ts';

export const BASE_SALARY_NOT_FOUND = 'BASE_SALARY_NOT_FOUND';

/** Turns the engine's refusals into API errors: a missing base salary is a 422, bad numbers a 400. */
export function engineErrorToAppError(error: unknown): unknown {
  if (!(error instanceof SalaryEngineError)) return error;
  if (error.code === 'BASE_SALARY_NOT_FOUND') return new AppError(422, BASE_SALARY_NOT_FOUND, error.message);
  return badRequest(error.message.replace(/^Invalid salary input: /, ''));
}

export type CalculatorAnswer = SalaryResult & {
  companySocialInsurance?: number;
  employeeSocialInsurance: number;
};

/**
 * A calculation reveals pay, so it needs showSalary; the company's costs (total cost,
 * benefits, its insurance share) are removed — keys absent — without showCost.
 */
function withoutCostsUnlessAllowed(actor: Actor, answer: CalculatorAnswer): CalculatorAnswer {
  if (can(actor, 'showCost')) return answer;
  const details: Partial<SalaryResult['details']> = { ...answer.details };
  for (const key of COST_DETAIL_KEYS) delete details[key];
  const { companySocialInsurance: _hidden, ...rest } = answer;
  return { ...rest, details: details as SalaryResult['details'] };
}

export type { ReferenceIds } from './calculator.repository.ts';

const DEFAULT_FIELD_NAMES: Record<keyof ReferenceIds, string> = {
  jobId: 'jobId',
  positionId: 'positionId',
  gradeId: 'gradeId',
  levelId: 'levelId',
};

/** Throws the 400 that names each missing or mismatched reference. */
function assertReferences(
  refs: References,
  ids: ReferenceIds,
  fieldNames: Record<keyof ReferenceIds, string>,
): void {
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

/** 400s that name the field, for a job/position/grade/level that does not exist or does not fit. */
export async function checkReferences(
  repo: Pick<CalculatorRepository, 'references'>,
  ids: ReferenceIds,
  fieldNames: Record<keyof ReferenceIds, string> = DEFAULT_FIELD_NAMES,
): Promise<void> {
  assertReferences(await repo.references(ids), ids, fieldNames);
}

/** What a calculation reads from the database for one (job, position, grade, level). */
interface ProfileRules {
  settings: Settings;
  references: References;
  baseSalary: number | null;
  factor: FactorRecord | null;
}

export function createCalculatorService(deps: {
  repo: CalculatorRepository;
  settings: { get(): Promise<Settings> };
}) {
  const { repo } = deps;
  // Keyed on the snapshot the request's sign-in check read at: exact, see SnapshotCache.
  const cache = new SnapshotCache<ProfileRules>();

  /** One statement on a miss; none when this snapshot already priced this profile. */
  async function profileRules(ids: ReferenceIds, snapshot: string | undefined): Promise<ProfileRules> {
    const key = `${ids.jobId}:${ids.positionId}:${ids.gradeId}:${ids.levelId}`;
    const hit = cache.get(snapshot, key);
    if (hit) return hit;
    const read = await repo.profileRules(ids);
    if (!read.settings) {
      // The settings row is missing (never, after migrations): let the repository recreate it.
      return { ...read, settings: await deps.settings.get() };
    }
    const rules: ProfileRules = { ...read, settings: toSettings(read.settings) };
    cache.set(read.snapshot, key, rules);
    return rules;
  }

  return {
    /**
     * Needs showSalary (a calculation reveals pay); stores nothing. The stored rules are the
     * authority for base salaries, factors, the six multipliers and benefit amounts; the
     * request chooses benefits, what-if custom multipliers and whether to apply insurance.
     */
    async calculate(
      actor: Actor,
      input: CalculateInput,
      context: { snapshot?: string } = {},
    ): Promise<CalculatorAnswer> {
      requirePermission(actor, 'showSalary');
      const { settings, references, baseSalary, factor } = await profileRules(input, context.snapshot);
      assertReferences(references, input, DEFAULT_FIELD_NAMES);
      const chosen = input.benefits ?? {};
      const rules = engineRules(settings, {
        baseSalary,
        factor,
        // A stored benefit the request does not name counts as selected.
        benefitSelected: (name) => chosen[name] !== false,
        customMultipliers: (input.customMultipliers ?? [])
          .filter((m) => m.checked)
          .map((m) => ({ title: m.title, value: m.value, type: m.type })),
        applySocialInsurance: input.settings?.applySocialInsurance ?? true,
      });
      try {
        const result = calculateSalary(rules, {
          yearsExperience: input.yearsExperience,
          yearsWithCompany: input.yearsWithCompany,
          offshoreProject: input.offshoreProject,
          actingAsDifferentGrade: input.actingAsDifferentGrade,
          pillar: input.pillar,
          remote: input.remote,
        });
        return withoutCostsUnlessAllowed(actor, {
          ...result,
          companySocialInsurance: result.details.companySocialInsurance,
          employeeSocialInsurance: result.details.employeeSocialInsurance,
        });
      } catch (error) {
        throw engineErrorToAppError(error);
      }
    },
  };
}
