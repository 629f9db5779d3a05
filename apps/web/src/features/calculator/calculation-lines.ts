import type { CalculationDetails } from '@salary/shared/calculator/calculator.contract';
import { hasAtMostTwoDecimals } from '@salary/shared/common/money';
import type { MultiplierType } from '@salary/shared/settings/settings.contract';
import { formatNumber } from '../../lib/company-format.tsx';
import { formatDollars, formatRate } from './calculation-format.ts';

/** The years a per-year multiplier counted, as the form sent them. */
export interface YearsUsed {
  yearsExperience: number;
  yearsWithCompany: number;
}

const years = (n: number) => `${formatNumber(n)} ${n === 1 ? 'year' : 'years'}`;

/**
 * How the (job, position) adjustment came about: "10% of $6,500.00" for a percentage rule, or
 * "Fixed amount" when the factor is not a whole hundredth of a percent (a fixed rule reports
 * adjustment ÷ base, e.g. 0.068182). The answer carries no type, so this reads it off the
 * factor: a fixed amount that happens to be an exact percent reads as that percent, which is
 * the same figure.
 */
export function adjustmentRule(
  d: Pick<CalculationDetails, 'adjustmentFactor' | 'adjustmentAmount' | 'baseSalary'>,
): string {
  if (d.adjustmentAmount === 0 && d.adjustmentFactor === 0) return 'No adjustment for this job and position';
  const percent = d.adjustmentFactor * 100;
  const exactPercent = hasAtMostTwoDecimals(percent);
  if (!exactPercent || d.baseSalary === 0) return 'Fixed amount';
  return `${formatRate(percent, 'PERCENTAGE')} of ${formatDollars(d.baseSalary)}`;
}

/**
 * One multiplier as arithmetic the reader can check: "2% × 6 years of $7,150.00 = $858.00",
 * "5% of $7,150.00 = $357.50", "$100.00 × 6 years = $600.00", "Fixed $300.00".
 */
export function multiplierLine(
  row: { type: MultiplierType; value: number; amount: number },
  adjustedSalary: number,
  perYear: number | null,
): string {
  const rate = formatRate(row.value, row.type);
  const result = formatDollars(row.amount);
  if (row.type === 'FIXED') {
    return perYear === null ? `Fixed ${rate}` : `${rate} × ${years(perYear)} = ${result}`;
  }
  const of = formatDollars(adjustedSalary);
  return perYear === null
    ? `${rate} of ${of} = ${result}`
    : `${rate} × ${years(perYear)} of ${of} = ${result}`;
}
