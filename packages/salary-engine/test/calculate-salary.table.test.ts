/**
 * Hand-worked cases. Every expected figure was worked out on paper (the arithmetic is in the
 * comment beside it) and is written as a literal; nothing here is computed with engine code.
 */

import {
  engineRulesOf,
  type DecimalSalaryDetails as SalaryDetails,
} from '@salary/shared/calculator/salary-decimals';
import type { BasisPoints, Cents } from '@salary/shared/common/money';
import { describe, expect, it } from 'vitest';
import { calculateSalary as engineCalculate } from '../src/calculate-salary.ts';
import { SalaryEngineError } from '../src/salary-engine-error.ts';
import type { SalaryRules } from '../src/salary-types.ts';
import {
  calculateInDecimals as calculateSalary,
  newProfile,
  newRules,
  type RulesPatch,
  ZERO_YEAR_ROWS,
} from './salary-factories.ts';

interface Case {
  name: string;
  rules?: RulesPatch;
  profile?: Parameters<typeof newProfile>[0];
  expected: Partial<SalaryDetails>;
}

const P = 'PERCENTAGE' as const;
const F = 'FIXED' as const;

/** All four flag multipliers set, both types: the flag cases differ only in which flags the profile sets. */
const FOUR_FLAGS_RULES: RulesPatch = {
  baseSalary: 5000,
  multipliers: {
    offshore: { value: 10, type: P },
    actingAs: { value: 200, type: F },
    pillar: { value: 4, type: P },
    remote: { value: -250, type: F },
  },
};

/**
 * One per-year multiplier (experience or loyalty) alone on `base`, at a few years: its effect
 * on the adjusted salary, its row beside the other one's zero row, and the gross (base +
 * amount unless the row says).
 */
function perYear(
  kind: 'experience' | 'loyalty',
  base: number,
  multiplier: { value: number; type: typeof P | typeof F },
  name: (years: number, amount: number) => string,
  rows: Array<{ years: number; amount: number; effect: number; gross?: number }>,
  { withTotal = false } = {},
): Case[] {
  const experience = kind === 'experience';
  return rows.map(({ years, amount, effect, gross }) => {
    const row = { ...multiplier, amount };
    return {
      name: name(years, amount),
      rules: { baseSalary: base, multipliers: { [kind]: multiplier } },
      profile: experience ? { yearsExperience: years } : { yearsWithCompany: years },
      expected: {
        ...(experience ? { experienceMultiplier: effect } : { loyaltyMultiplier: effect }),
        adjustmentDetails: [
          experience ? { name: 'Experience', ...row } : { name: 'Experience', type: P, value: 0, amount: 0 },
          experience ? { name: 'Loyalty', type: P, value: 0, amount: 0 } : { name: 'Loyalty', ...row },
        ],
        ...(withTotal && { totalAdjustments: amount }),
        grossSalary: gross ?? base + amount,
      },
    };
  });
}

