import { Alert, Text } from '@mantine/core';
import type { PayReport } from '@salary/shared/pay-transparency/pay-transparency.contract';
import { IconCalendarStats } from '@tabler/icons-react';
import { formatDay } from '../../lib/company-format.tsx';

/** A year's report: the days it counts, who joined and left, and which report is due next. */
export function YearSummary({ report }: { report: PayReport }) {
  const period = report.period;
  const duty = report.reportDuty;
  if (!period) return null;
  return (
    <Alert
      color="blue"
      variant="light"
      radius="md"
      icon={<IconCalendarStats size={18} aria-hidden />}
      data-testid="year-summary"
      title={period.toDate ? `${period.year} to date` : `Year ${period.year}`}
    >
      <Text size="sm">
        {formatDay(period.from)} to {formatDay(period.to)}: everyone employed on at least one of these days,
        each for the days employed ({period.joined} joined, {period.left} left). Pay is annual: each day's
        share of that month's pay, summed; hourly pay divides it by the contracted hours of those days.
      </Text>
      {duty ? (
        <Text size="sm" mt={4} data-testid="report-duty">
          {duty.next
            ? `${duty.headcount} employed on ${formatDay(duty.countedOn)}: a report every ${duty.every}. Next: the report for ${duty.next.year}, due by ${formatDay(duty.next.dueBy)}.`
            : `${duty.headcount} employed on ${formatDay(duty.countedOn)}: under 100, no pay gap report is required.`}
        </Text>
      ) : null}
    </Alert>
  );
}
