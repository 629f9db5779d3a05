import type { MultiplierType } from '@salary/shared/settings/settings.contract';
import { formatMoney, formatNumber, numberFormat } from '../../lib/company-format.tsx';

/** The company's currency with cents: '$4,904.82', '-$119.07' in USD/en-US. */
export function formatDollars(value: number): string {
  return formatMoney(value);
}

/**
 * A percent with one decimal, half away from zero: 4.45 → '4.5%', -4.45 → '-4.5%'; never '-0.0%'.
 * toFixed alone rounds the binary value, and 0.35 is stored as 0.34999….
 */
export function formatPercentOneDecimal(percent: number): string {
  const tenths = Math.round(Math.abs(Math.round(percent * 1_000_000) / 100_000));
  const signed = percent < 0 && tenths !== 0 ? -tenths : tenths;
  return `${numberFormat({ minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(signed / 10)}%`;
}

/** The adjustment factor is a fraction; the panel shows it ×100 with one decimal. */
export function formatAdjustmentFactor(fraction: number): string {
  return formatPercentOneDecimal(fraction * 100);
}

/** How a row's multiplier was configured: '1.5%' or '$300.00'. */
export function formatRate(value: number, type: MultiplierType): string {
  if (type === 'FIXED') return formatMoney(value);
  return `${formatNumber(value)}%`;
}