const cases: Case[] = [
  // Base salary and the (job, position) adjustment.
  {
    name: 'base only: gross = net = total cost = base',
    rules: { baseSalary: 5000 },
    expected: {
      baseSalary: 5000,
      adjustmentFactor: 0,
      adjustmentAmount: 0,
      adjustedSalary: 5000,
      experienceMultiplier: 0,
      loyaltyMultiplier: 0,
      totalAdjustments: 0,
      adjustmentDetails: [...ZERO_YEAR_ROWS],
      customMultiplierDetails: [],
      totalBenefitsCost: 0,
      selectedBenefits: [],
      grossSalary: 5000,
      netSalary: 5000,
      totalCost: 5000,
      socialInsuranceAmount: 0,
      companySocialInsurance: 0,
      employeeSocialInsurance: 0,
    },
  },
  {
    name: 'PERCENTAGE factor +15%: 4000 × 0.15 = 600',
    rules: { baseSalary: 4000, adjustment: { type: P, factor: 0.15 } },
    expected: { adjustmentFactor: 0.15, adjustmentAmount: 600, adjustedSalary: 4600, grossSalary: 4600 },
  },
  {
    name: 'PERCENTAGE factor -20%: 4000 × -0.2 = -800',
    rules: { baseSalary: 4000, adjustment: { type: P, factor: -0.2 } },
    expected: { adjustmentFactor: -0.2, adjustmentAmount: -800, adjustedSalary: 3200, grossSalary: 3200 },
  },
  {
    name: 'PERCENTAGE factor with 4 decimals: 1234.57 × 0.0015 = 1.851855 → 1.85',
    rules: { baseSalary: 1234.57, adjustment: { type: P, factor: 0.0015 } },
    expected: { adjustmentFactor: 0.0015, adjustmentAmount: 1.85, adjustedSalary: 1236.42 },
  },
  {
    name: 'FIXED factor: 4000 + 250.50; factor 250.5 / 4000 = 0.062625',
    rules: { baseSalary: 4000, adjustment: { type: F, factor: 250.5 } },
    expected: {
      adjustmentFactor: 0.062625,
      adjustmentAmount: 250.5,
      adjustedSalary: 4250.5,
      grossSalary: 4250.5,
    },
  },
  {
    name: 'FIXED negative factor: 1000 - 333.33; factor -0.33333',
    rules: { baseSalary: 1000, adjustment: { type: F, factor: -333.33 } },
    expected: { adjustmentFactor: -0.33333, adjustmentAmount: -333.33, adjustedSalary: 666.67 },
  },
  {
    name: 'FIXED factor fraction rounded to 6 decimals: 1234.56 / 7000 = 0.1763657… → 0.176366',
    rules: { baseSalary: 7000, adjustment: { type: F, factor: 1234.56 } },
    expected: { adjustmentFactor: 0.176366, adjustedSalary: 8234.56 },
  },
  {
    name: 'FIXED factor on a zero base still applies; no fraction of 0 to report',
    rules: { baseSalary: 0, adjustment: { type: F, factor: 500 } },
    expected: { baseSalary: 0, adjustmentFactor: 0, adjustmentAmount: 500, grossSalary: 500 },
  },

  // Experience: per year, both types, 0 / 1 / many years, on the adjusted salary 4000.
  ...perYear(
    'experience',
    4000,
    { value: 5, type: P },
    (years, amount) => `experience 5% × ${years} years on 4000 = ${amount}`,
    [
      { years: 0, amount: 0, effect: 0 },
      { years: 1, amount: 200, effect: 5 }, // 4000 × 5% × 1
      { years: 10, amount: 2000, effect: 50 }, // 4000 × 5% × 10
    ],
    { withTotal: true },
  ),
  ...perYear(
    'experience',
    4000,
    { value: 100, type: F },
    (years, amount) => `experience FIXED 100/year × ${years} years = ${amount}`,
    [
      { years: 0, amount: 0, effect: 0 },
      { years: 1, amount: 100, effect: 2.5 }, // 100 / 4000 = 2.5%
      { years: 25, amount: 2500, effect: 62.5 }, // 100 × 25 = 2500; 2500 / 4000 = 62.5%
    ],
  ),

  // Loyalty: per year with the company, on the adjusted salary 3000.
  ...perYear(
    'loyalty',
    3000,
    { value: 2, type: P },
    (years, amount) => `loyalty 2% × ${years} years on 3000 = ${amount}`,
    [
      { years: 0, amount: 0, effect: 0 },
      { years: 1, amount: 60, effect: 2 }, // 3000 × 2%
      { years: 7, amount: 420, effect: 14 }, // 3000 × 2% × 7
    ],
  ),
  ...perYear(
    'loyalty',
    3000,
    { value: 75.25, type: F },
    (years, amount) => `loyalty FIXED 75.25/year × ${years} years = ${amount}`,
    [
      { years: 0, amount: 0, effect: 0, gross: 3000 },
      { years: 1, amount: 75.25, effect: 2.5083, gross: 3075.25 }, // 75.25 / 3000 = 2.50833…%
      { years: 12, amount: 903, effect: 30.1, gross: 3903 }, // 75.25 × 12 = 903; 903 / 3000 = 30.1%
    ],
  ),

  // Fractional years count proportionally.
  {
    name: 'fractional years: 2000 × 3% × 2.5 = 150; 100 × 0.25 = 25',
    rules: {
      baseSalary: 2000,
      multipliers: { experience: { value: 3, type: P }, loyalty: { value: 100, type: F } },
    },
    profile: { yearsExperience: 2.5, yearsWithCompany: 0.25 },
    expected: {
      experienceMultiplier: 7.5,
      loyaltyMultiplier: 1.25, // 25 / 2000
      adjustmentDetails: [
        { name: 'Experience', type: P, value: 3, amount: 150 },
        { name: 'Loyalty', type: F, value: 100, amount: 25 },
      ],
      grossSalary: 2175,
    },
  },
  {
    name: 'fractional years rounded once: 1234.56 × 1.5% × 2.75 = 50.9256 → 50.93',
    rules: { baseSalary: 1234.56, multipliers: { experience: { value: 1.5, type: P } } },
    profile: { yearsExperience: 2.75 },
    expected: { experienceMultiplier: 4.125, totalAdjustments: 50.93, grossSalary: 1285.49 },
  },

  // The four flags: a row only when the flag is set, applied once, both types.
  {
    name: 'flags off: no flag rows even with non-zero multipliers',
    rules: FOUR_FLAGS_RULES,
    expected: { adjustmentDetails: [...ZERO_YEAR_ROWS], totalAdjustments: 0, grossSalary: 5000 },
  },
  {
    name: 'all four flags on, in the fixed row order: 500 + 200 + 200 - 250 = 650',
    rules: FOUR_FLAGS_RULES,
    profile: { offshoreProject: true, actingAsDifferentGrade: true, pillar: true, remote: true },
    expected: {
      adjustmentDetails: [
        ...ZERO_YEAR_ROWS,
        { name: 'Offshore Project', type: P, value: 10, amount: 500 },
        { name: 'Acting as Different Grade', type: F, value: 200, amount: 200 },
        { name: 'Pillar', type: P, value: 4, amount: 200 },
        { name: 'Remote', type: F, value: -250, amount: -250 },
      ],
      totalAdjustments: 650,
      grossSalary: 5650,
    },
  },
  ...(
    [
      ['offshore', 'offshoreProject', 'Offshore Project'],
      ['actingAs', 'actingAsDifferentGrade', 'Acting as Different Grade'],
      ['pillar', 'pillar', 'Pillar'],
      ['remote', 'remote', 'Remote'],
    ] as const
  ).flatMap(([key, flag, label]) => [
    {
      name: `${label} PERCENTAGE 7.5% once: 5000 × 7.5% = 375 (years do not matter)`,
      rules: { baseSalary: 5000, multipliers: { [key]: { value: 7.5, type: P } } },
      profile: { [flag]: true, yearsExperience: 9, yearsWithCompany: 4 },
      expected: {
        adjustmentDetails: [...ZERO_YEAR_ROWS, { name: label, type: P, value: 7.5, amount: 375 }],
        grossSalary: 5375,
      },
    },
    {
      name: `${label} FIXED -150.75 once`,
      rules: { baseSalary: 5000, multipliers: { [key]: { value: -150.75, type: F } } },
      profile: { [flag]: true },
      expected: {
        adjustmentDetails: [...ZERO_YEAR_ROWS, { name: label, type: F, value: -150.75, amount: -150.75 }],
        grossSalary: 4849.25,
      },
    },
  ]),

  // Custom multipliers: on the adjusted salary, additive with the base ones (no compounding).
  {
    name: 'custom multipliers both types: 4000 × 12.5% = 500, plus 99.99',
    rules: {
      baseSalary: 4000,
      customMultipliers: [
        { title: 'Certification', value: 12.5, type: P },
        { title: 'On-call', value: 99.99, type: F },
      ],
    },
    expected: {
      customMultiplierDetails: [
        { name: 'Certification', type: P, value: 12.5, amount: 500 },
        { name: 'On-call', type: F, value: 99.99, amount: 99.99 },
      ],
      adjustmentDetails: [...ZERO_YEAR_ROWS],
      totalAdjustments: 599.99,
      grossSalary: 4599.99,
    },
  },
  {
    name: 'no compounding: 4400 + 4400 × 10% × 2 (880) + 4400 × 5% (220) = 5500',
    rules: {
      baseSalary: 4000,
      adjustment: { type: P, factor: 0.1 },
      multipliers: { experience: { value: 10, type: P } },
      customMultipliers: [{ title: 'Team lead', value: 5, type: P }],
    },
    profile: { yearsExperience: 2 },
    expected: { adjustedSalary: 4400, totalAdjustments: 1100, grossSalary: 5500, experienceMultiplier: 20 },
  },

  // Benefits: company cost on top of gross.
  {
    name: 'benefits: FIXED_AMOUNT 300 + 7.5% of 4321 (324.075 → 324.08)',
    rules: {
      baseSalary: 4321,
      benefits: [
        { name: 'Health', amount: 300, type: 'FIXED_AMOUNT' },
        { name: 'Pension', amount: 7.5, type: 'PERCENTAGE' },
      ],
    },
    expected: {
      selectedBenefits: [
        { name: 'Health', type: 'FIXED_AMOUNT', amount: 300 },
        { name: 'Pension', type: 'PERCENTAGE', amount: 324.08 },
      ],
      totalBenefitsCost: 624.08,
      grossSalary: 4321,
      netSalary: 4321,
      totalCost: 4945.08,
    },
  },

  // Social insurance: three methods, disabled, and not applied.
  {
    name: 'COMPANY_FULL 14% of 5000: company pays all 700',
    rules: {
      baseSalary: 5000,
      socialInsurance: { enabled: true, type: 'COMPANY_FULL', totalPercentage: 14 },
    },
    expected: {
      socialInsuranceAmount: 700,
      companySocialInsurance: 700,
      employeeSocialInsurance: 0,
      netSalary: 5000,
      totalCost: 5700,
    },
  },
  {
    name: 'COMPANY_PERCENTAGE 60% of 14% of 5000: company 420, employee 280',
    rules: {
      baseSalary: 5000,
      socialInsurance: {
        enabled: true,
        type: 'COMPANY_PERCENTAGE',
        companyPercentage: 60,
        totalPercentage: 14,
      },
    },
    expected: {
      socialInsuranceAmount: 700,
      companySocialInsurance: 420,
      employeeSocialInsurance: 280,
      netSalary: 4720,
      totalCost: 5420,
    },
  },
  {
    // 3333.33 × 11.11% = 370.332963 → 370.33; 370.33 × 33.33% = 123.430989 → 123.43; employee 246.90.
    name: 'COMPANY_PERCENTAGE with rounding at each line',
    rules: {
      baseSalary: 3333.33,
      socialInsurance: {
        enabled: true,
        type: 'COMPANY_PERCENTAGE',
        companyPercentage: 33.33,
        totalPercentage: 11.11,
      },
    },
    expected: {
      socialInsuranceAmount: 370.33,
      companySocialInsurance: 123.43,
      employeeSocialInsurance: 246.9,
      netSalary: 3086.43,
      totalCost: 3456.76,
    },
  },
  {
    name: 'EMPLOYEE_FULL 14% of 5000: employee pays all 700',
    rules: {
      baseSalary: 5000,
      socialInsurance: { enabled: true, type: 'EMPLOYEE_FULL', totalPercentage: 14 },
    },
    expected: {
      socialInsuranceAmount: 700,
      companySocialInsurance: 0,
      employeeSocialInsurance: 700,
      netSalary: 4300,
      totalCost: 5000,
    },
  },
  {
    name: 'social insurance disabled in settings: nothing, even when applied',
    rules: { baseSalary: 5000, applySocialInsurance: true, socialInsurance: { enabled: false } },
    expected: {
      socialInsuranceAmount: 0,
      companySocialInsurance: 0,
      employeeSocialInsurance: 0,
      netSalary: 5000,
    },
  },
  {
    name: 'social insurance enabled but not applied in the request: nothing',
    rules: { baseSalary: 5000, applySocialInsurance: false, socialInsurance: { enabled: true } },
    expected: {
      socialInsuranceAmount: 0,
      companySocialInsurance: 0,
      employeeSocialInsurance: 0,
      totalCost: 5000,
    },
  },

  // Negative adjustments and the floor at 0.
  {
    name: 'gross clamps at 0: 1000 - 900 - 500 = -400 → 0; percent benefit and insurance become 0',
    rules: {
      baseSalary: 1000,
      adjustment: { type: F, factor: -900 },
      multipliers: { remote: { value: -500, type: F } },
      benefits: [
        { name: 'Pension', amount: 10, type: 'PERCENTAGE' },
        { name: 'Meal', amount: 50, type: 'FIXED_AMOUNT' },
      ],
      socialInsurance: { enabled: true, type: 'COMPANY_FULL', totalPercentage: 14 },
    },
    profile: { remote: true },
    expected: {
      adjustmentFactor: -0.9,
      adjustedSalary: 100,
      totalAdjustments: -500,
      grossSalary: 0,
      selectedBenefits: [
        { name: 'Pension', type: 'PERCENTAGE', amount: 0 },
        { name: 'Meal', type: 'FIXED_AMOUNT', amount: 50 },
      ],
      totalBenefitsCost: 50,
      socialInsuranceAmount: 0,
      netSalary: 0,
      totalCost: 50,
    },
  },
  {
    name: 'factor -100% leaves adjusted 0: percents give 0, fixed amounts still count',
    rules: {
      baseSalary: 2500,
      adjustment: { type: P, factor: -1 },
      multipliers: { experience: { value: 5, type: P }, loyalty: { value: 100, type: F } },
    },
    profile: { yearsExperience: 3, yearsWithCompany: 2 },
    expected: {
      adjustmentFactor: -1,
      adjustedSalary: 0,
      experienceMultiplier: 0,
      loyaltyMultiplier: 0,
      totalAdjustments: 200,
      grossSalary: 200,
    },
  },

  // Rounding: half away from zero at exact .005 ties, for positive and negative lines.
  {
    name: 'tie: 1.01 × 50% = 0.505 → 0.51',
    rules: { baseSalary: 1.01, adjustment: { type: P, factor: 0.5 } },
    expected: { adjustmentAmount: 0.51, adjustedSalary: 1.52 },
  },
  {
    name: 'negative tie: 1.01 × -50% = -0.505 → -0.51 (not -0.50)',
    rules: { baseSalary: 1.01, adjustment: { type: P, factor: -0.5 } },
    expected: { adjustmentAmount: -0.51, adjustedSalary: 0.5 },
  },
  {
    name: 'negative multiplier tie: 1.01 × -50% once = -0.51',
    rules: { baseSalary: 1.01, multipliers: { offshore: { value: -50, type: P } } },
    profile: { offshoreProject: true },
    expected: { totalAdjustments: -0.51, grossSalary: 0.5 },
  },
  {
    name: 'per-year FIXED tie: 33.33 × 0.5 years = 16.665 → 16.67; -33.33 × 0.5 → -16.67',
    rules: {
      baseSalary: 100,
      multipliers: { experience: { value: 33.33, type: F }, loyalty: { value: -33.33, type: F } },
    },
    profile: { yearsExperience: 0.5, yearsWithCompany: 0.5 },
    expected: {
      adjustmentDetails: [
        { name: 'Experience', type: F, value: 33.33, amount: 16.67 },
        { name: 'Loyalty', type: F, value: -33.33, amount: -16.67 },
      ],
      totalAdjustments: 0,
      grossSalary: 100,
    },
  },
  {
    // 0.75 × 14% = 0.105 → 0.11; 0.11 × 50% = 0.055 → 0.06; employee 0.05.
    name: 'insurance ties: amount and company share each round half up, employee gets the rest',
    rules: {
      baseSalary: 0.75,
      socialInsurance: {
        enabled: true,
        type: 'COMPANY_PERCENTAGE',
        companyPercentage: 50,
        totalPercentage: 14,
      },
    },
    expected: {
      socialInsuranceAmount: 0.11,
      companySocialInsurance: 0.06,
      employeeSocialInsurance: 0.05,
      netSalary: 0.7,
      totalCost: 0.81,
    },
  },

  // Exactness where doubles would lose cents (the BigInt path).
  {
    // 99,999,999,999¢ × 3333 bp × 7777 hundredths / 1,000,000 = 2,592,074,099,974.079259¢ → …974¢.
    name: 'huge salary × percent × years stays exact to the cent',
    rules: { baseSalary: 999_999_999.99, multipliers: { experience: { value: 33.33, type: P } } },
    profile: { yearsExperience: 77.77 },
    expected: {
      experienceMultiplier: 2592.0741,
      totalAdjustments: 25_920_740_999.74,
      grossSalary: 26_920_740_999.73,
    },
  },
  {
    name: 'float noise in an input (0.1 + 0.2 percent) is read as the decimal it means',
    rules: { baseSalary: 1000, multipliers: { pillar: { value: 0.1 + 0.2, type: P } } },
    profile: { pillar: true },
    expected: { adjustmentDetails: [...ZERO_YEAR_ROWS, { name: 'Pillar', type: P, value: 0.3, amount: 3 }] },
  },
];

