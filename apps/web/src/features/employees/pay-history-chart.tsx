import { useMantineTheme } from '@mantine/core';
import type { PayHistoryRow } from '@salary/shared/audit/audit.contract';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDateTime, formatDay, formatMoney } from '../../lib/company-format.tsx';

/** Gross (and cost, when visible) over time as steps: pay holds until the next change. */
export function PayHistoryChart({
  rows,
  showGross,
  showCost,
}: {
  rows: PayHistoryRow[];
  showGross: boolean;
  showCost: boolean;
}) {
  const theme = useMantineTheme();
  const points = rows.map((r) => ({
    t: new Date(r.at).getTime(),
    gross: r.grossAfter ?? null,
    cost: r.costAfter ?? null,
  }));
  const series = [
    ...(showGross ? [{ dataKey: 'gross', name: 'Gross salary', stroke: theme.colors.blue[7] }] : []),
    ...(showCost ? [{ dataKey: 'cost', name: 'Total cost', stroke: theme.colors.orange[8] }] : []),
  ];
  // The last step runs up to now.
  if (points.length)
    points.push({ ...points[points.length - 1]!, t: Math.max(Date.now(), points[points.length - 1]!.t + 1) });
  return (
    <div role="img" aria-label="Step chart of pay over time" style={{ width: '100%', height: 260 }}>
      <ResponsiveContainer>
        <LineChart data={points} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
          <CartesianGrid stroke={theme.colors.gray[3]} strokeDasharray="3 3" />
          <XAxis
            dataKey="t"
            type="number"
            scale="time"
            domain={['dataMin', 'dataMax']}
            tickFormatter={(t: number) => formatDay(t)}
            tick={{ fontSize: 12, fill: theme.colors.gray[7] }}
          />
          <YAxis
            width={90}
            tickFormatter={(v: number) => formatMoney(v)}
            tick={{ fontSize: 12, fill: theme.colors.gray[7] }}
          />
          <Tooltip
            labelFormatter={(t) => formatDateTime(Number(t))}
            formatter={(v) => formatMoney(Number(v))}
          />
          <Legend />
          {series.map((line) => (
            <Line
              key={line.dataKey}
              type="stepAfter"
              dataKey={line.dataKey}
              name={line.name}
              stroke={line.stroke}
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
              connectNulls={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
