import { Group, Table } from '@mantine/core';
import type { Job } from '@salary/shared/jobs/jobs.contract';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { IconAction } from '../../components/icon-action.tsx';

interface JobsTableProps {
  jobs: Job[];
  /** Without handlers the table is read-only: no actions column at all. */
  actions?: {
    onEdit(job: Job): void;
    onDelete(job: Job): void;
  };
}

export function JobsTable({ jobs, actions }: JobsTableProps) {
  return (
    <Table.ScrollContainer minWidth={320} type="native">
      <Table verticalSpacing="xs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th ta="right" w={1} style={{ whiteSpace: 'nowrap' }}>
              Positions
            </Table.Th>
            {actions ? (
              <Table.Th ta="right" w={1} style={{ whiteSpace: 'nowrap' }}>
                Actions
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {jobs.map((job) => (
            <Table.Tr key={job.id}>
              <Table.Td fw={500} style={{ overflowWrap: 'break-word' }}>
                {job.name}
              </Table.Td>
              <Table.Td ta="right">{job._count.positions}</Table.Td>
              {actions ? (
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <IconAction
                      label={`Edit ${job.name}`}
                      icon={<IconPencil size={18} stroke={1.6} />}
                      onClick={() => actions.onEdit(job)}
                    />
                    <IconAction
                      label={`Delete ${job.name}`}
                      color="red"
                      icon={<IconTrash size={18} stroke={1.6} />}
                      onClick={() => actions.onDelete(job)}
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
