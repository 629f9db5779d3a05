/**
 * Checks SalaryRules once, so a list of 100,000 employees validates the settings one time, not
 * per row. Every input is already an integer (cents, basis points); this refuses one that is not
 * a safe integer within its bounds, naming the field.
 */

import type { BasisPoints, Cents, RuleUnits } from '@salary/shared/common/money';
import {
  COMPONENT_PER,
  COMPONENT_WHEN,
  companyComponents,
  customComponent,
  type PayComponent,
} from './pay-components.ts';
import { invalidChoice, invalidInteger } from './salary-engine-error.ts';
import { MAX_FACTOR_BP, MAX_MONEY_CENTS, MAX_PERCENT_BP } from './salary-limits.ts';
import type { BenefitType, MultiplierType, SalaryRules, SocialInsuranceType } from './salary-types.ts';

/** `value` is cents for FIXED, basis points for PERCENTAGE, as given and as reported back. */
export type PreparedComponent = PayComponent;

export interface PreparedBenefit {
  readonly name: string;
  readonly type: BenefitType;
  readonly amount: RuleUnits;
}

export interface PreparedRules {
  readonly baseCents: Cents | null;
  readonly adjustment: { readonly type: MultiplierType; readonly factor: RuleUnits } | null;
  /** The company's components (the six multipliers), in the breakdown's order. */
  readonly company: readonly PreparedComponent[];
  /** The employee's: checked custom multipliers, then its own components. */
  readonly own: readonly PreparedComponent[];
  readonly benefits: readonly PreparedBenefit[];
  /** null when social insurance is disabled in settings or not applied in this request. */
  readonly socialInsurance: {
    readonly type: SocialInsuranceType;
    readonly totalBp: BasisPoints;
    readonly companyBp: BasisPoints;
  } | null;
}

/** The rules that differ per employee (grade/level, job/position, own custom multipliers). */
export type EmployeeRules = Pick<
  SalaryRules,
  'baseSalary' | 'adjustment' | 'customMultipliers' | 'components'
>;

/** Shared by every employee without custom multipliers, so the list allocates nothing for them. */
const NO_COMPONENTS: readonly PreparedComponent[] = Object.freeze([]);

const MULTIPLIER_TYPES = ['PERCENTAGE', 'FIXED'] as const;
const PER = COMPONENT_PER;
const WHEN = COMPONENT_WHEN;
const BENEFIT_TYPES = ['FIXED_AMOUNT', 'PERCENTAGE'] as const;
const INSURANCE_TYPES = ['COMPANY_FULL', 'COMPANY_PERCENTAGE', 'EMPLOYEE_FULL'] as const;

/** Written so NaN, ±Infinity, fractions and non-numbers all fail the one test. */
const inRange = (value: unknown, min: number, max: number): boolean =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max;

function cents<T extends number>(value: T, field: string, min: number): T {
  if (!inRange(value, min, MAX_MONEY_CENTS))
    throw invalidInteger(field, value, 'cents', min, MAX_MONEY_CENTS);
  return value;
}

function basisPoints<T extends number>(value: T, field: string, min: number, max: number): T {
  if (!inRange(value, min, max)) throw invalidInteger(field, value, 'basis points', min, max);
  return value;
}

function multiplierType(type: unknown, field: string): MultiplierType {
  if (type !== 'PERCENTAGE' && type !== 'FIXED') throw invalidChoice(field, type, MULTIPLIER_TYPES);
  return type;
}

/** A component checked: its unit by type, its `per` and `when` in the vocabulary. */
function component(c: PayComponent, field: string): PreparedComponent {
  const type = multiplierType(c.type, `${field}.type`);
  const value =
    type === 'PERCENTAGE'
      ? basisPoints(c.value, `${field}.value`, -MAX_PERCENT_BP, MAX_PERCENT_BP)
      : cents(c.value, `${field}.value`, -MAX_MONEY_CENTS);
  if (!PER.includes(c.per)) throw invalidChoice(`${field}.per`, c.per, PER);
  if (!WHEN.includes(c.when)) throw invalidChoice(`${field}.when`, c.when, WHEN);
  return { name: c.name, type, value, per: c.per, when: c.when, line: c.line };
}

function prepareBase(baseSalary: Cents | null): Cents | null {
  // null is not an input error: it is the spec's BASE_SALARY_NOT_FOUND, raised when calculating.
  return baseSalary === null ? null : cents(baseSalary, 'baseSalary', 0);
}

function prepareAdjustment(adjustment: SalaryRules['adjustment']): PreparedRules['adjustment'] {
  if (adjustment === null) return null;
  const type = multiplierType(adjustment.type, 'adjustment.type');
  const factor =
    type === 'FIXED'
      ? cents(adjustment.factor, 'adjustment.factor', -MAX_MONEY_CENTS)
      : basisPoints(adjustment.factor, 'adjustment.factor', -MAX_FACTOR_BP, MAX_FACTOR_BP);
  return { type, factor };
}

/** The employee's components: checked custom multipliers, then its own. */
function prepareOwn(
  custom: SalaryRules['customMultipliers'],
  own: SalaryRules['components'],
): PreparedComponent[] {
  const out: PreparedComponent[] = [];
  for (let i = 0; i < custom.length; i++)
    out.push(component(customComponent(custom[i]!), `customMultipliers[${i}]`));
  if (own) for (let i = 0; i < own.length; i++) out.push(component(own[i]!, `components[${i}]`));
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
    const amount =
      b.type === 'FIXED_AMOUNT'
        ? cents(b.amount, `${field}.amount`, 0)
        : basisPoints(b.amount, `${field}.amount`, 0, MAX_PERCENT_BP);
    out[i] = { name: b.name, type: b.type, amount };
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
  const totalBp = basisPoints(si.totalPercentage, 'socialInsurance.totalPercentage', 0, MAX_PERCENT_BP);
  const companyBp = basisPoints(si.companyPercentage, 'socialInsurance.companyPercentage', 0, MAX_PERCENT_BP);
  return rules.applySocialInsurance ? { type: si.type, totalBp, companyBp } : null;
}

/** Validates all rules; throws SalaryEngineError('INVALID_INPUT') naming the bad field. */
export function prepareRules(rules: SalaryRules): PreparedRules {
  return {
    baseCents: prepareBase(rules.baseSalary),
    adjustment: prepareAdjustment(rules.adjustment),
    company: companyComponents(rules.multipliers).map(({ component: c, field }) => component(c, field)),
    own: prepareOwn(rules.customMultipliers, rules.components),
    benefits: prepareBenefits(rules.benefits),
    socialInsurance: prepareInsurance(rules),
  };
}

/**
 * Swaps in one employee's base salary, adjustment, custom multipliers and own components,
 * reusing the rest of an already prepared settings record: the cheap per-row step of the
 * employees list.
 */
export function withEmployeeRules(prepared: PreparedRules, employee: EmployeeRules): PreparedRules {
  const none = employee.customMultipliers.length === 0 && !employee.components?.length;
  return {
    ...prepared,
    baseCents: prepareBase(employee.baseSalary),
    adjustment: prepareAdjustment(employee.adjustment),
    own: none ? NO_COMPONENTS : prepareOwn(employee.customMultipliers, employee.components),
  };
}
