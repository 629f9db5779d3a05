/**
 * Small factories for engine inputs: everything neutral (no adjustment, every multiplier 0%, no
 * benefits, insurance off, 0 years, no flags) unless a test says otherwise, so each case shows
 * only what it is about.
 */

import type { Multiplier, SalaryProfile, SalaryRules } from '../src/salary-types.ts';

type Multipliers = SalaryRules['multipliers'];

export interface RulesPatch extends Partial<Omit<SalaryRules, 'multipliers' | 'socialInsurance'>> {
  multipliers?: Partial<Multipliers>;
  socialInsurance?: Partial<SalaryRules['socialInsurance']>;
}

const zero: Multiplier = { value: 0, type: 'PERCENTAGE' };

export function newRules(patch: RulesPatch = {}): SalaryRules {
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
  return {
    yearsExperience: 0,
    yearsWithCompany: 0,
    offshoreProject: false,
    actingAsDifferentGrade: false,
    pillar: false,
    remote: false,
    ...patch,
  };
}

/** The two rows experience and loyalty always produce, for cases where both are 0. */
export const ZERO_YEAR_ROWS = [
  { name: 'Experience', type: 'PERCENTAGE', value: 0, amount: 0 },
  { name: 'Loyalty', type: 'PERCENTAGE', value: 0, amount: 0 },
] as const;
