/**
 * Turns SalaryRules into exact integers once, so a list of 100,000 employees validates and converts
 * the settings one time, not per row. Units: money in cents; every percentage (multiplier percent,
 * factor fraction, benefit and insurance percent) in basis points, i.e. 1/10,000 of the whole.
 */

import type { Cents } from '@salary/shared/common/money';
import { asEngineCents, toScaledInteger } from './exact-math.ts';
import { invalidChoice, invalidNumber } from './salary-engine-error.ts';
import {
  FACTOR_DECIMALS,
  MAX_FACTOR,
  MAX_MONEY,
  MAX_PERCENT,
  MONEY_DECIMALS,
  PERCENT_DECIMALS,
} from './salary-limits.ts';
import type {
  BenefitType,
  Multiplier,
  MultiplierType,
  SalaryRules,
  SocialInsuranceType,
} from './salary-types.ts';

/** `scaled` is cents for FIXED, basis points for PERCENTAGE; `value` is the input as reported back. */
export interface PreparedMultiplier {
  readonly name: string;
  readonly type: MultiplierType;
  readonly value: number;
  readonly scaled: number;
}

export interface PreparedBenefit {
  readonly name: string;
  readonly type: BenefitType;
  readonly scaled: number;
}

export interface PreparedRules {
  readonly baseCents: Cents | null;
  readonly adjustment: { readonly type: MultiplierType; readonly scaled: number } | null;
  readonly experience: PreparedMultiplier;
  readonly loyalty: PreparedMultiplier;
  readonly offshore: PreparedMultiplier;
  readonly actingAs: PreparedMultiplier;
  readonly pillar: PreparedMultiplier;
  readonly remote: PreparedMultiplier;
  readonly customMultipliers: readonly PreparedMultiplier[];
  readonly benefits: readonly PreparedBenefit[];
  /** null when social insurance is disabled in settings or not applied in this request. */
  readonly socialInsurance: {
    readonly type: SocialInsuranceType;
    readonly totalBp: number;
    readonly companyBp: number;
  } | null;
}

/** The rules that differ per employee (grade/level, job/position, own custom multipliers). */
export type EmployeeRules = Pick<SalaryRules, 'baseSalary' | 'adjustment' | 'customMultipliers'>;

/** Shared by every employee without custom multipliers, so the list allocates nothing for them. */
const NO_CUSTOM_MULTIPLIERS: readonly PreparedMultiplier[] = Object.freeze([]);

const MULTIPLIER_TYPES = ['PERCENTAGE', 'FIXED'] as const;
const BENEFIT_TYPES = ['FIXED_AMOUNT', 'PERCENTAGE'] as const;
const INSURANCE_TYPES = ['COMPANY_FULL', 'COMPANY_PERCENTAGE', 'EMPLOYEE_FULL'] as const;

function money(value: number, field: string, min: number): Cents {
  const cents = toScaledInteger(value, 100, min, MAX_MONEY);
  if (Number.isNaN(cents)) throw invalidNumber(field, value, MONEY_DECIMALS, min, MAX_MONEY);
  return asEngineCents(cents);
}

/** Percent with ≤ 2 decimals → basis points (2.5% → 250). */
function percent(value: number, field: string, min: number, max: number): number {
  const bp = toScaledInteger(value, 100, min, max);
  if (Number.isNaN(bp)) throw invalidNumber(field, value, PERCENT_DECIMALS, min, max);
  return bp;
}

function multiplierType(type: unknown, field: string): MultiplierType {
  if (type !== 'PERCENTAGE' && type !== 'FIXED') throw invalidChoice(field, type, MULTIPLIER_TYPES);
  return type;
}

function multiplier(name: string, type: MultiplierType, value: number, field: string): PreparedMultiplier {
  const checked = multiplierType(type, `${field}.type`);
  const scaled =
    checked === 'PERCENTAGE'
      ? percent(value, `${field}.value`, -MAX_PERCENT, MAX_PERCENT)
      : money(value, `${field}.value`, -MAX_MONEY);
  // Report the value rebuilt from the integer so the row shows exactly what was computed with.
  return { name, type: checked, value: scaled / 100, scaled };
}

function base(m: Multiplier, name: string, field: string): PreparedMultiplier {
  return multiplier(name, m.type, m.value, `multipliers.${field}`);
}

