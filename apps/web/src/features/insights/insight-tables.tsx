import { Table } from '@mantine/core';
import type { Insights } from '@salary/shared/insights/insights.contract';
import { TableScrollRegion } from '../../components/table-scroll-region.tsx';
import { formatCount, formatMoney } from '../../lib/company-format.tsx';
import classes from './insights.module.css';

/** "$3,000.00 – $3,500.00": a histogram bar's range. */
export const binLabel = (from: number, to: number) => `${formatMoney(from)} – ${formatMoney(to)}`;

export function JobCostTable({ data }: { data: Insights }) {
  const cost = data.totalCost !== undefined;
  return (
    <TableScrollRegion label="Cost by job" minWidth={560}>
      <Table fz="sm" striped data-table="job-cost">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Job</Table.Th>
            <Table.Th ta="right">Employees</Table.Th>
            <Table.Th ta="right">Salary</Table.Th>
            {cost ? (
              <>
                <Table.Th ta="right">Benefits</Table.Th>
                <Table.Th ta="right">Company insurance</Table.Th>
                <Table.Th ta="right">Total cost</Table.Th>
              </>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.byJob.map((j) => (
            <Table.Tr key={j.jobId}>
              <Table.Td>{j.job}</Table.Td>
              <Table.Td ta="right">{formatCount(j.count)}</Table.Td>
              <Table.Td ta="right">{formatMoney(j.salary)}</Table.Td>
              {cost ? (
                <>
                  <Table.Td ta="right">{formatMoney(j.benefits)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(j.insurance)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(j.totalCost)}</Table.Td>
                </>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScrollRegion>
  );
}

export function DistributionTable({ data }: { data: Insights }) {
  return (
    <Table fz="sm" striped data-table="distribution">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Monthly salary</Table.Th>
          <Table.Th ta="right">Employees</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {data.distribution.map((b) => (
          <Table.Tr key={b.from}>
            <Table.Td>{binLabel(b.from, b.to)}</Table.Td>
            <Table.Td ta="right">{formatCount(b.count)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Per grade: how many employees are below, in and above their salary band. */
export function BandPositionTable({ data }: { data: Insights }) {
  return (
    <Table fz="sm" striped data-table="band-position">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Grade</Table.Th>
          <Table.Th scope="col" ta="right">
            Below band
          </Table.Th>
          <Table.Th scope="col" ta="right">
            In band
          </Table.Th>
          <Table.Th scope="col" ta="right">
            Above band
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {data.byBandPosition.map((g) => (
          <Table.Tr key={g.gradeId}>
            <Table.Th scope="row" fw={400}>
              {g.grade}
            </Table.Th>
            <Table.Td ta="right">{formatCount(g.below)}</Table.Td>
            <Table.Td ta="right">{formatCount(g.inside)}</Table.Td>
            <Table.Td ta="right">{formatCount(g.above)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Salary by grade × level as a heat map that is itself the data table: median, then min – max. */
export function GradeLevelHeatmap({ data }: { data: Insights }) {
  const cells = new Map(data.byGradeLevel.map((c) => [`${c.gradeId}:${c.levelId}`, c]));
  const medians = data.byGradeLevel.map((c) => c.median);
  const low = Math.min(...medians);
  const high = Math.max(...medians);
  // Light indigo shades only, so the dark text keeps its contrast on every cell.
  const shade = (median: number) => {
    const t = high > low ? (median - low) / (high - low) : 0.5;
    return `var(--mantine-color-indigo-${Math.min(3, Math.round(t * 3))})`;
  };
  const levels = data.levels.filter((l) => data.byGradeLevel.some((c) => c.levelId === l.id));
  const grades = data.grades.filter((g) => data.byGradeLevel.some((c) => c.gradeId === g.id));
  return (
    <TableScrollRegion label="Salary by grade and level" minWidth={480}>
      <Table fz="sm" withColumnBorders withTableBorder data-table="grade-level">
        <Table.Caption>
          Median monthly salary per grade and level, with the lowest and highest below it.
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Grade</Table.Th>
            {levels.map((l) => (
              <Table.Th key={l.id} scope="col" ta="right">
                {l.name}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {grades.map((g) => (
            <Table.Tr key={g.id}>
              <Table.Th scope="row">{g.name}</Table.Th>
              {levels.map((l) => {
                const c = cells.get(`${g.id}:${l.id}`);
                if (!c)
                  return (
                    <Table.Td key={l.id} className={classes.heatCell}>
                      —
                    </Table.Td>
                  );
                return (
                  <Table.Td
                    key={l.id}
                    className={classes.heatCell}
                    style={{ backgroundColor: shade(c.median) }}
                    data-cell={`${g.name}/${l.name}`}
                  >
                    <strong>{formatMoney(c.median)}</strong>
                    <span className={classes.range}>
                      {formatMoney(c.min)} – {formatMoney(c.max)}
                    </span>
                    <span className={classes.range}>
                      {formatCount(c.count)} {c.count === 1 ? 'employee' : 'employees'}
                    </span>
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScrollRegion>
  );
}
