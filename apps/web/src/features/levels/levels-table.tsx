import { Group, Table } from '@mantine/core';
import type { Level } from '@salary/shared/levels/levels.contract';
import { IconPencil } from '@tabler/icons-react';
import { IconAction } from '../../components/icon-action.tsx';

interface LevelsTableProps {
  levels: Level[];
  /** Without a handler the table is read-only: no actions column at all. */
  onEdit?(level: Level): void;
}

export function LevelsTable({ levels, onEdit }: LevelsTableProps) {
  return (
    <Table.ScrollContainer minWidth={280} type="native">
      <Table verticalSpacing="xs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            {onEdit ? (
              <Table.Th ta="right" w={1} style={{ whiteSpace: 'nowrap' }}>
                Actions
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {levels.map((level) => (
            <Table.Tr key={level.id}>
              <Table.Td fw={500} style={{ overflowWrap: 'break-word' }}>
                {level.name}
              </Table.Td>
              {onEdit ? (
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <IconAction
                      label={`Edit ${level.name}`}
                      icon={<IconPencil size={18} stroke={1.6} />}
                      onClick={() => onEdit(level)}
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
