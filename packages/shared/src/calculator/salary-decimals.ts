/**
 * The salary engine's edge: its rules and result in the API's decimals, and the one pair of
 * functions that turns them into the engine's integers and back (through the money module).
 * The server prices with `engineRulesOf` and answers with `decimalResultOf`; the engine itself
 * never sees a decimal but the years.
 */

import { invalidChoice, invalidNumber } from '@salary/salary-engine/salary-engine-error';
import type {
  AdjustmentRow,
  BenefitRow,
  BenefitType,
  MultiplierType,
  SalaryDetails,
  SalaryResult,
  SalaryRules,
  SocialInsuranceType,
} from '@salary/salary-engine/salary-types';
import {
  type BasisPoints,
  fromCents,
  fromRuleUnits,
  ppmToFraction,
  ppmToPercent,
  type RuleUnits,
  toCents,
  toFactorUnits,
  toRuleUnits,
} from '../common/money.ts';

/** Largest absolute amount (dollars) a rule may hold; the engine's bound in cents. */
const MAX_MONEY = 1_000_000_000;

/** A multiplier as the API and the settings screen hold it: percent or dollars, by type. */
export interface DecimalMultiplier {
  value: number;
  type: MultiplierType;
}

/** The engine's rules in the API's decimals (percent 2.5 = 2.5%, factor fraction 0.15, dollars). */
export interface DecimalSalaryRules {
  baseSalary: number | null;
  adjustment: { type: MultiplierType; factor: number } | null;
  multipliers: Record<keyof SalaryRules['multipliers'], DecimalMultiplier>;
  benefits: Array<{ name: string; amount: number; type: BenefitType }>;
  customMultipliers: Array<{ title: string; value: number; type: MultiplierType }>;
  socialInsurance: {
    enabled: boolean;
    type: SocialInsuranceType;
    companyPercentage: number;
    totalPercentage: number;
  };
  applySocialInsurance: boolean;
}

type Decimal<T> = { [K in keyof T]: T[K] extends number ? number : T[K] };
export type DecimalAdjustmentRow = Decimal<AdjustmentRow>;
export type DecimalBenefitRow = Decimal<BenefitRow>;
export type DecimalSalaryDetails = Omit<
  Decimal<SalaryDetails>,
  'adjustmentDetails' | 'customMultiplierDetails' | 'selectedBenefits'
> & {
  adjustmentDetails: DecimalAdjustmentRow[];
  customMultiplierDetails: DecimalAdjustmentRow[];
  selectedBenefits: DecimalBenefitRow[];
};
export interface DecimalSalaryResult {
  calculatedSalary: number;
  details: DecimalSalaryDetails;
}

/**
 * A decimal → its integer units, or the engine's own INVALID_INPUT naming the field: not a
 * finite number, outside [min, max], or with more decimals than its units keep.
 */
function units<T extends number>(
  value: number,
  field: string,
  decimals: number,
  min: number,
  max: number,
  convert: (v: number) => T,
): T {
  if (typeof value === 'number' && value >= min && value <= max) {
    try {
      return convert(value);
    } catch {
      // A decimal too many: reported below.
    }
  }
  throw invalidNumber(field, value, decimals, min, max);
}

function multiplierType(type: unknown, field: string): MultiplierType {
  if (type !== 'PERCENTAGE' && type !== 'FIXED') throw invalidChoice(field, type, ['PERCENTAGE', 'FIXED']);
  return type;
}

/** A multiplier's percent (±100) or amount (±MAX_MONEY) → basis points or cents. */
export function multiplierUnits(value: number, type: MultiplierType, field: string): RuleUnits {
  const checked = multiplierType(type, `${field}.type`);
  const bound = checked === 'PERCENTAGE' ? 100 : MAX_MONEY;
  return units(value, `${field}.value`, 2, -bound, bound, (v) => toRuleUnits(v, checked));
}

const percentUnits = (value: number, field: string) =>
  units(value, field, 2, 0, 100, (v) => toRuleUnits(v, 'PERCENTAGE') as BasisPoints);

