/**
 * Small factories for engine inputs, written in the API's decimals (dollars, percent) as the
 * doc and the tables read, and run through the one edge that turns them into the engine's
 * integers (`engineRulesOf`) and its answer back (`decimalResultOf`): everything neutral (no adjustment, every multiplier 0%, no
 * benefits, insurance off, 0 years, no flags) unless a test says otherwise, so each case shows
 * only what it is about.
 */

import {
  type DecimalMultiplier,
  type DecimalSalaryResult,
  type DecimalSalaryRules,
  decimalResultOf,
  engineRulesOf,
} from '@salary/shared/calculator/salary-decimals';
import { calculateSalary } from '../src/calculate-salary.ts';
import { PLAIN_PROFILE, type SalaryProfile } from '../src/salary-types.ts';

type Multipliers = DecimalSalaryRules['multipliers'];

export interface RulesPatch extends Partial<Omit<DecimalSalaryRules, 'multipliers' | 'socialInsurance'>> {
  multipliers?: Partial<Multipliers>;
  socialInsurance?: Partial<DecimalSalaryRules['socialInsurance']>;
}

const zero: DecimalMultiplier = { value: 0, type: 'PERCENTAGE' };

/** The engine run on decimal rules, answering in decimals. */
export function calculateInDecimals(rules: DecimalSalaryRules, profile: SalaryProfile): DecimalSalaryResult {
  return decimalResultOf(calculateSalary(engineRulesOf(rules), profile));
}

export function newRules(patch: RulesPatch = {}): DecimalSalaryRules {
  const { multipliers, socialInsurance, ...rest } = patch;
  return {
    baseSalary: 1000,
    adjustment: null,
    benefits: [],
    customMultipliers: [],
    applySocialInsurance: true,
    ...rest,
    multipliers: {
      experience: zero,
      loyalty: zero,
      offshore: zero,
      actingAs: zero,
      pillar: zero,
      remote: zero,
      ...multipliers,
    },
    socialInsurance: {
      enabled: false,
      type: 'COMPANY_FULL',
      companyPercentage: 100,
      totalPercentage: 14,
      ...socialInsurance,
    },
  };
}

export function newProfile(patch: Partial<SalaryProfile> = {}): SalaryProfile {
  return { ...PLAIN_PROFILE, ...patch };
}

/** The two rows experience and loyalty always produce, for cases where both are 0. */
export const ZERO_YEAR_ROWS = [
  { name: 'Experience', type: 'PERCENTAGE', value: 0, amount: 0 },
  { name: 'Loyalty', type: 'PERCENTAGE', value: 0, amount: 0 },
] as const;
