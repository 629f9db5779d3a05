/**
 * Input and output shapes of the salary engine. The input shape is fixed: the server builds it
 * from the stored rules, so change it only together with `apps/server/src/modules/pricing`.
 * Every figure on both sides is an integer (docs/salary-formula.md): money is `Cents`, a
 * percentage `BasisPoints` (hundredths of a percent: 2.5% is 250, a factor 0.15 is 1500), a
 * reported ratio `PartsPerMillion`. Only years are decimals (at most 2). The API's decimals are
 * made and read by the money module (`packages/shared/src/common/money.ts`) at the server's edge.
 */

import type { BasisPoints, Cents, PartsPerMillion, RuleUnits } from '@salary/shared/common/money';
import type { PayComponent } from './pay-components.ts';

export type MultiplierType = 'PERCENTAGE' | 'FIXED';
export type BenefitType = 'FIXED_AMOUNT' | 'PERCENTAGE';
export type SocialInsuranceType = 'COMPANY_FULL' | 'COMPANY_PERCENTAGE' | 'EMPLOYEE_FULL';

/**
 * A rule value whose unit its type decides: PERCENTAGE in basis points (-10,000..10,000 for a
 * multiplier), FIXED in cents (±100,000,000,000). The same shape serves any dated pay component.
 */
export interface Multiplier {
  value: RuleUnits;
  type: MultiplierType;
}

export interface SalaryRules {
  /** Cents (≥ 0); null = no base salary for the grade/level. */
  baseSalary: Cents | null;
  /** PERCENTAGE: basis points of base, -10,000..10,000 (1500 = +15%); FIXED: cents. */
  adjustment: { type: MultiplierType; factor: RuleUnits } | null;
  multipliers: {
    experience: Multiplier;
    loyalty: Multiplier;
    offshore: Multiplier;
    actingAs: Multiplier;
    pillar: Multiplier;
    remote: Multiplier;
  };
  /** Only the SELECTED benefits. FIXED_AMOUNT in cents; PERCENTAGE in basis points of gross, 0..10,000. */
  benefits: Array<{ name: string; amount: RuleUnits; type: BenefitType }>;
  /** Only the CHECKED custom multipliers. */
  customMultipliers: Array<{ title: string; value: RuleUnits; type: MultiplierType }>;
  /** Basis points, 0..10,000. */
  socialInsurance: {
    enabled: boolean;
    type: SocialInsuranceType;
    companyPercentage: BasisPoints;
    totalPercentage: BasisPoints;
  };
  applySocialInsurance: boolean;
  /**
   * Components for this employee only (an individual allowance), priced after the custom
   * multipliers on the adjusted salary; their rows follow the company's in adjustmentDetails.
   */
  components?: readonly PayComponent[];
}

/** Years are ≥ 0 (at most 100) with at most 2 decimals; fractions of a year count proportionally. */
export interface SalaryProfile {
  yearsExperience: number;
  yearsWithCompany: number;
  offshoreProject: boolean;
  actingAsDifferentGrade: boolean;
  pillar: boolean;
  remote: boolean;
}

/** A profile that adds nothing to the base: no years and no flag set. */
export const PLAIN_PROFILE: SalaryProfile = {
  yearsExperience: 0,
  yearsWithCompany: 0,
  offshoreProject: false,
  actingAsDifferentGrade: false,
  pillar: false,
  remote: false,
};

/** One applied multiplier. `value` as configured (basis points or cents, per year for the per-year ones). */
export interface AdjustmentRow {
  name: string;
  type: MultiplierType;
  value: RuleUnits;
  /** Cents this row adds to the gross (negative when it reduces it). */
  amount: Cents;
}

export interface BenefitRow {
  name: string;
  type: BenefitType;
  /** Cents this benefit costs the company (for PERCENTAGE: that share of gross). */
  amount: Cents;
}

/** Every money figure is cents; every total is the sum of its rounded rows. */
export interface SalaryDetails {
  baseSalary: Cents;
  /** Adjustment as a share of base in millionths: the factor itself for PERCENTAGE, adjustment ÷ base rounded for FIXED; 0 when base is 0. */
  adjustmentFactor: PartsPerMillion;
  /** Total effect of experience on the adjusted salary, in millionths (see docs/salary-formula.md). */
  experienceMultiplier: PartsPerMillion;
  /** Total effect of loyalty on the adjusted salary, in millionths. */
  loyaltyMultiplier: PartsPerMillion;
  /** Sum of adjustmentDetails and customMultiplierDetails amounts. */
  totalAdjustments: Cents;
  adjustmentDetails: AdjustmentRow[];
  totalBenefitsCost: Cents;
  selectedBenefits: BenefitRow[];
  grossSalary: Cents;
  netSalary: Cents;
  totalCost: Cents;
  socialInsuranceAmount: Cents;
  customMultiplierDetails: AdjustmentRow[];
  companySocialInsurance: Cents;
  employeeSocialInsurance: Cents;
  /** Cents the (job, position) adjustment factor adds to base. */
  adjustmentAmount: Cents;
  /** baseSalary + adjustmentAmount: what the multipliers apply to. */
  adjustedSalary: Cents;
}

export interface SalaryResult {
  /** Equal to details.grossSalary. */
  calculatedSalary: Cents;
  details: SalaryDetails;
}
