import { Table, Text } from '@mantine/core';
import type { Quartile } from '@salary/shared/pay-transparency/pay-transparency.contract';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { TableScrollRegion } from '../../components/table-scroll-region.tsx';
import { formatPercent } from './pay-format.ts';
import { ReportSection } from './report-section.tsx';

const NAMES = ['Lower', 'Lower middle', 'Upper middle', 'Upper'];
const YAXIS_WIDTH = 116;
const WOMEN = 'var(--mantine-color-grape-7)';
const MEN = 'var(--mantine-color-blue-7)';

/** (f) as a stacked bar per quartile, and the same figures as a table. */
export function QuartileChart({ quartiles, hourly = false }: { quartiles: Quartile[]; hourly?: boolean }) {
  const data = quartiles.map((q) => ({
    name: NAMES[q.quartile - 1],
    Women: q.femaleShare ?? 0,
    Men: q.maleShare ?? 0,
  }));
  return (
    <ReportSection
      label="Pay quartiles"
      title="(f) Women and men in each pay quartile"
      description={`Employees sorted by ${hourly ? 'hourly pay' : 'pay'}, lowest first, in four groups of (almost) equal size.`}
    >
      <div role="img" aria-label="Stacked bars: share of women and men in each pay quartile (table below)">
        <ResponsiveContainer width="100%" height={220}>
          <BarChart data={data} layout="vertical" margin={{ left: 8, right: 16 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" domain={[0, 100]} unit="%" />
            {/* Wide enough for "Lower middle" whole at the axis' font size. */}
            <YAxis type="category" dataKey="name" width={YAXIS_WIDTH} />
            <Tooltip formatter={(value) => formatPercent(Number(value))} />
            <Legend />
            <Bar dataKey="Women" stackId="share" fill={WOMEN} isAnimationActive={false} />
            <Bar dataKey="Men" stackId="share" fill={MEN} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <TableScrollRegion label="Pay quartiles table" minWidth={360}>
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
      </TableScrollRegion>
      <Text size="xs" c="dimmed">
        Pay is gross salary + benefits. Only employees recorded as female or male with a priced salary are
        counted.
      </Text>
    </ReportSection>
  );
}
