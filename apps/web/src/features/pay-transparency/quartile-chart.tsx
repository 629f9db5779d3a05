import { Paper, Stack, Table, Text } from '@mantine/core';
import type { Quartile } from '@salary/shared/pay-transparency/pay-transparency.contract';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { HeadingRow } from '../../components/heading-row.tsx';
import { formatPercent } from './pay-format.ts';

const NAMES = ['Lower', 'Lower middle', 'Upper middle', 'Upper'];
const WOMEN = 'var(--mantine-color-grape-7)';
const MEN = 'var(--mantine-color-blue-7)';

/** (f) as a stacked bar per quartile, and the same figures as a table. */
export function QuartileChart({ quartiles }: { quartiles: Quartile[] }) {
  const data = quartiles.map((q) => ({
    name: NAMES[q.quartile - 1],
    Women: q.femaleShare ?? 0,
    Men: q.maleShare ?? 0,
  }));
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Pay quartiles">
      <Stack gap="sm">
        <HeadingRow
          level="section"
          title="(f) Women and men in each pay quartile"
          description="Employees sorted by pay, lowest first, in four groups of (almost) equal size."
        />
        <div role="img" aria-label="Stacked bars: share of women and men in each pay quartile (table below)">
          <ResponsiveContainer width="100%" height={220}>
            <BarChart data={data} layout="vertical" margin={{ left: 8, right: 16 }}>
              <CartesianGrid strokeDasharray="3 3" horizontal={false} />
              <XAxis type="number" domain={[0, 100]} unit="%" />
              <YAxis type="category" dataKey="name" width={96} />
              <Tooltip formatter={(value) => formatPercent(Number(value))} />
              <Legend />
              <Bar dataKey="Women" stackId="share" fill={WOMEN} isAnimationActive={false} />
              <Bar dataKey="Men" stackId="share" fill={MEN} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </div>
        {/* Focusable, so a keyboard can scroll it sideways on a phone. */}
        <Table.ScrollContainer
          minWidth={360}
          type="native"
          tabIndex={0}
          role="region"
          aria-label="Pay quartiles table"
        >
          <Table striped aria-label="Pay quartiles as a table" data-testid="quartile-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Quartile</Table.Th>
                <Table.Th ta="right">Employees</Table.Th>
                <Table.Th ta="right">Women</Table.Th>
                <Table.Th ta="right">Men</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {quartiles.map((q) => (
                <Table.Tr key={q.quartile}>
                  <Table.Td>{NAMES[q.quartile - 1]}</Table.Td>
                  <Table.Td ta="right">{q.size}</Table.Td>
                  <Table.Td ta="right">
                    {q.female} ({formatPercent(q.femaleShare)})
                  </Table.Td>
                  <Table.Td ta="right">
                    {q.male} ({formatPercent(q.maleShare)})
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="xs" c="dimmed">
          Only employees recorded as female or male with a priced salary are counted.
        </Text>
      </Stack>
    </Paper>
  );
}
