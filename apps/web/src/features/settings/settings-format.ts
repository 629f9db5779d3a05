import { formatMoney } from '@salary/shared/common/money';
import type { BenefitType, MultiplierType } from '@salary/shared/settings/settings.contract';

const percentFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** 7.5 → '7.5%', -3 → '-3%': stored percentages have at most two decimals. */
export function formatPercent(value: number): string {
  return `${percentFormat.format(value)}%`;
}

export const MULTIPLIER_TYPE_LABELS: Record<MultiplierType, string> = {
  PERCENTAGE: 'Percentage',
  FIXED: 'Fixed Amount',
};

export const BENEFIT_TYPE_LABELS: Record<BenefitType, string> = {
  FIXED_AMOUNT: 'Fixed Amount',
  PERCENTAGE: 'Percentage of Salary',
};

/** A multiplier's configured value the way it reads: '7.5%' or '$250.00'. */
export function formatMultiplierValue(value: number, type: MultiplierType): string {
  return type === 'PERCENTAGE' ? formatPercent(value) : formatMoney(value);
}

/** A benefit's amount the way it reads: '$180.00' or '5% of gross salary'. */
export function formatBenefitAmount(amount: number, type: BenefitType): string {
  return type === 'PERCENTAGE' ? `${formatPercent(amount)} of gross salary` : formatMoney(amount);
}
