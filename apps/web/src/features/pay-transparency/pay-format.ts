import { type PayCategory, TOO_FEW } from '@salary/shared/pay-transparency/pay-transparency.contract';
import { formatMoney, numberFormat } from '../../lib/company-format.tsx';

/** A gap or share as the report shows it: one decimal and a percent sign; '—' when there is none. */
export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  return `${numberFormat({ minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value)}%`;
}

/** Money, or the words that replace every figure of a small group. */
export const moneyOrTooFew = (value: number | null, tooFew: boolean) =>
  tooFew ? TOO_FEW : formatMoney(value);
export const percentOrTooFew = (value: number | null, tooFew: boolean) =>
  tooFew ? TOO_FEW : formatPercent(value);

export type CategoryStatus = 'flagged' | 'justified' | 'reported' | 'too-few';

export function categoryStatus(c: PayCategory): CategoryStatus {
  if (c.flagged) return c.justification ? 'justified' : 'flagged';
  return c.tooFew ? 'too-few' : 'reported';
}
