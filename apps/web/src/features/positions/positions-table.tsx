import { Group, Table } from '@mantine/core';
import type { Position } from '@salary/shared/positions/positions.contract';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { IconAction } from '../../components/icon-action.tsx';

export interface PositionActionHandlers {
  onEdit(position: Position): void;
  onDelete(position: Position): void;
}

interface PositionsTableProps {
  positions: Position[];
  /** Without handlers the table is read-only: no actions column at all. */
  actions?: PositionActionHandlers;
}

export function PositionsTable({ positions, actions }: PositionsTableProps) {
  return (
    <Table.ScrollContainer minWidth={320} type="native">
      <Table verticalSpacing="xs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Job</Table.Th>
            {actions ? (
              <Table.Th ta="right" w={1} style={{ whiteSpace: 'nowrap' }}>
                Actions
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {positions.map((position) => (
            <Table.Tr key={position.id}>
              <Table.Td fw={500} style={{ overflowWrap: 'break-word' }}>
                {position.name}
              </Table.Td>
              <Table.Td c="dimmed" style={{ overflowWrap: 'break-word' }}>
                {position.job.name}
              </Table.Td>
              {actions ? (
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <IconAction
                      label={`Edit ${position.name}`}
                      icon={<IconPencil size={18} stroke={1.6} />}
                      onClick={() => actions.onEdit(position)}
                    />
                    <IconAction
                      label={`Delete ${position.name}`}
                      color="red"
                      icon={<IconTrash size={18} stroke={1.6} />}
                      onClick={() => actions.onDelete(position)}
                    />
                  </Group>
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