describe('calculateSalary: hand-worked cases', () => {
  it.each(cases)('$name', ({ rules, profile, expected }) => {
    const result = calculateSalary(newRules(rules), newProfile(profile));
    expect(result.details).toMatchObject(expected);
    expect(result.calculatedSalary).toBe(result.details.grossSalary);
  });

  it('returns exactly the documented detail fields', () => {
    const { details } = calculateSalary(newRules(), newProfile());
    expect(Object.keys(details).sort()).toEqual(
      [
        'baseSalary',
        'adjustmentFactor',
        'experienceMultiplier',
        'loyaltyMultiplier',
        'totalAdjustments',
        'adjustmentDetails',
        'totalBenefitsCost',
        'selectedBenefits',
        'grossSalary',
        'netSalary',
        'totalCost',
        'socialInsuranceAmount',
        'customMultiplierDetails',
        'companySocialInsurance',
        'employeeSocialInsurance',
        'adjustmentAmount',
        'adjustedSalary',
      ].sort(),
    );
  });

  it('never shows -0 (a negative rate over 0 years is 0)', () => {
    const { details } = calculateSalary(
      newRules({ multipliers: { experience: { value: -5, type: P }, loyalty: { value: -10, type: F } } }),
      newProfile(),
    );
    expect(Object.is(details.experienceMultiplier, 0)).toBe(true);
    expect(Object.is(details.adjustmentDetails[0]!.amount, 0)).toBe(true);
    expect(Object.is(details.adjustmentDetails[1]!.amount, 0)).toBe(true);
  });

  it('does not mutate its inputs', () => {
    const rules = newRules({
      adjustment: { type: P, factor: 0.1 },
      benefits: [{ name: 'Health', amount: 10, type: 'PERCENTAGE' }],
      customMultipliers: [{ title: 'X', value: 5, type: P }],
      socialInsurance: { enabled: true },
    });
    const profile = newProfile({ yearsExperience: 2, remote: true });
    const before = JSON.stringify({ rules, profile });
    calculateSalary(deepFreeze(rules), deepFreeze(profile));
    expect(JSON.stringify({ rules, profile })).toBe(before);
  });
});

