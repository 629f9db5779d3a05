import { z } from 'zod';
import { plainText, requiredText } from '../common/fields.ts';
import {
  boundedDecimalField,
  choiceField,
  decimalField,
  flagField,
  jsonListField,
} from './settings.fields.ts';

/*
 * The single settings record: six base multipliers, custom multipliers, benefits and social
 * insurance ("Settings"). Bounds match the salary engine's input domain, so a saved
 * record can always be calculated with.
 */

export const MULTIPLIER_TYPES = ['PERCENTAGE', 'FIXED'] as const;
export const BENEFIT_TYPES = ['FIXED_AMOUNT', 'PERCENTAGE'] as const;
export const SOCIAL_INSURANCE_TYPES = ['COMPANY_FULL', 'COMPANY_PERCENTAGE', 'EMPLOYEE_FULL'] as const;
export type MultiplierType = (typeof MULTIPLIER_TYPES)[number];
export type BenefitType = (typeof BENEFIT_TYPES)[number];
export type SocialInsuranceType = (typeof SOCIAL_INSURANCE_TYPES)[number];

export const SETTINGS_LIMITS = {
  /** PERCENTAGE multipliers and percentage benefits/insurance are percent, at most this. */
  maxPercent: 100,
  /** FIXED multipliers and FIXED_AMOUNT benefits are dollars, at most this in absolute value. */
  maxFixed: 999_999_999.99,
  maxNameLength: 100,
  maxIdLength: 64,
  maxBenefits: 50,
  maxCustomMultipliers: 50,
} as const;

/** New custom multipliers carry a client-side id with this prefix (or none) until saved. */
export const TEMP_ID_PREFIX = 'tmp-';
export const isTemporaryId = (id: string | undefined): boolean =>
  id === undefined || id.startsWith(TEMP_ID_PREFIX);

/** The envelope's `error` code of a save made from an outdated version (reload, then retry). */
export const SETTINGS_STALE_ERROR = 'STALE_VERSION';

/** The six base multipliers in screen order, with the name the calculator shows. */
export const BASE_MULTIPLIERS = [
  { key: 'experienceMultiplier', typeKey: 'experienceMultiplierType', label: 'Experience' },
  { key: 'loyaltyMultiplier', typeKey: 'loyaltyMultiplierType', label: 'Loyalty' },
  { key: 'offshoreMultiplier', typeKey: 'offshoreMultiplierType', label: 'Offshore Project' },
  { key: 'actingAsMultiplier', typeKey: 'actingAsMultiplierType', label: 'Acting as Different Grade' },
  { key: 'pillarMultiplier', typeKey: 'pillarMultiplierType', label: 'Pillar' },
  { key: 'remoteMultiplier', typeKey: 'remoteMultiplierType', label: 'Remote' },
] as const;

export const multiplierTypeSchema = choiceField(MULTIPLIER_TYPES, 'Multiplier Type');
export const benefitTypeSchema = choiceField(BENEFIT_TYPES, 'Benefit Type');
export const socialInsuranceTypeSchema = choiceField(SOCIAL_INSURANCE_TYPES, 'Payment method');

const { maxPercent, maxFixed } = SETTINGS_LIMITS;

/** Any multiplier value: ±maxFixed here; the ±100 rule of PERCENTAGE needs the type (below). */
const multiplierValue = (label: string, required?: string) =>
  boundedDecimalField(
    label,
    -maxFixed,
    maxFixed,
    `${label} must be between -999,999,999.99 and 999,999,999.99`,
    required,
  );

/** A PERCENTAGE multiplier lies within ±100; anything else (a FIXED one, a value not typed yet) passes. */
export const withinPercentRange = (value: unknown, type: unknown): boolean =>
  type !== 'PERCENTAGE' || typeof value !== 'number' || Math.abs(value) <= maxPercent;

export const percentRangeMessage = (label: string) => `${label} must be between -100 and 100 percent`;

