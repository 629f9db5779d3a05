import {
  Alert,
  Center,
  Drawer,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import type { Breakdown, BreakdownLine } from '@salary/shared/insights/insights.contract';
import { PrintButton } from '../../components/print-button.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { formatMoney } from '../../lib/company-format.tsx';
import { useBreakdown } from './api/get-breakdown.ts';

interface Row {
  label: string;
  amount: number;
  /** A total or subtotal: drawn apart from the lines that make it. */
  total?: 'sub' | 'grand';
}

/** The breakdown as the drawer's table rows: lines, then the total they add up to. */
export function breakdownRows(b: Breakdown): { caption: string; rows: Row[] }[] {
  const line = (l: BreakdownLine): Row => ({ label: l.label, amount: l.amount });
  const priced = b.salaryLines.filter((l) => l.kind === 'base' || l.kind === 'adjustment');
  const rest = b.salaryLines.filter((l) => l.kind !== 'base' && l.kind !== 'adjustment');
  const sections = [
    {
      caption: 'Salary',
      rows: [
        ...priced.map(line),
        {
          label: 'Adjusted salary (what the multipliers apply to)',
          amount: b.adjustedSalary,
          total: 'sub' as const,
        },
        ...rest.map(line),
        { label: 'Gross salary', amount: b.grossSalary, total: 'grand' as const },
      ],
    },
    {
      caption: 'Take-home',
      rows: [
        ...b.deductions.map(line),
        { label: 'Net salary', amount: b.netSalary, total: 'grand' as const },
      ],
    },
  ];
  if (b.costLines && b.totalCost !== undefined)
    sections.push({
      caption: 'Cost to the company',
      rows: [
        { label: 'Gross salary', amount: b.grossSalary },
        ...b.costLines.map(line),
        { label: 'Total cost', amount: b.totalCost, total: 'grand' as const },
      ],
    });
  return sections;
}

function BreakdownTables({ breakdown }: { breakdown: Breakdown }) {
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Text size="sm" c="dimmed">
          {breakdown.profile}
        </Text>
        <PrintButton />
      </Group>
      {breakdownRows(breakdown).map((section) => (
        <Table key={section.caption} fz="sm" verticalSpacing={6} data-section={section.caption}>
          <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
            <Title order={3} size="h5" c="dark">
              {section.caption}
            </Title>
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <VisuallyHidden>Line</VisuallyHidden>
              </Table.Th>
              <Table.Th>
                <VisuallyHidden>Amount</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {section.rows.map((row) => (
              <Table.Tr
                key={row.label}
                data-total={row.total}
                style={row.total ? { borderTopWidth: 2 } : undefined}
              >
                <Table.Td fw={row.total ? 600 : undefined} c={row.total === 'sub' ? 'dimmed' : undefined}>
                  {row.label}
                </Table.Td>
                <Table.Td ta="right" fw={row.total ? 600 : undefined} style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(row.amount)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ))}
    </Stack>
  );
}

/** "Why this salary?": the employee's salary line by line, each line naming its rule. */
export function SalaryBreakdownDrawer({ employee, onClose }: { employee: EmployeeView; onClose(): void }) {
  const breakdown = useBreakdown(employee.id);
  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="md"
      title={`Why this salary? ${employee.name}`}
      closeButtonProps={{ 'aria-label': 'Close' }}
      // Printing while it is open prints the breakdown alone (app/global.css).
      data-print-alone
    >
      {breakdown.data ? (
        <BreakdownTables breakdown={breakdown.data} />
      ) : breakdown.isError ? (
        <Alert color="red" title="The breakdown could not be loaded">
          {errorMessage(breakdown.error, 'Failed to fetch employee')}
        </Alert>
      ) : (
        <Center py="xl" role="status" aria-label="Loading the breakdown">
          <Loader size="sm" />
        </Center>
      )}
    </Drawer>
  );
}