describe('calculateSalary: errors', () => {
  it('throws BASE_SALARY_NOT_FOUND with the spec message when there is no base salary', () => {
    const call = () => calculateSalary(newRules({ baseSalary: null }), newProfile());
    expect(call).toThrow(SalaryEngineError);
    expect(call).toThrow(
      expect.objectContaining({
        code: 'BASE_SALARY_NOT_FOUND',
        message: 'Base salary not found for the given grade and level',
      }),
    );
  });

  const invalid: Array<[string, RulesPatch, Parameters<typeof newProfile>[0], string]> = [
    ['NaN years', {}, { yearsExperience: Number.NaN }, 'yearsExperience must be a finite number'],
    [
      'infinite years',
      {},
      { yearsWithCompany: Number.POSITIVE_INFINITY },
      'yearsWithCompany must be a finite',
    ],
    ['infinite base', { baseSalary: Number.POSITIVE_INFINITY }, {}, 'baseSalary must be a finite number'],
    [
      'NaN multiplier',
      { multipliers: { pillar: { value: Number.NaN, type: P } } },
      {},
      'multipliers.pillar.value must be a finite number',
    ],
    [
      'NaN factor',
      { adjustment: { type: P, factor: Number.NaN } },
      {},
      'adjustment.factor must be a finite number',
    ],
    [
      '-Infinity benefit',
      { benefits: [{ name: 'A', amount: Number.NEGATIVE_INFINITY, type: 'FIXED_AMOUNT' }] },
      {},
      'benefits[0].amount must be a finite number',
    ],
    [
      'NaN custom multiplier',
      { customMultipliers: [{ title: 'A', value: Number.NaN, type: F }] },
      {},
      'customMultipliers[0].value must be a finite number',
    ],
    [
      'NaN insurance percentage',
      { socialInsurance: { enabled: true, totalPercentage: Number.NaN } },
      {},
      'socialInsurance.totalPercentage must be a finite number',
    ],
    ['three-decimal years', {}, { yearsExperience: 2.555 }, 'yearsExperience must have at most 2 decimals'],
    ['negative years', {}, { yearsWithCompany: -1 }, 'yearsWithCompany must be between 0 and 100'],
    ['three-decimal money', { baseSalary: 100.001 }, {}, 'baseSalary must have at most 2 decimals'],
    [
      'percent out of range',
      { multipliers: { remote: { value: 150, type: P } } },
      {},
      'multipliers.remote.value must be between -100 and 100',
    ],
    [
      'unknown multiplier type',
      { multipliers: { remote: { value: 1, type: 'BOTH' as 'FIXED' } } },
      {},
      'multipliers.remote.type must be one of PERCENTAGE, FIXED',
    ],
  ];

  it.each(invalid)('rejects %s with INVALID_INPUT', (_label, rules, profile, message) => {
    const call = () => calculateSalary(newRules(rules), newProfile(profile));
    expect(call).toThrow(SalaryEngineError);
    expect(call).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
    expect(call).toThrow(message);
  });
});

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