function checkPercentRange(
  ctx: z.RefinementCtx,
  value: number,
  type: MultiplierType,
  label: string,
  path: PropertyKey[],
) {
  if (!withinPercentRange(value, type)) {
    ctx.addIssue({ code: 'custom', path, message: percentRangeMessage(label) });
  }
}

const percentage = (label: string) =>
  boundedDecimalField(label, 0, maxPercent, `${label} must be between 0 and 100`);

/* ---------------------------------------------------------------- custom multipliers */

const customMultiplierId = plainText('Custom multiplier id')
  .trim()
  .min(1, 'Custom multiplier id must not be empty')
  .max(
    SETTINGS_LIMITS.maxIdLength,
    `Custom multiplier id must be at most ${SETTINGS_LIMITS.maxIdLength} characters`,
  );

const customMultiplierFields = {
  title: requiredText('Title', SETTINGS_LIMITS.maxNameLength),
  multiplier: multiplierValue('Multiplier Value', 'Multiplier Value is required'),
  type: multiplierTypeSchema.default('PERCENTAGE'),
};

const customMultiplierRange = (m: { multiplier: number; type: MultiplierType }, ctx: z.RefinementCtx) =>
  checkPercentRange(ctx, m.multiplier, m.type, 'Multiplier Value', ['multiplier']);

/** The Custom Multiplier modal (Title, Multiplier Value, Multiplier Type). */
export const customMultiplierFormSchema = z.object(customMultiplierFields).superRefine(customMultiplierRange);

/** A custom multiplier as the screen holds it (new ones with a `tmp-` id) and as stored. */
export const customMultiplierSchema = z
  .object({ id: customMultiplierId, ...customMultiplierFields })
  .superRefine(customMultiplierRange);
export type CustomMultiplier = z.output<typeof customMultiplierSchema>;

/** In a save the id may be missing or temporary: the server then assigns a stable one. */
const customMultiplierInput = z
  .object({ id: customMultiplierId.optional(), ...customMultiplierFields })
  .superRefine(customMultiplierRange);

/* ---------------------------------------------------------------- benefits */

/** A benefit (the Benefits add form and an item of the stored list). */
export const benefitSchema = z
  .object({
    name: requiredText('Benefit Name', SETTINGS_LIMITS.maxNameLength),
    amount: decimalField('Amount').refine((v) => v >= 0, 'Amount must be 0 or more'),
    type: benefitTypeSchema.default('FIXED_AMOUNT'),
  })
  .superRefine((b, ctx) => {
    const percent = b.type === 'PERCENTAGE';
    const max = percent ? maxPercent : maxFixed;
    if (b.amount > max) {
      const message = percent
        ? 'A percentage benefit must be at most 100 percent'
        : 'Amount must be at most 999,999,999.99';
      ctx.addIssue({ code: 'custom', path: ['amount'], message });
    }
  });
export type Benefit = z.output<typeof benefitSchema>;

/** The first benefit name that repeats an earlier one, ignoring case and outer spaces. */
export function findDuplicateBenefitName(benefits: ReadonlyArray<{ name: string }>): string | undefined {
  const seen = new Set<string>();
  for (const { name } of benefits) {
    const key = name.trim().toLowerCase();
    if (seen.has(key)) return name.trim();
    seen.add(key);
  }
  return undefined;
}

/* ---------------------------------------------------------------- the record */

/** Ids the client sent must differ: employees refer to custom multipliers by id. */
function uniqueIds(list: ReadonlyArray<{ id?: string }>, ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  list.forEach((m, i) => {
    if (m.id === undefined) return;
    if (seen.has(m.id)) {
      const message = `Custom multiplier id "${m.id}" is used more than once`;
      ctx.addIssue({ code: 'custom', path: [i, 'id'], message });
    }
    seen.add(m.id);
  });
}

