import type { BackPay } from '@salary/shared/impact/impact.contract';
import { formatDay, formatMoney } from '../../lib/company-format.tsx';

/**
 * A save dated in the past: what it owes for the days since, as the toast says it ("Back pay
 * owed from 15 Sep 2026: $812.40 gross, $950.51 total cost"); the Audit Log keeps it.
 */
export function backPayLine(backPay: BackPay | undefined): string | null {
  if (!backPay) return null;
  const figures = [
    backPay.totals.gross !== undefined ? `${formatMoney(backPay.totals.gross)} gross` : null,
    backPay.totals.cost !== undefined ? `${formatMoney(backPay.totals.cost)} total cost` : null,
  ].filter(Boolean);
  if (backPay.employeeCount === 0) return `No back pay owed from ${formatDay(backPay.from)}`;
  return figures.length ? `Back pay owed from ${formatDay(backPay.from)}: ${figures.join(', ')}` : null;
}
