import { zodResolver } from '@hookform/resolvers/zod';
import { type CalculateBody, calculateBody } from '@salary/shared/calculator/calculator.contract';
import type { Settings } from '@salary/shared/settings/settings.contract';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import type { NumberInputValue } from '../../lib/number-input-value.ts';

/** The profile fields, checked by the contract's own rules ('Job is required', empty years → 0…). */
const calculatorForm = calculateBody
  .pick({
    jobId: true,
    positionId: true,
    gradeId: true,
    levelId: true,
    yearsExperience: true,
    yearsWithCompany: true,
    offshoreProject: true,
    actingAsDifferentGrade: true,
    pillar: true,
    remote: true,
  })
  .extend({ applySocialInsurance: z.boolean() });

export type CalculatorProfile = z.output<typeof calculatorForm>;

/** What the inputs hold: selects answer string ids or null, number inputs a number or text. */
export interface CalculatorFormValues {
  jobId: string | null;
  positionId: string | null;
  gradeId: string | null;
  levelId: string | null;
  yearsExperience: NumberInputValue;
  yearsWithCompany: NumberInputValue;
  offshoreProject: boolean;
  actingAsDifferentGrade: boolean;
  pillar: boolean;
  remote: boolean;
  applySocialInsurance: boolean;
}

// The contract coerces ids and years from any input (its input type is `unknown`); the inputs
// above are what this form feeds it, so the resolver is typed to them.
export const calculatorResolver = zodResolver(calculatorForm) as unknown as Resolver<
  CalculatorFormValues,
  unknown,
  CalculatorProfile
>;

export const REQUIRED_FIELDS = ['jobId', 'positionId', 'gradeId', 'levelId'] as const;

/** Apply Social Insurance starts checked; everything else starts empty or off. */
export const EMPTY_CALCULATOR_FORM: CalculatorFormValues = {
  jobId: null,
  positionId: null,
  gradeId: null,
  levelId: null,
  yearsExperience: '',
  yearsWithCompany: '',
  offshoreProject: false,
  actingAsDifferentGrade: false,
  pillar: false,
  remote: false,
  applySocialInsurance: true,
};

/** The stored lists the checkboxes come from. */
export type CalculatorOptions = Pick<Settings, 'benefits' | 'customMultipliers'>;

/**
 * The user's picks, keyed by benefit name and custom multiplier id. A name or id not in the map
 * takes its default: benefits start checked, custom multipliers unchecked.
 */
export interface CalculatorSelection {
  benefits: Record<string, boolean>;
  customMultipliers: Record<string, boolean>;
}

export const isBenefitSelected = (selection: CalculatorSelection, name: string) =>
  selection.benefits[name] ?? true;
export const isCustomMultiplierChecked = (selection: CalculatorSelection, id: string) =>
  selection.customMultipliers[id] ?? false;

/**
 * POST /calculate's body: benefits as a JSON string of {name: selected}, custom
 * multipliers as a JSON string of [{title, type, value, checked}], settings {applySocialInsurance}.
 */
export function buildCalculatePayload(
  profile: CalculatorProfile,
  options: CalculatorOptions,
  selection: CalculatorSelection,
): CalculateBody {
  const { applySocialInsurance, ...rest } = profile;
  const benefits = Object.fromEntries(
    options.benefits.map((b) => [b.name, isBenefitSelected(selection, b.name)]),
  );
  const customMultipliers = options.customMultipliers.map((m) => ({
    title: m.title,
    type: m.type,
    value: m.multiplier,
    checked: isCustomMultiplierChecked(selection, m.id),
  }));
  return {
    ...rest,
    benefits: JSON.stringify(benefits),
    customMultipliers: JSON.stringify(customMultipliers),
    settings: { applySocialInsurance },
  };
}
