import { z } from 'zod';
import { numericInput, requiredId, requiredText } from '../common/fields.ts';
import { jsonField } from '../common/json-field.ts';
import { hasAtMostTwoDecimals } from '../common/money.ts';
import { asOfQuery } from '../employees/dated.contract.ts';

const years = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? 0 : numericInput(v)),
    z
      .number({ error: `${label} must be a number` })
      .refine(Number.isFinite, `${label} must be a number`)
      .min(0, `${label} cannot be negative`)
      .max(100, `${label} must be at most 100`)
      .refine(hasAtMostTwoDecimals, `${label} can have at most 2 decimals`),
  );

const flag = z.boolean({ error: 'Must be true or false' }).default(false);

/** What the calculator screen sends for one custom multiplier (taken as sent: a what-if). */
export const calculatorCustomMultiplier = z.object({
  title: requiredText('Custom multiplier title', 100),
  type: z.enum(['PERCENTAGE', 'FIXED'], { error: 'Type must be PERCENTAGE or FIXED' }),
  value: z.preprocess(
    numericInput,
    z
      .number({ error: 'Custom multiplier value must be a number' })
      .refine(Number.isFinite, 'Custom multiplier value must be a number'),
  ),
  checked: z.boolean().default(false),
});

/**
 * POST /calculate. `benefits`: JSON string (or object) of stored benefit name →
 * selected; names not given count as selected. `customMultipliers`: JSON string (or list)
 * of {title, type, value, checked}. `settings.applySocialInsurance` defaults to true.
 */
export const calculateBody = z.object({
  jobId: requiredId('Job'),
  positionId: requiredId('Position'),
  gradeId: requiredId('Grade'),
  levelId: requiredId('Level'),
  yearsExperience: years('Years of Experience'),
  yearsWithCompany: years('Years with Company'),
  offshoreProject: flag,
  actingAsDifferentGrade: flag,
  pillar: flag,
  remote: flag,
  benefits: jsonField(
    'benefits',
    z.record(z.string(), z.boolean({ error: 'Each benefit must be true or false' })),
  ).optional(),
  customMultipliers: jsonField('customMultipliers', z.array(calculatorCustomMultiplier).max(50)).optional(),
  settings: z
    .object({
      applySocialInsurance: z.boolean({ error: 'applySocialInsurance must be true or false' }).optional(),
    })
    .loose()
    .optional(),
  /** The day whose rules price the profile (YYYY-MM-DD); absent: today. */
  asOf: asOfQuery.shape.asOf,
});
export type CalculateBody = z.input<typeof calculateBody>;
export type CalculateInput = z.output<typeof calculateBody>;

/** What the company pays beyond the salary: absent from the answer without showCost. */
export const COST_DETAIL_KEYS = [
  'totalCost',
  'totalBenefitsCost',
  'selectedBenefits',
  'companySocialInsurance',
  'socialInsuranceAmount',
] as const;
export type CostKey = (typeof COST_DETAIL_KEYS)[number];

const multiplierType = z.enum(['PERCENTAGE', 'FIXED']);

/** One applied multiplier; `value` as configured, `amount` the dollars it adds to the gross. */
const adjustmentRow = z.object({
  name: z.string(),
  type: multiplierType,
  value: z.number(),
  amount: z.number(),
});
/** One selected benefit and the dollars it costs the company. */
const benefitRow = z.object({
  name: z.string(),
  type: z.enum(['FIXED_AMOUNT', 'PERCENTAGE']),
  amount: z.number(),
});

/**
 * The salary engine's details (see docs/salary-formula.md; money in dollars with at most 2
 * decimals), the cost keys optional: they are absent for users without showCost.
 */
export const calculationDetailsSchema = z.object({
  baseSalary: z.number(),
  adjustmentFactor: z.number(),
  experienceMultiplier: z.number(),
  loyaltyMultiplier: z.number(),
  totalAdjustments: z.number(),
  adjustmentDetails: z.array(adjustmentRow),
  totalBenefitsCost: z.number().optional(),
  selectedBenefits: z.array(benefitRow).optional(),
  grossSalary: z.number(),
  netSalary: z.number(),
  totalCost: z.number().optional(),
  socialInsuranceAmount: z.number().optional(),
  customMultiplierDetails: z.array(adjustmentRow),
  companySocialInsurance: z.number().optional(),
  employeeSocialInsurance: z.number(),
  adjustmentAmount: z.number(),
  adjustedSalary: z.number(),
});
export type CalculationDetails = z.infer<typeof calculationDetailsSchema>;

/** POST /calculate `data`: the engine's result, cost figures left out for users without showCost. */
export const calculationResultSchema = z.object({
  /** Equal to details.grossSalary. */
  calculatedSalary: z.number(),
  details: calculationDetailsSchema,
  companySocialInsurance: z.number().optional(),
  employeeSocialInsurance: z.number(),
});
export type CalculationResult = z.infer<typeof calculationResultSchema>;