describe('calculateSalary: integer input', () => {
  const rules = () =>
    engineRulesOf(newRules({ baseSalary: 1234.57, adjustment: { type: P, factor: 0.1525 } }));

  it('takes cents and basis points and answers cents and millionths', () => {
    const { details } = engineCalculate(rules(), newProfile());
    expect(details.baseSalary).toBe(123_457);
    // 1234.57 × 15.25% = 188.271925 → 188.27
    expect(details.adjustmentAmount).toBe(18_827);
    expect(details.adjustedSalary).toBe(142_284);
    expect(details.adjustmentFactor).toBe(152_500);
  });

  const refused: Array<[string, (r: SalaryRules) => SalaryRules, string]> = [
    [
      'a fraction of a cent',
      (r) => ({ ...r, baseSalary: 100.5 as Cents }),
      'baseSalary must be a whole number of cents',
    ],
    [
      'a fraction of a basis point',
      (r) => ({ ...r, adjustment: { type: P, factor: 12.5 as BasisPoints } }),
      'adjustment.factor must be a whole number of basis points',
    ],
    [
      'more than 100% in basis points',
      (r) => ({ ...r, multipliers: { ...r.multipliers, remote: { type: P, value: 10_001 as BasisPoints } } }),
      'multipliers.remote.value must be between -10000 and 10000 basis points',
    ],
    [
      'a negative fixed benefit',
      (r) => ({ ...r, benefits: [{ name: 'A', type: 'FIXED_AMOUNT', amount: -1 as Cents }] }),
      'benefits[0].amount must be between 0 and 100000000000 cents',
    ],
  ];
  it.each(refused)('refuses %s with INVALID_INPUT', (_label, change, message) => {
    const call = () => engineCalculate(change(rules()), newProfile());
    expect(call).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
    expect(call).toThrow(message);
  });
});