/**
 * PUT /api/settings: the whole record. `benefits` and `customMultipliers` as JSON strings or
 * lists; `socialInsuranceEnabled` as a boolean or 0/1. `version` is the version the client
 * read: a save from an older one is refused (409); without it the last save wins.
 */
export const updateSettingsBody = z
  .object({
    experienceMultiplier: multiplierValue('Experience multiplier'),
    experienceMultiplierType: choiceField(MULTIPLIER_TYPES, 'Experience multiplier type'),
    loyaltyMultiplier: multiplierValue('Loyalty multiplier'),
    loyaltyMultiplierType: choiceField(MULTIPLIER_TYPES, 'Loyalty multiplier type'),
    offshoreMultiplier: multiplierValue('Offshore Project multiplier'),
    offshoreMultiplierType: choiceField(MULTIPLIER_TYPES, 'Offshore Project multiplier type'),
    actingAsMultiplier: multiplierValue('Acting as Different Grade multiplier'),
    actingAsMultiplierType: choiceField(MULTIPLIER_TYPES, 'Acting as Different Grade multiplier type'),
    pillarMultiplier: multiplierValue('Pillar multiplier'),
    pillarMultiplierType: choiceField(MULTIPLIER_TYPES, 'Pillar multiplier type'),
    remoteMultiplier: multiplierValue('Remote multiplier'),
    remoteMultiplierType: choiceField(MULTIPLIER_TYPES, 'Remote multiplier type'),
    customMultipliers: jsonListField(
      'customMultipliers',
      z
        .array(customMultiplierInput, { error: 'customMultipliers must be a list' })
        .max(SETTINGS_LIMITS.maxCustomMultipliers, 'At most 50 custom multipliers are allowed')
        .superRefine(uniqueIds),
    ),
    benefits: jsonListField(
      'benefits',
      z
        .array(benefitSchema, { error: 'benefits must be a list' })
        .max(SETTINGS_LIMITS.maxBenefits, 'At most 50 benefits are allowed'),
    ),
    socialInsuranceEnabled: flagField('socialInsuranceEnabled'),
    socialInsuranceType: socialInsuranceTypeSchema,
    companyInsurancePercentage: percentage('Company insurance percentage'),
    totalInsurancePercentage: percentage('Total insurance percentage'),
    version: z
      .number({ error: 'version must be a whole number' })
      .int('version must be a whole number')
      .positive('version must be a whole number')
      .max(2_147_483_647, 'version is out of range')
      .optional(),
  })
  .superRefine((body, ctx) => {
    for (const m of BASE_MULTIPLIERS) {
      checkPercentRange(ctx, body[m.key], body[m.typeKey], `${m.label} multiplier`, [m.key]);
    }
  });
export type UpdateSettingsBody = z.input<typeof updateSettingsBody>;
export type UpdateSettingsInput = z.output<typeof updateSettingsBody>;

/* ---------------------------------------------------------------- the read shape */

/**
 * GET /api/settings `data` (and the PUT answer). Plain types only: the rules are on the
 * write side, and every stored record passed them.
 */
export const settingsSchema = z.object({
  experienceMultiplier: z.number(),
  experienceMultiplierType: z.enum(MULTIPLIER_TYPES),
  loyaltyMultiplier: z.number(),
  loyaltyMultiplierType: z.enum(MULTIPLIER_TYPES),
  offshoreMultiplier: z.number(),
  offshoreMultiplierType: z.enum(MULTIPLIER_TYPES),
  actingAsMultiplier: z.number(),
  actingAsMultiplierType: z.enum(MULTIPLIER_TYPES),
  pillarMultiplier: z.number(),
  pillarMultiplierType: z.enum(MULTIPLIER_TYPES),
  remoteMultiplier: z.number(),
  remoteMultiplierType: z.enum(MULTIPLIER_TYPES),
  customMultipliers: z.array(
    z.object({ id: z.string(), title: z.string(), multiplier: z.number(), type: z.enum(MULTIPLIER_TYPES) }),
  ),
  benefits: z.array(z.object({ name: z.string(), amount: z.number(), type: z.enum(BENEFIT_TYPES) })),
  socialInsuranceEnabled: z.boolean(),
  socialInsuranceType: z.enum(SOCIAL_INSURANCE_TYPES),
  companyInsurancePercentage: z.number(),
  totalInsurancePercentage: z.number(),
  /** Increases by one on every save; send it back with the next PUT. */
  version: z.number().int(),
  /** ISO 8601 time of the last save. */
  updatedAt: z.string(),
});
export type Settings = z.infer<typeof settingsSchema>;

