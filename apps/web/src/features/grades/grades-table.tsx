import { Group, Table } from '@mantine/core';
import type { Grade } from '@salary/shared/grades/grades.contract';
import { IconArrowDown, IconArrowUp, IconPencil } from '@tabler/icons-react';
import { IconAction } from '../../components/icon-action.tsx';
import type { MoveDirection } from './grade-order.ts';

interface GradesTableProps {
  /** Listed by order ascending, as the server answers. */
  grades: Grade[];
  /** Without handlers the table is read-only: no actions column at all. */
  actions?: {
    onMove(index: number, direction: MoveDirection): void;
    onEdit(grade: Grade): void;
    /** While a reorder is on its way no other move may start. */
    moving: boolean;
  };
}

export function GradesTable({ grades, actions }: GradesTableProps) {
  return (
    <Table.ScrollContainer minWidth={320} type="native">
      <Table verticalSpacing="xs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th ta="right" w={1} style={{ whiteSpace: 'nowrap' }}>
              Order
            </Table.Th>
            {actions ? (
              <Table.Th ta="right" w={1} style={{ whiteSpace: 'nowrap' }}>
                Actions
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {grades.map((grade, index) => (
            <Table.Tr key={grade.id}>
              <Table.Td fw={500} style={{ overflowWrap: 'break-word' }}>
                {grade.name}
              </Table.Td>
              <Table.Td ta="right">{grade.order}</Table.Td>
              {actions ? (
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <IconAction
                      label={`Move ${grade.name} up`}
                      icon={<IconArrowUp size={18} stroke={1.6} />}
                      disabled={index === 0 || actions.moving}
                      onClick={() => actions.onMove(index, 'up')}
                    />
                    <IconAction
                      label={`Move ${grade.name} down`}
                      icon={<IconArrowDown size={18} stroke={1.6} />}
                      disabled={index === grades.length - 1 || actions.moving}
                      onClick={() => actions.onMove(index, 'down')}
                    />
                    <IconAction
                      label={`Edit ${grade.name}`}
                      icon={<IconPencil size={18} stroke={1.6} />}
                      onClick={() => actions.onEdit(grade)}
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
