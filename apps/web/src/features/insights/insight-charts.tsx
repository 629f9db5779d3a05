import { useMantineTheme } from '@mantine/core';
import type { Insights } from '@salary/shared/insights/insights.contract';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney, formatMoneyCompact } from '../../lib/company-format.tsx';
import { binLabel } from './insight-tables.tsx';

const tick = (value: number) => formatMoneyCompact(value);
const tooltipMoney = (value: unknown) => formatMoney(Number(value));

/** Total cost by job: stacked bars of salary, benefits and the company's insurance (showCost). */
export function JobCostChart({ data }: { data: Insights }) {
  const theme = useMantineTheme();
  const cost = data.totalCost !== undefined;
  const height = Math.max(180, data.byJob.length * 44 + 70);
  // Benefits and the company's insurance only for those who may see cost.
  const stack = [
    { dataKey: 'salary', name: 'Salary', fill: theme.colors.indigo[7] },
    ...(cost
      ? [
          { dataKey: 'benefits', name: 'Benefits', fill: theme.colors.teal[7] },
          { dataKey: 'insurance', name: 'Company insurance', fill: theme.colors.orange[7] },
        ]
      : []),
  ];
  return (
    <BarChart
      responsive
      style={{ width: '100%', height }}
      accessibilityLayer={false}
      data={data.byJob}
      layout="vertical"
      margin={{ top: 4, right: 16, bottom: 4, left: 8 }}
    >
      <CartesianGrid horizontal={false} stroke={theme.colors.gray[2]} />
      <XAxis type="number" tickFormatter={tick} tick={{ fill: theme.colors.gray[8], fontSize: 12 }} />
      <YAxis
        type="category"
        dataKey="job"
        width={140}
        tick={{ fill: theme.colors.gray[9], fontSize: 12 }}
        interval={0}
      />
      <Tooltip formatter={tooltipMoney} isAnimationActive={false} />
      <Legend
        wrapperStyle={{ fontSize: 13 }}
        formatter={(value) => <span style={{ color: theme.colors.gray[9] }}>{value}</span>}
      />
      {stack.map((bar) => (
        <Bar key={bar.dataKey} stackId="cost" isAnimationActive={false} {...bar} />
      ))}
    </BarChart>
  );
}

/** The salary distribution: how many employees earn within each range. */
export function DistributionChart({ data }: { data: Insights }) {
  const theme = useMantineTheme();
  const bars = data.distribution.map((b) => ({ ...b, label: binLabel(b.from, b.to), start: tick(b.from) }));
  return (
    <BarChart
      responsive
      style={{ width: '100%', height: 280 }}
      accessibilityLayer={false}
      data={bars}
      margin={{ top: 4, right: 16, bottom: 4, left: 0 }}
      barCategoryGap={2}
    >
      <CartesianGrid vertical={false} stroke={theme.colors.gray[2]} />
      <XAxis dataKey="start" tick={{ fill: theme.colors.gray[8], fontSize: 12 }} />
      <YAxis allowDecimals={false} width={48} tick={{ fill: theme.colors.gray[8], fontSize: 12 }} />
      <Tooltip
        labelFormatter={(_, payload) => payload?.[0]?.payload?.label ?? ''}
        isAnimationActive={false}
      />
      <Bar dataKey="count" name="Employees" fill={theme.colors.indigo[6]} isAnimationActive={false} />
    </BarChart>
  );
}

/** Per grade, employees below, in and above their salary band: stacked bars. */
export function BandPositionChart({ data }: { data: Insights }) {
  const theme = useMantineTheme();
  const height = Math.max(180, data.byBandPosition.length * 44 + 70);
  const stack = [
    { dataKey: 'below', name: 'Below band', fill: theme.colors.orange[8] },
    { dataKey: 'inside', name: 'In band', fill: theme.colors.teal[8] },
    { dataKey: 'above', name: 'Above band', fill: theme.colors.indigo[7] },
  ];
  return (
    <BarChart
      responsive
      style={{ width: '100%', height }}
      accessibilityLayer={false}
      data={data.byBandPosition}
      layout="vertical"
      margin={{ top: 4, right: 16, bottom: 4, left: 8 }}
    >
      <CartesianGrid horizontal={false} stroke={theme.colors.gray[2]} />
      <XAxis type="number" allowDecimals={false} tick={{ fill: theme.colors.gray[8], fontSize: 12 }} />
      <YAxis
        type="category"
        dataKey="grade"
        width={96}
        tick={{ fill: theme.colors.gray[9], fontSize: 12 }}
        interval={0}
      />
      <Tooltip isAnimationActive={false} />
      <Legend
        // Below, in, above: the band's own order, not the alphabet's.
        itemSorter={null}
        wrapperStyle={{ fontSize: 13 }}
        formatter={(value) => <span style={{ color: theme.colors.gray[9] }}>{value}</span>}
      />
      {stack.map((bar) => (
        <Bar key={bar.dataKey} stackId="band" isAnimationActive={false} {...bar} />
      ))}
    </BarChart>
  );
}
