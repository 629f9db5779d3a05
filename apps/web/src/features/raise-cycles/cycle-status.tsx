import { Badge } from '@mantine/core';
import type { RaiseCycle, RaiseCycleStatus } from '@salary/shared/raise-cycles/raise-cycles.contract';
import { formatMoney, formatPercent } from '../../lib/company-format.tsx';

export const STATUS_LABELS: Record<RaiseCycleStatus, string> = {
  DRAFT: 'Draft',
  SUBMITTED: 'Submitted',
  APPROVED: 'Approved',
  APPLIED: 'Applied',
};
const STATUS_COLORS: Record<RaiseCycleStatus, string> = {
  DRAFT: 'gray',
  SUBMITTED: 'blue',
  APPROVED: 'teal',
  APPLIED: 'green',
};

export function StatusBadge({ status }: { status: RaiseCycleStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {STATUS_LABELS[status]}
    </Badge>
  );
}

/** "3% of payroll", "$1,000.00 a month", or, for a manager limited to a team, "Amount a month". */
export function budgetText(budget: RaiseCycle['budget']): string {
  if (budget.kind === 'PERCENT') return `${formatPercent(budget.value ?? 0)} of payroll`;
  return budget.value === null
    ? 'Amount a month (your share on the worksheet)'
    : `${formatMoney(budget.value)} a month`;
}
