import type { Impact, ImpactGroup } from '@salary/shared/impact/impact.contract';
import { formatCount, formatMoney } from '../../lib/company-format.tsx';

/** Said (as an info toast) when a change touches nobody's pay; the save then goes straight on. */
export const NO_ONE_AFFECTED = 'No employee is affected by this change';

/** '+$12,340.00', '-$80.00', '$0.00'. */
export function signedMoney(value: number): string {
  if (value > 0) return `+${formatMoney(value)}`;
  return formatMoney(value);
}

/** '+2.1%', '-0.4%'; null (nothing before) → null. */
export function signedPercent(value: number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const rounded = Math.round(value * 10) / 10;
  const text = `${Math.abs(rounded).toFixed(1)}%`;
  if (rounded > 0) return `+${text}`;
  if (rounded < 0) return `-${text}`;
  return text;
}

const employeesText = (n: number) => (n === 1 ? '1 employee' : `${formatCount(n)} employees`);

/**
 * The one line a preview is read by:
 * '43 employees affected · payroll +$12,340.00 (+2.1%) · total cost +$14,870.00'.
 * Payroll only for those who may see salaries, total cost only for those who may see costs.
 */
export function impactSummary(impact: Impact): string {
  const parts = [`${employeesText(impact.employeesAffected)} affected`];
  const { totals } = impact;
  if (totals.grossDelta !== undefined) {
    const percent = signedPercent(totals.grossDeltaPercent);
    parts.push(`payroll ${signedMoney(totals.grossDelta)}${percent ? ` (${percent})` : ''}`);
  }
  if (totals.costDelta !== undefined) parts.push(`total cost ${signedMoney(totals.costDelta)}`);
  return parts.join(' · ');
}

/** The groups the change touches, as the split shows them. */
export function affectedGroups(groups: ImpactGroup[]): ImpactGroup[] {
  return groups.filter((g) => g.affected > 0);
}