/**
 * The settings as users who may not read the money rules get them: names,
 * titles, ids and types — enough for the employee form to list custom multipliers by title —
 * and no multiplier, benefit or insurance value.
 */
export const settingsWithoutValuesSchema = z.object({
  experienceMultiplierType: z.enum(MULTIPLIER_TYPES),
  loyaltyMultiplierType: z.enum(MULTIPLIER_TYPES),
  offshoreMultiplierType: z.enum(MULTIPLIER_TYPES),
  actingAsMultiplierType: z.enum(MULTIPLIER_TYPES),
  pillarMultiplierType: z.enum(MULTIPLIER_TYPES),
  remoteMultiplierType: z.enum(MULTIPLIER_TYPES),
  customMultipliers: z.array(z.object({ id: z.string(), title: z.string(), type: z.enum(MULTIPLIER_TYPES) })),
  benefits: z.array(z.object({ name: z.string(), type: z.enum(BENEFIT_TYPES) })),
  socialInsuranceEnabled: z.boolean(),
  socialInsuranceType: z.enum(SOCIAL_INSURANCE_TYPES),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type SettingsWithoutValues = z.infer<typeof settingsWithoutValuesSchema>;

/** GET /api/settings answers one of the two, by the caller's permissions. */
export const settingsReadSchema = z.union([settingsSchema, settingsWithoutValuesSchema]);
export type SettingsRead = Settings | SettingsWithoutValues;

export function withoutValues(settings: Settings): SettingsWithoutValues {
  return {
    experienceMultiplierType: settings.experienceMultiplierType,
    loyaltyMultiplierType: settings.loyaltyMultiplierType,
    offshoreMultiplierType: settings.offshoreMultiplierType,
    actingAsMultiplierType: settings.actingAsMultiplierType,
    pillarMultiplierType: settings.pillarMultiplierType,
    remoteMultiplierType: settings.remoteMultiplierType,
    customMultipliers: settings.customMultipliers.map(({ id, title, type }) => ({ id, title, type })),
    benefits: settings.benefits.map(({ name, type }) => ({ name, type })),
    socialInsuranceEnabled: settings.socialInsuranceEnabled,
    socialInsuranceType: settings.socialInsuranceType,
    version: settings.version,
    updatedAt: settings.updatedAt,
  };
}

/** The record as the first migration creates it: tests and seeds start from it. */
export const DEFAULT_SETTINGS_VALUES = {
  experienceMultiplier: 0,
  experienceMultiplierType: 'PERCENTAGE',
  loyaltyMultiplier: 0,
  loyaltyMultiplierType: 'PERCENTAGE',
  offshoreMultiplier: 0,
  offshoreMultiplierType: 'PERCENTAGE',
  actingAsMultiplier: 0,
  actingAsMultiplierType: 'PERCENTAGE',
  pillarMultiplier: 0,
  pillarMultiplierType: 'PERCENTAGE',
  remoteMultiplier: 0,
  remoteMultiplierType: 'PERCENTAGE',
  customMultipliers: [],
  benefits: [],
  socialInsuranceEnabled: true,
  socialInsuranceType: 'COMPANY_FULL',
  companyInsurancePercentage: 100,
  totalInsurancePercentage: 14,
} as const satisfies Omit<Settings, 'version' | 'updatedAt'>;
