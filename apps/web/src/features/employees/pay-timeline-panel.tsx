import { Badge, Group, Table, Text } from '@mantine/core';
import type { PayPeriod } from '@salary/shared/employees/dated.contract';
import { useRef } from 'react';
import { SectionPanel } from '../../components/section-panel.tsx';
import { TableScrollRegion } from '../../components/table-scroll-region.tsx';
import { formatDay, formatMoney } from '../../lib/company-format.tsx';
import { type ChangeNames, changeWords } from '../../lib/dated/change-words.ts';
import { useChangeNames } from '../../lib/dated/use-change-names.ts';
import { usePayTimeline } from './api/get-pay-timeline.ts';
import { PayCells, PayHeaders, PayRead, type PayShown, usePayShown } from './pay-columns.tsx';
import { useSeen } from './use-seen.ts';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;
const fromText = (p: PayPeriod) => (p.from ? formatDay(p.from) : 'Start');
const toText = (p: PayPeriod) => (p.to ? formatDay(p.to) : 'Ongoing');

function Cause({ period, names }: { period: PayPeriod; names: ChangeNames }) {
  const words =
    period.cause.kind === 'first'
      ? 'First record'
      : period.cause.kind === 'rule'
        ? 'Salary rules changed'
        : changeWords(period.cause.changes, names);
  return (
    <Group gap={6} wrap="wrap">
      {period.cause.scheduled ? (
        <Badge size="sm" variant="light" color="blue">
          Scheduled
        </Badge>
      ) : null}
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {words || 'No change to pay fields'}
      </Text>
    </Group>
  );
}

function TimelineTable({ periods, shown }: { periods: PayPeriod[]; shown: PayShown }) {
  const names = useChangeNames(periods.flatMap((p) => p.cause.changes));
  return (
    <TableScrollRegion label="Pay timeline table" minWidth={300}>
      <Table striped verticalSpacing="xs" horizontalSpacing="xs" aria-label="Pay timeline">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>From</Table.Th>
            <Table.Th visibleFrom="sm">To</Table.Th>
            <PayHeaders shown={shown} />
            <Table.Th visibleFrom="sm">Cause</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {periods.map((p) => (
            <Table.Tr key={p.from ?? 'start'} data-scheduled={p.cause.scheduled || undefined}>
              <Table.Td>
                <Text size="sm" style={NO_WRAP}>
                  {fromText(p)}
                </Text>
                {/* On a phone the end and the cause go under the start rather than off screen. */}
                <Text hiddenFrom="sm" size="xs" c="dimmed" style={NO_WRAP}>
                  {p.to ? `to ${formatDay(p.to)}` : 'ongoing'}
                </Text>
                <Group hiddenFrom="sm" mt={4}>
                  <Cause period={p} names={names} />
                </Group>
              </Table.Td>
              <Table.Td visibleFrom="sm" style={NO_WRAP}>
                {toText(p)}
              </Table.Td>
              <PayCells shown={shown} gross={formatMoney(p.grossSalary)} cost={formatMoney(p.totalCost)} />
              <Table.Td visibleFrom="sm">
                <Cause period={p} names={names} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScrollRegion>
  );
}

/**
 * Edit Employee → Pay timeline: the employee's pay period by period, each priced with the rules
 * then in force, scheduled periods marked; read once the section comes near the screen.
 */
export function PayTimelinePanel({ employeeId }: { employeeId: number }) {
  const shown = usePayShown();
  const ref = useRef<HTMLDivElement>(null);
  const seen = useSeen(ref);
  const timeline = usePayTimeline(employeeId, { enabled: (shown.gross || shown.cost) && seen });
  if (!shown.gross && !shown.cost) return null;
  return (
    <div ref={ref}>
      <SectionPanel
        title="Pay timeline"
        description="This employee's pay from each dated change on, each period priced with the rules then in force."
        mt="lg"
      >
        <PayRead query={timeline} what="pay timeline">
          {(periods) => <TimelineTable periods={periods} shown={shown} />}
        </PayRead>
      </SectionPanel>
    </div>
  );
}
