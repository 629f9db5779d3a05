import { Anchor, Button, Stack, Table, Text } from '@mantine/core';
import { can } from '@salary/shared/common/permissions';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadFailed } from '../../components/load-failed.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SectionLoader } from '../../components/section-loader.tsx';
import { TableScrollRegion } from '../../components/table-scroll-region.tsx';
import { useCurrentUser } from '../../lib/auth/auth-context.ts';
import { formatDay } from '../../lib/company-format.tsx';
import { useLoadErrorToast } from '../../lib/use-load-error-toast.ts';
import { useRaiseCycles } from './api/raise-cycles.ts';
import { budgetText, StatusBadge } from './cycle-status.tsx';
import { NewCycleDialog } from './new-cycle-dialog.tsx';
import { WorksheetView } from './worksheet-view.tsx';

function CycleList() {
  const user = useCurrentUser();
  const cycles = useRaiseCycles();
  const [creating, setCreating] = useState(false);
  const canCreate = can(user, 'manageSettings');
  useLoadErrorToast(cycles.error, 'Failed to load raise cycles');

  return (
    <>
      <PageHeader
        title="Raise Cycles"
        description="Raises for many people at once: managers propose for their team within the guideline and the budget, an administrator approves, and the raises take effect on the cycle's day."
        actions={
          canCreate ? (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
              New raise cycle
            </Button>
          ) : null
        }
      />
      {cycles.isError ? (
        <LoadFailed title="Could not load raise cycles" query={cycles}>
          The raise cycles could not be read.
        </LoadFailed>
      ) : !cycles.data ? (
        <SectionLoader />
      ) : cycles.data.length === 0 ? (
        <Text c="dimmed">No raise cycles yet.</Text>
      ) : (
        <TableScrollRegion label="Raise cycles" minWidth={640}>
          <Table striped highlightOnHover verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">Effective Date</Table.Th>
                <Table.Th scope="col">Budget</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {cycles.data.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Th scope="row" fw={500}>
                    <Anchor component={Link} to={`/raise-cycles/${c.id}`}>
                      {c.name}
                    </Anchor>
                  </Table.Th>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(c.effectiveDate)}</Table.Td>
                  <Table.Td>{budgetText(c.budget)}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={c.status} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScrollRegion>
      )}
      {canCreate ? <NewCycleDialog opened={creating} onClose={() => setCreating(false)} /> : null}
    </>
  );
}

/** /raise-cycles: the cycles; /raise-cycles/:id: one cycle's worksheet. */
export default function RaiseCyclesPage() {
  const { id } = useParams();
  const cycleId = Number(id);
  if (id !== undefined && Number.isSafeInteger(cycleId) && cycleId > 0)
    return <WorksheetView id={cycleId} key={cycleId} />;
  return (
    <Stack gap={0}>
      <CycleList />
    </Stack>
  );
}
