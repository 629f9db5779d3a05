import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '../../lib/company-format.tsx';
import { usePermission } from '../../lib/permissions.ts';
import { breakdownQueryOptions } from './api/get-breakdown.ts';

function Figure({ label, value, note }: { label: string; value: number | null | undefined; note: string }) {
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={label}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Text fz="xl" fw={700} style={{ whiteSpace: 'nowrap' }} data-testid="current-pay-value">
        {formatMoney(value)}
      </Text>
      <Text size="xs" c="dimmed">
        {note}
      </Text>
    </Paper>
  );
}

/**
 * Edit Employee → the pay this employee has now, per month: gross and net with showSalary,
 * total cost with showCost. The server leaves out what the viewer may not see (the employee's
 * calculatedSalary / accumulatedCost; the breakdown answers 403 without showSalary), and a
 * figure it left out is not shown at all.
 */
export function CurrentPayPanel({ employee }: { employee: EmployeeView }) {
  const salary = usePermission('showSalary');
  const breakdown = useQuery({
    ...breakdownQueryOptions(employee.id),
    // No base salary: no breakdown either (the server answers 422), and nothing to show.
    enabled: salary && employee.calculatedSalary !== null,
  });
  const gross = 'calculatedSalary' in employee && salary;
  const cost = 'accumulatedCost' in employee;
  if (!gross && !cost) return null;
  const unpriced = employee.calculatedSalary === null ? 'No base salary for this grade and level' : null;
  const figures = [
    gross && { label: 'Gross salary', value: employee.calculatedSalary, note: 'Per month, today’s rules' },
    gross && {
      label: 'Net salary',
      value: unpriced ? null : breakdown.data?.netSalary,
      note: 'Gross less the employee’s insurance',
    },
    cost && {
      label: 'Total cost',
      value: employee.accumulatedCost,
      note: 'Gross + benefits + company insurance',
    },
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" mb="lg" aria-label="Current pay" component="section">
      {figures.map((figure) =>
        figure ? <Figure key={figure.label} {...figure} note={unpriced ?? figure.note} /> : null,
      )}
    </SimpleGrid>
  );
}
