import { remainingPercent } from '@salary/shared/common/money';
import {
  type Settings,
  SOCIAL_INSURANCE_TYPES,
  updateSettingsBody,
} from '@salary/shared/settings/settings.contract';
import { SOCIAL_INSURANCE_TYPE_LABELS } from '@salary/shared/settings/settings-labels';
import { z } from 'zod';
import { type NumberInputValue, numberInputValue } from '../../lib/number-input-value.ts';

export { SOCIAL_INSURANCE_TYPE_LABELS };

export const SOCIAL_INSURANCE_TYPE_OPTIONS = SOCIAL_INSURANCE_TYPES.map((value) => ({
  value,
  label: SOCIAL_INSURANCE_TYPE_LABELS[value],
}));

const contract = updateSettingsBody.shape;

export const socialInsuranceForm = z
  .object({
    socialInsuranceEnabled: z.boolean(),
    socialInsuranceType: z.enum(SOCIAL_INSURANCE_TYPES),
    companyInsurancePercentage: numberInputValue,
    totalInsurancePercentage: numberInputValue,
  })
  .pipe(
    z.object({
      socialInsuranceEnabled: z.boolean(),
      socialInsuranceType: contract.socialInsuranceType,
      companyInsurancePercentage: contract.companyInsurancePercentage,
      totalInsurancePercentage: contract.totalInsurancePercentage,
    }),
  );
export type SocialInsuranceFormValues = z.input<typeof socialInsuranceForm>;
export type SocialInsuranceFormOutput = z.output<typeof socialInsuranceForm>;

export const SOCIAL_INSURANCE_FIELDS: readonly string[] = [
  'socialInsuranceEnabled',
  'socialInsuranceType',
  'companyInsurancePercentage',
  'totalInsurancePercentage',
];

export function socialInsuranceFormValues(settings: Settings): SocialInsuranceFormValues {
  return {
    socialInsuranceEnabled: settings.socialInsuranceEnabled,
    socialInsuranceType: settings.socialInsuranceType,
    companyInsurancePercentage: settings.companyInsurancePercentage,
    totalInsurancePercentage: settings.totalInsurancePercentage,
  };
}

/**
 * The company percentage only means something under "Company pays a percentage"; under the other
 * methods its input is hidden, so it keeps the stored value rather than block the save.
 */
export function withHiddenFieldsKept(
  values: SocialInsuranceFormValues,
  stored: Pick<Settings, 'companyInsurancePercentage'>,
): SocialInsuranceFormValues {
  return values.socialInsuranceType === 'COMPANY_PERCENTAGE'
    ? values
    : { ...values, companyInsurancePercentage: stored.companyInsurancePercentage };
}

/** Under the company-percentage method the employee pays 100 minus the company's share. */
export function employeeSharePercent(company: NumberInputValue): number | null {
  if (typeof company !== 'number' || !Number.isFinite(company) || company < 0 || company > 100) return null;
  return remainingPercent(company);
}
