import { Table } from '@mantine/core';
import type { AdjustmentFactor } from '@salary/shared/adjustment-factors/adjustment-factors.contract';
import {
  type AdjustmentFactorActionHandlers,
  AdjustmentFactorActions,
} from './adjustment-factor-actions.tsx';
import { formatFactor } from './factor-display.ts';
import { FactorTypeBadge } from './factor-type-badge.tsx';

interface AdjustmentFactorsTableProps {
  factors: AdjustmentFactor[];
  /** Without handlers the table is read-only: no actions column at all. */
  actions?: AdjustmentFactorActionHandlers;
}

/** Wider screens: one row per job and position. */
export function AdjustmentFactorsTable({ factors, actions }: AdjustmentFactorsTableProps) {
  return (
    <Table.ScrollContainer minWidth={640} type="native">
      <Table verticalSpacing="xs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Job</Table.Th>
            <Table.Th>Position</Table.Th>
            <Table.Th w={1}>Type</Table.Th>
            <Table.Th ta="right">Factor</Table.Th>
            {actions ? (
              <Table.Th ta="right" w={1}>
                Actions
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {factors.map((factor) => (
            <Table.Tr
              key={factor.id}
              bg={factor.id === actions?.editingId ? 'var(--mantine-primary-color-light)' : undefined}
            >
              <Table.Td fw={500}>{factor.job.name}</Table.Td>
              <Table.Td>{factor.position.name}</Table.Td>
              <Table.Td>
                <FactorTypeBadge type={factor.type} />
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {formatFactor(factor.type, factor.factor)}
              </Table.Td>
              {actions ? (
                <Table.Td>
                  <AdjustmentFactorActions factor={factor} {...actions} />
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