function prepareBase(baseSalary: number | null): Cents | null {
  // null is not an input error: it is the spec's BASE_SALARY_NOT_FOUND, raised when calculating.
  return baseSalary === null ? null : money(baseSalary, 'baseSalary', 0);
}

function prepareAdjustment(adjustment: SalaryRules['adjustment']): PreparedRules['adjustment'] {
  if (adjustment === null) return null;
  const type = multiplierType(adjustment.type, 'adjustment.type');
  if (type === 'FIXED') return { type, scaled: money(adjustment.factor, 'adjustment.factor', -MAX_MONEY) };
  const bp = toScaledInteger(adjustment.factor, 10_000, -MAX_FACTOR, MAX_FACTOR);
  if (Number.isNaN(bp)) {
    throw invalidNumber('adjustment.factor', adjustment.factor, FACTOR_DECIMALS, -MAX_FACTOR, MAX_FACTOR);
  }
  return { type, scaled: bp };
}

function prepareCustom(list: SalaryRules['customMultipliers']): PreparedMultiplier[] {
  const out: PreparedMultiplier[] = new Array(list.length);
  for (let i = 0; i < list.length; i++) {
    const c = list[i]!;
    out[i] = multiplier(c.title, c.type, c.value, `customMultipliers[${i}]`);
  }
  return out;
}

function prepareBenefits(list: SalaryRules['benefits']): PreparedBenefit[] {
  const out: PreparedBenefit[] = new Array(list.length);
  for (let i = 0; i < list.length; i++) {
    const b = list[i]!;
    const field = `benefits[${i}]`;
    if (b.type !== 'FIXED_AMOUNT' && b.type !== 'PERCENTAGE') {
      throw invalidChoice(`${field}.type`, b.type, BENEFIT_TYPES);
    }
    const scaled =
      b.type === 'FIXED_AMOUNT'
        ? money(b.amount, `${field}.amount`, 0)
        : percent(b.amount, `${field}.amount`, 0, 100);
    out[i] = { name: b.name, type: b.type, scaled };
  }
  return out;
}

function prepareInsurance(rules: SalaryRules): PreparedRules['socialInsurance'] {
  const si = rules.socialInsurance;
  // Settings are validated whenever insurance is enabled, so a request that switches it off
  // cannot hide bad stored settings from the next one that switches it on.
  if (!si.enabled) return null;
  if (!INSURANCE_TYPES.includes(si.type))
    throw invalidChoice('socialInsurance.type', si.type, INSURANCE_TYPES);
  const totalBp = percent(si.totalPercentage, 'socialInsurance.totalPercentage', 0, 100);
  const companyBp = percent(si.companyPercentage, 'socialInsurance.companyPercentage', 0, 100);
  return rules.applySocialInsurance ? { type: si.type, totalBp, companyBp } : null;
}

/** Validates and converts all rules; throws SalaryEngineError('INVALID_INPUT') naming the bad field. */
export function prepareRules(rules: SalaryRules): PreparedRules {
  const m = rules.multipliers;
  return {
    baseCents: prepareBase(rules.baseSalary),
    adjustment: prepareAdjustment(rules.adjustment),
    experience: base(m.experience, 'Experience', 'experience'),
    loyalty: base(m.loyalty, 'Loyalty', 'loyalty'),
    offshore: base(m.offshore, 'Offshore Project', 'offshore'),
    actingAs: base(m.actingAs, 'Acting as Different Grade', 'actingAs'),
    pillar: base(m.pillar, 'Pillar', 'pillar'),
    remote: base(m.remote, 'Remote', 'remote'),
    customMultipliers: prepareCustom(rules.customMultipliers),
    benefits: prepareBenefits(rules.benefits),
    socialInsurance: prepareInsurance(rules),
  };
}

/**
 * Swaps in one employee's base salary, adjustment and custom multipliers, reusing the rest of an
 * already prepared settings record: the cheap per-row step of the employees list.
 */
export function withEmployeeRules(prepared: PreparedRules, employee: EmployeeRules): PreparedRules {
  return {
    ...prepared,
    baseCents: prepareBase(employee.baseSalary),
    adjustment: prepareAdjustment(employee.adjustment),
    customMultipliers:
      employee.customMultipliers.length === 0
        ? NO_CUSTOM_MULTIPLIERS
        : prepareCustom(employee.customMultipliers),
  };
}