/** Decimal rules → the engine's integers; INVALID_INPUT naming the first field that has no exact integer. */
export function engineRulesOf(rules: DecimalSalaryRules): SalaryRules {
  const m = rules.multipliers;
  const base = (key: keyof SalaryRules['multipliers']) => ({
    type: m[key].type,
    value: multiplierUnits(m[key].value, m[key].type, `multipliers.${key}`),
  });
  const adj = rules.adjustment;
  const si = rules.socialInsurance;
  return {
    baseSalary:
      rules.baseSalary === null ? null : units(rules.baseSalary, 'baseSalary', 2, 0, MAX_MONEY, toCents),
    adjustment:
      adj === null
        ? null
        : multiplierType(adj.type, 'adjustment.type') === 'PERCENTAGE'
          ? {
              type: adj.type,
              factor: units(adj.factor, 'adjustment.factor', 4, -1, 1, (v) => toFactorUnits(v, 'PERCENTAGE')),
            }
          : {
              type: adj.type,
              factor: units(adj.factor, 'adjustment.factor', 2, -MAX_MONEY, MAX_MONEY, toCents),
            },
    multipliers: {
      experience: base('experience'),
      loyalty: base('loyalty'),
      offshore: base('offshore'),
      actingAs: base('actingAs'),
      pillar: base('pillar'),
      remote: base('remote'),
    },
    benefits: rules.benefits.map((b, i) => {
      const field = `benefits[${i}].amount`;
      if (b.type !== 'FIXED_AMOUNT' && b.type !== 'PERCENTAGE')
        throw invalidChoice(`benefits[${i}].type`, b.type, ['FIXED_AMOUNT', 'PERCENTAGE']);
      return {
        name: b.name,
        type: b.type,
        amount:
          b.type === 'PERCENTAGE'
            ? percentUnits(b.amount, field)
            : units(b.amount, field, 2, 0, MAX_MONEY, toCents),
      };
    }),
    customMultipliers: rules.customMultipliers.map((c, i) => ({
      title: c.title,
      type: c.type,
      value: multiplierUnits(c.value, c.type, `customMultipliers[${i}]`),
    })),
    socialInsurance: {
      enabled: si.enabled,
      type: si.type,
      // Checked only when enabled, as the engine checks them.
      companyPercentage: si.enabled
        ? percentUnits(si.companyPercentage, 'socialInsurance.companyPercentage')
        : (0 as BasisPoints),
      totalPercentage: si.enabled
        ? percentUnits(si.totalPercentage, 'socialInsurance.totalPercentage')
        : (0 as BasisPoints),
    },
    applySocialInsurance: rules.applySocialInsurance,
  };
}

const rowOf = (r: AdjustmentRow): DecimalAdjustmentRow => ({
  name: r.name,
  type: r.type,
  value: fromRuleUnits(r.value, r.type),
  amount: fromCents(r.amount),
});

/** The engine's result in the API's decimals: dollars, the factor a fraction, the effects percent. */
export function decimalResultOf(result: SalaryResult): DecimalSalaryResult {
  const d = result.details;
  return {
    calculatedSalary: fromCents(result.calculatedSalary),
    details: {
      baseSalary: fromCents(d.baseSalary),
      adjustmentFactor: ppmToFraction(d.adjustmentFactor),
      experienceMultiplier: ppmToPercent(d.experienceMultiplier),
      loyaltyMultiplier: ppmToPercent(d.loyaltyMultiplier),
      totalAdjustments: fromCents(d.totalAdjustments),
      adjustmentDetails: d.adjustmentDetails.map(rowOf),
      totalBenefitsCost: fromCents(d.totalBenefitsCost),
      selectedBenefits: d.selectedBenefits.map((b) => ({
        name: b.name,
        type: b.type,
        amount: fromCents(b.amount),
      })),
      grossSalary: fromCents(d.grossSalary),
      netSalary: fromCents(d.netSalary),
      totalCost: fromCents(d.totalCost),
      socialInsuranceAmount: fromCents(d.socialInsuranceAmount),
      customMultiplierDetails: d.customMultiplierDetails.map(rowOf),
      companySocialInsurance: fromCents(d.companySocialInsurance),
      employeeSocialInsurance: fromCents(d.employeeSocialInsurance),
      adjustmentAmount: fromCents(d.adjustmentAmount),
      adjustedSalary: fromCents(d.adjustedSalary),
    },
  };
}
