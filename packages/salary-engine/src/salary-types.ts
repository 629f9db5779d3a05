/**
 * Input and output shapes of the salary engine. The input shape is fixed: the server builds it from
 * the stored rules and the web mirrors it, so change it only together with both.
 * Money is dollars (a JS number with at most 2 decimals) on both sides of the engine; inside it is
 * integer cents (see docs/salary-formula.md).
 */

export type MultiplierType = 'PERCENTAGE' | 'FIXED';
export type BenefitType = 'FIXED_AMOUNT' | 'PERCENTAGE';
export type SocialInsuranceType = 'COMPANY_FULL' | 'COMPANY_PERCENTAGE' | 'EMPLOYEE_FULL';

/** PERCENTAGE: percent (2.5 = 2.5%), at most 2 decimals, -100..100. FIXED: dollars, at most 2 decimals. */
export interface Multiplier {
  value: number;
  type: MultiplierType;
}

export interface SalaryRules {
  /** Dollars (at most 2 decimals, ≥ 0); null = no base salary for the grade/level. */
  baseSalary: number | null;
  /** PERCENTAGE: fraction -1..1 with at most 4 decimals (0.15 = +15%); FIXED: dollars. */
  adjustment: { type: MultiplierType; factor: number } | null;
  multipliers: {
    experience: Multiplier;
    loyalty: Multiplier;
    offshore: Multiplier;
    actingAs: Multiplier;
    pillar: Multiplier;
    remote: Multiplier;
  };
  /** Only the SELECTED benefits. PERCENTAGE amounts are percent of gross, 0..100. */
  benefits: Array<{ name: string; amount: number; type: BenefitType }>;
  /** Only the CHECKED custom multipliers. */
  customMultipliers: Array<{ title: string; value: number; type: MultiplierType }>;
  /** Percentages 0..100 with at most 2 decimals. */
  socialInsurance: {
    enabled: boolean;
    type: SocialInsuranceType;
    companyPercentage: number;
    totalPercentage: number;
  };
  applySocialInsurance: boolean;
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

/** One applied multiplier. `value` is as configured (percent or dollars, per year for the per-year ones). */
export interface AdjustmentRow {
  name: string;
  type: MultiplierType;
  value: number;
  /** Dollars this row adds to the gross (negative when it reduces it). */
  amount: number;
}

export interface BenefitRow {
  name: string;
  type: BenefitType;
  /** Dollars this benefit costs the company (for PERCENTAGE: that percent of gross). */
  amount: number;
}

/** Every money figure is dollars with at most 2 decimals; every total is the sum of its rounded rows. */
export interface SalaryDetails {
  baseSalary: number;
  /** Adjustment as a fraction of base: the factor itself for PERCENTAGE, adjustment ÷ base (6 decimals) for FIXED; 0 when base is 0. */
  adjustmentFactor: number;
  /** Total effect of experience in percent of the adjusted salary (see docs/salary-formula.md). */
  experienceMultiplier: number;
  /** Total effect of loyalty in percent of the adjusted salary. */
  loyaltyMultiplier: number;
  /** Sum of adjustmentDetails and customMultiplierDetails amounts. */
  totalAdjustments: number;
  adjustmentDetails: AdjustmentRow[];
  totalBenefitsCost: number;
  selectedBenefits: BenefitRow[];
  grossSalary: number;
  netSalary: number;
  totalCost: number;
  socialInsuranceAmount: number;
  customMultiplierDetails: AdjustmentRow[];
  companySocialInsurance: number;
  employeeSocialInsurance: number;
  /** Dollars the (job, position) adjustment factor adds to base. */
  adjustmentAmount: number;
  /** baseSalary + adjustmentAmount: what the multipliers apply to. */
  adjustedSalary: number;
}

export interface SalaryResult {
  /** Equal to details.grossSalary. */
  calculatedSalary: number;
  details: SalaryDetails;
}
