import {
  type AdjustmentType,
  percentFromFactor,
} from '@salary/shared/adjustment-factors/adjustment-factors.contract';
import { numberFormat } from '../company-format.tsx';

// 'exceptZero' gives '+12' and '-5' but a plain '0'; Intl rounds half away from zero.
const wholePercent = () => numberFormat({ maximumFractionDigits: 0, signDisplay: 'exceptZero' });
const signedAmount = () =>
  numberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero' });

/**
 * The list's Factor column: a PERCENTAGE factor is stored as a fraction and shown as a
 * signed whole percent ('+12%'); a FIXED factor is an amount shown signed with 2 decimals ('+150.00').
 */
export function formatFactor(type: AdjustmentType, factor: number): string {
  if (!Number.isFinite(factor)) return '—';
  if (type === 'PERCENTAGE') return `${wholePercent().format(percentFromFactor(factor))}%`;
  return signedAmount().format(factor);
}

export const ADJUSTMENT_TYPE_LABELS: Record<AdjustmentType, string> = {
  PERCENTAGE: 'Percentage',
  FIXED: 'Fixed amount',
};
