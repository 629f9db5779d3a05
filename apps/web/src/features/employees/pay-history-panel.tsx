import { Anchor, Stack, Table, Text } from '@mantine/core';
import type { PayHistoryRow } from '@salary/shared/audit/audit.contract';
import { Link } from 'react-router';
import { SectionPanel } from '../../components/section-panel.tsx';
import { TableScrollRegion } from '../../components/table-scroll-region.tsx';
import { useAuth } from '../../lib/auth/auth-context.ts';
import { formatDateTime, formatMoney } from '../../lib/company-format.tsx';
import { usePayHistory } from './api/get-pay-history.ts';
import { PayCells, PayHeaders, PayRead, type PayShown, usePayShown } from './pay-columns.tsx';
import { PayHistoryChart } from './pay-history-chart.tsx';

const move = (before: number | null | undefined, after: number | null | undefined) =>
  `${formatMoney(before)} → ${formatMoney(after)}`;

function HistoryTable({ rows, shown, admin }: { rows: PayHistoryRow[]; shown: PayShown; admin: boolean }) {
  return (
    <TableScrollRegion label="Pay history table" minWidth={300}>
      <Table striped verticalSpacing="xs" aria-label="Pay history">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <PayHeaders shown={shown} />
            <Table.Th visibleFrom="sm">Cause</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[...rows].reverse().map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(r.at)}
                </Text>
                {/* On a phone the cause goes under the date rather than off screen. */}
                <Text hiddenFrom="sm" size="xs" c="dimmed">
                  {r.cause}
                </Text>
              </Table.Td>
              <PayCells
                shown={shown}
                gross={move(r.grossBefore, r.grossAfter)}
                cost={move(r.costBefore, r.costAfter)}
              />
              <Table.Td visibleFrom="sm">
                {admin ? (
                  <Anchor component={Link} to={`/settings/audit?before=${r.auditId + 1}`} size="sm">
                    {r.cause}
                  </Anchor>
                ) : (
                  r.cause
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScrollRegion>
  );
}

/** Edit Employee → Pay history: a step chart and the table, only the figures the user may see. */
export function PayHistoryPanel({ employeeId }: { employeeId: number }) {
  const shown = usePayShown();
  const admin = Boolean(useAuth().user?.isAdmin);
  const history = usePayHistory(employeeId, { enabled: shown.gross || shown.cost });
  if (!shown.gross && !shown.cost) return null;
  return (
    <SectionPanel
      title="Pay history"
      description="Every change of this employee's pay and what caused it."
      mt="lg"
    >
      <PayRead query={history} what="pay history">
        {(rows) =>
          rows.length === 0 ? (
            <Text c="dimmed">No pay changes recorded yet</Text>
          ) : (
            <Stack gap="md">
              <PayHistoryChart rows={rows} showGross={shown.gross} showCost={shown.cost} />
              <HistoryTable rows={rows} shown={shown} admin={admin} />
            </Stack>
          )
        }
      </PayRead>
    </SectionPanel>
  );
}
