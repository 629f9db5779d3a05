import { Table } from '@mantine/core';
import type { BaseSalary } from '@salary/shared/base-salaries/base-salaries.contract';
import { formatMoney } from '@salary/shared/common/money';
import { type BaseSalaryActionHandlers, BaseSalaryActions } from './base-salary-actions.tsx';

interface BaseSalariesTableProps {
  baseSalaries: BaseSalary[];
  /** Without handlers the table is read-only: no actions column at all. */
  actions?: BaseSalaryActionHandlers;
}

/** Wider screens: one row per grade and level. */
export function BaseSalariesTable({ baseSalaries, actions }: BaseSalariesTableProps) {
  return (
    <Table.ScrollContainer minWidth={480} type="native">
      <Table verticalSpacing="xs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Grade</Table.Th>
            <Table.Th>Level</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            {actions ? (
              <Table.Th ta="right" w={1}>
                Actions
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {baseSalaries.map((row) => (
            <Table.Tr
              key={row.id}
              bg={row.id === actions?.editingId ? 'var(--mantine-primary-color-light)' : undefined}
            >
              <Table.Td fw={500}>{row.grade.name}</Table.Td>
              <Table.Td>{row.level.name}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {formatMoney(row.amount)}
              </Table.Td>
              {actions ? (
                <Table.Td>
                  <BaseSalaryActions row={row} {...actions} />
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
