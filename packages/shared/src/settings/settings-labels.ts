import { formatNumber } from '../common/date-time.ts';
import { formatMoney, type MoneyFormat } from '../common/money.ts';
import {
  BASE_MULTIPLIERS,
  type BenefitType,
  type MultiplierType,
  type SocialInsuranceType,
} from './settings.contract.ts';

/*
 * The settings screens' words for stored values, in one table: the forms' options and lists
 * use them, and so does every text the server writes about a settings change (audit, pay
 * history), so a change reads the way the form that made it reads.
 */

export const MULTIPLIER_TYPE_LABELS: Record<MultiplierType, string> = {
  PERCENTAGE: 'Percentage',
  FIXED: 'Fixed Amount',
};

export const BENEFIT_TYPE_LABELS: Record<BenefitType, string> = {
  FIXED_AMOUNT: 'Fixed Amount',
  PERCENTAGE: 'Percentage of Salary',
};

export const SOCIAL_INSURANCE_TYPE_LABELS: Record<SocialInsuranceType, string> = {
  COMPANY_FULL: 'Company pays all',
  COMPANY_PERCENTAGE: 'Company pays a percentage',
  EMPLOYEE_FULL: 'Employee pays all',
};

/** The settings record's scalar fields as the settings forms label them. */
export const SETTINGS_FIELD_LABELS: Record<string, string> = {
  ...Object.fromEntries(
    BASE_MULTIPLIERS.flatMap((m) => [
      [m.key, `${m.label} multiplier`],
      [m.typeKey, `${m.label} multiplier type`],
    ]),
  ),
  customMultipliers: 'Custom multipliers',
  benefits: 'Benefits',
  socialInsuranceEnabled: 'Social insurance',
  socialInsuranceType: 'Payment method',
  totalInsurancePercentage: 'Total percentage',
  companyInsurancePercentage: 'Company percentage',
};

/** 7.5 → '7.5%' ('7,5%' in de-DE), -3 → '-3%': stored percentages have at most two decimals. */
export function formatPercent(value: number, format: Pick<MoneyFormat, 'locale'>): string {
  return `${formatNumber(value, format)}%`;
}

/** A multiplier's configured value the way it reads: '7.5%' or '$250.00'. */
export function formatMultiplierValue(value: number, type: MultiplierType, format: MoneyFormat): string {
  return type === 'PERCENTAGE' ? formatPercent(value, format) : formatMoney(value, format);
}

/** A benefit's amount the way it reads: '$180.00' or '5% of gross salary'. */
export function formatBenefitAmount(amount: number, type: BenefitType, format: MoneyFormat): string {
  return type === 'PERCENTAGE'
    ? `${formatPercent(amount, format)} of gross salary`
    : formatMoney(amount, format);
}
