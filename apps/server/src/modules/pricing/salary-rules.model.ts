import type { PayComponent } from '@salary/salary-engine/pay-components';
import { type PreparedRules, prepareRules, withEmployeeRules } from '@salary/salary-engine/prepare-rules';
import type { SalaryRules } from '@salary/salary-engine/salary-types';
import { type Band, bandOf } from '@salary/shared/base-salaries/salary-bands';
import type { Cents } from '@salary/shared/common/money';
import type { RuleSettings } from '../settings/settings.repository.ts';
import type { BaseSalaryRecord, FactorRecord } from './pricing.repository.ts';

/** A custom multiplier as the engine takes it: basis points or cents, by type. */
export type CustomMultiplierRule = SalaryRules['customMultipliers'][number];

/** The stored settings as engine rules, for one set of selections: integers throughout. */
export function engineRules(
  settings: RuleSettings,
  selection: {
    baseSalary: Cents | null;
    factor: FactorRecord | null;
    benefitSelected: (name: string) => boolean;
    customMultipliers: CustomMultiplierRule[];
    applySocialInsurance: boolean;
  },
): SalaryRules {
  return {
    baseSalary: selection.baseSalary,
    adjustment: selection.factor ? { type: selection.factor.type, factor: selection.factor.factor } : null,
    multipliers: settings.multipliers,
    benefits: settings.benefits.filter((b) => selection.benefitSelected(b.name)),
    customMultipliers: selection.customMultipliers,
    socialInsurance: settings.socialInsurance,
    applySocialInsurance: selection.applySocialInsurance,
  };
}

/**
 * Everything the employee list needs to price every employee without another query:
 * settings prepared once, base salaries and factors in maps, custom multipliers by id.
 * An employee's rules are the shared ones plus its base, factor and custom multipliers.
 */
export class RuleBook {
  private readonly shared: PreparedRules;
  private readonly bases = new Map<number, Cents>();
  private readonly bands = new Map<number, Band>();
  private readonly factors = new Map<number, FactorRecord>();
  private readonly customById = new Map<string, CustomMultiplierRule>();
  /**
   * Prepared rules per distinct (grade, level) → (job, position) → custom set: few, reused a
   * lot. Numeric keys first, so the common row (no custom multipliers) builds no string.
   */
  private readonly cache = new Map<number, Map<number, Map<string, PreparedRules>>>();
  /**
   * Own components shared by many employees (a frozen array: a raise cycle's one raise, the
   * same for everyone it proposes it for), prepared once per profile while the array lives.
   */
  private readonly sharedOwn = new WeakMap<
    readonly PayComponent[],
    Map<number, Map<number, Map<string, PreparedRules>>>
  >();

  constructor(settings: RuleSettings, baseSalaries: BaseSalaryRecord[], factors: FactorRecord[]) {
    this.shared = prepareRules(
      engineRules(settings, {
        baseSalary: null,
        factor: null,
        benefitSelected: () => true,
        customMultipliers: [],
        applySocialInsurance: true,
      }),
    );
    for (const b of baseSalaries) {
      this.bases.set(pairKey(b.gradeId, b.levelId), b.amount);
      this.bands.set(pairKey(b.gradeId, b.levelId), bandOf(b));
    }
    for (const f of factors) this.factors.set(pairKey(f.jobId, f.positionId), f);
    for (const m of settings.customMultipliers)
      this.customById.set(m.id, { title: m.title, value: m.value, type: m.type });
  }

  /** The salary band of a grade and level (none without a base salary). */
  bandOf(gradeId: number, levelId: number): Band | null {
    return this.bands.get(pairKey(gradeId, levelId)) ?? null;
  }

  /** The (job, position) adjustment factor, if one is stored. */
  factorOf(jobId: number, positionId: number): FactorRecord | null {
    return this.factors.get(pairKey(jobId, positionId)) ?? null;
  }

  hasCustomMultiplier(id: string): boolean {
    return this.customById.has(id);
  }

  /** Prepared rules for one employee; undefined base → the engine reports BASE_SALARY_NOT_FOUND. */
  forEmployee(e: {
    jobId: number;
    positionId: number;
    gradeId: number;
    levelId: number;
    customMultiplierIds: string[];
    /** Its own components: priced after the custom multipliers (not kept: few have any). */
    payComponents?: readonly PayComponent[];
    /** The company benefits it does not receive, by name. */
    excludedBenefits?: readonly string[];
  }): PreparedRules {
    const prepared = this.preparedFor(e);
    return e.excludedBenefits?.length ? withoutBenefits(prepared, e.excludedBenefits) : prepared;
  }

  private preparedFor(e: {
    jobId: number;
    positionId: number;
    gradeId: number;
    levelId: number;
    customMultiplierIds: string[];
    payComponents?: readonly PayComponent[];
  }): PreparedRules {
    const own = e.payComponents?.length ? e.payComponents : undefined;
    // An employee's own array (read with its row) is prepared each time: few have one.
    if (own && !Object.isFrozen(own))
      return withEmployeeRules(this.shared, { ...this.employeePart(e), components: own });
    let cache = this.cache;
    if (own) {
      const shared = this.sharedOwn.get(own) ?? new Map();
      this.sharedOwn.set(own, shared);
      cache = shared;
    }
    const gradeLevel = pairKey(e.gradeId, e.levelId);
    const jobPosition = pairKey(e.jobId, e.positionId);
    let byJobPosition = cache.get(gradeLevel);
    if (!byJobPosition) {
      byJobPosition = new Map();
      cache.set(gradeLevel, byJobPosition);
    }
    let byCustom = byJobPosition.get(jobPosition);
    if (!byCustom) {
      byCustom = new Map();
      byJobPosition.set(jobPosition, byCustom);
    }
    const customKey = e.customMultiplierIds.length === 0 ? '' : e.customMultiplierIds.join(',');
    let prepared = byCustom.get(customKey);
    if (!prepared) {
      const part = this.employeePart(e);
      prepared = withEmployeeRules(this.shared, own ? { ...part, components: own } : part);
      byCustom.set(customKey, prepared);
    }
    return prepared;
  }

  /** What is the employee's own in its prepared rules: its base salary, factor and custom multipliers. */
  private employeePart(e: {
    jobId: number;
    positionId: number;
    gradeId: number;
    levelId: number;
    customMultiplierIds: string[];
  }) {
    const factor = this.factors.get(pairKey(e.jobId, e.positionId));
    const custom: CustomMultiplierRule[] = [];
    // A multiplier removed from settings since the employee was saved no longer applies.
    for (const id of e.customMultiplierIds) {
      const m = this.customById.get(id);
      if (m) custom.push(m);
    }
    return {
      baseSalary: this.bases.get(pairKey(e.gradeId, e.levelId)) ?? null,
      adjustment: factor ? { type: factor.type, factor: factor.factor } : null,
      customMultipliers: custom,
    };
  }
}

/** A benefit's name as a choice keeps it: trimmed, case ignored (benefits have no ids). */
export const benefitKey = (name: string): string => name.trim().toLowerCase();

/** The prepared rules without the benefits named in `excluded`. */
function withoutBenefits(prepared: PreparedRules, excluded: readonly string[]): PreparedRules {
  const out = new Set(excluded.map(benefitKey));
  return { ...prepared, benefits: prepared.benefits.filter((b) => !out.has(benefitKey(b.name))) };
}

function pairKey(a: number, b: number): number {
  // Ids are < 2^31; this packs two into one safe integer key.
  return a * 2_147_483_648 + b;
}
