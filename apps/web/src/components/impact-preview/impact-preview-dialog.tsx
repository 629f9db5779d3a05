import { Button, Group, Modal, ScrollArea, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { formatMoney } from '@salary/shared/common/money';
import type { Impact, ImpactGroup } from '@salary/shared/impact/impact.contract';
import { affectedGroups, impactSummary, signedMoney } from './impact-summary.ts';

interface ImpactPreviewDialogProps {
  /** The preview to show; null keeps the dialog closed. */
  impact: Impact | null;
  onConfirm(): void;
  onCancel(): void;
}

const beforeAfter = (before: number | null | undefined, after: number | null | undefined) =>
  `${formatMoney(before)} → ${formatMoney(after)}`;

function GroupTable({ title, groups, impact }: { title: string; groups: ImpactGroup[]; impact: Impact }) {
  const rows = affectedGroups(groups);
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        {title}
      </Title>
      <ScrollArea type="auto">
        <Table striped withTableBorder fz="sm" miw={320} aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Name</Table.Th>
              <Table.Th scope="col" ta="right">
                Affected
              </Table.Th>
              {impact.showSalary ? (
                <Table.Th scope="col" ta="right">
                  Payroll
                </Table.Th>
              ) : null}
              {impact.showCost ? (
                <Table.Th scope="col" ta="right">
                  Total cost
                </Table.Th>
              ) : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((g) => (
              <Table.Tr key={g.id}>
                <Table.Td>{g.name}</Table.Td>
                <Table.Td ta="right">
                  {g.affected} of {g.employees}
                </Table.Td>
                {impact.showSalary ? <Table.Td ta="right">{signedMoney(g.grossDelta ?? 0)}</Table.Td> : null}
                {impact.showCost ? <Table.Td ta="right">{signedMoney(g.costDelta ?? 0)}</Table.Td> : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Stack>
  );
}

function ChangesTable({ impact }: { impact: Impact }) {
  const more = impact.employeesAffected - impact.changes.length;
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        Biggest changes
      </Title>
      <ScrollArea type="auto" mah={320}>
        <Table striped withTableBorder fz="sm" miw={560} aria-label="Biggest changes">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Employee</Table.Th>
              <Table.Th scope="col">Job</Table.Th>
              <Table.Th scope="col">Grade</Table.Th>
              {impact.showSalary ? (
                <Table.Th scope="col" ta="right">
                  Gross salary
                </Table.Th>
              ) : null}
              {impact.showCost ? (
                <Table.Th scope="col" ta="right">
                  Total cost
                </Table.Th>
              ) : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {impact.changes.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>{c.name}</Table.Td>
                <Table.Td>{c.jobName}</Table.Td>
                <Table.Td>{c.gradeName}</Table.Td>
                {impact.showSalary ? (
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {beforeAfter(c.grossBefore, c.grossAfter)}
                  </Table.Td>
                ) : null}
                {impact.showCost ? (
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {beforeAfter(c.costBefore, c.costAfter)}
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {more > 0 ? (
        <Text size="xs" c="dimmed">
          and {more.toLocaleString('en-US')} more
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * What a rule change does to everyone's pay, shown before it is saved: the summary line, the
 * split by job and by grade, the biggest changes; Confirm saves, Cancel keeps the form.
 */
export function ImpactPreviewDialog({ impact, onConfirm, onCancel }: ImpactPreviewDialogProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={impact !== null}
      onClose={onCancel}
      title="Impact of this change"
      size="70rem"
      fullScreen={phone}
      centered
    >
      {impact ? (
        <Stack gap="md">
          <Text fw={600} data-testid="impact-summary">
            {impactSummary(impact)}
          </Text>
          <Text size="sm" c="dimmed">
            Of {impact.employees.toLocaleString('en-US')} employees. Nothing is saved until you confirm.
          </Text>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <GroupTable title="By job" groups={impact.byJob} impact={impact} />
            <GroupTable title="By grade" groups={impact.byGrade} impact={impact} />
          </SimpleGrid>
          <ChangesTable impact={impact} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button onClick={onConfirm} data-autofocus>
              Confirm
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
