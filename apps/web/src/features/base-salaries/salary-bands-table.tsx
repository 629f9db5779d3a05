import { Table } from '@mantine/core';
import type { BaseSalary } from '@salary/shared/base-salaries/base-salaries.contract';
import { ScheduledRuleNote } from '../../components/scheduled-rule-note.tsx';
import { TableScrollRegion } from '../../components/table-scroll-region.tsx';
import { formatMoney } from '../../lib/company-format.tsx';

/** Every base salary's band: the spread, or the bounds typed into it, around the base salary. */
export function BandsTable({ stored }: { stored: BaseSalary[] }) {
  return (
    // Keyboard users scroll it sideways on a phone: a named region they can focus.
    <TableScrollRegion label="Salary bands table" minWidth={560}>
      <Table striped aria-label="Salary bands by grade and level">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Grade / Level</Table.Th>
            <Table.Th scope="col" ta="right">
              Minimum
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Base salary (middle)
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Maximum
            </Table.Th>
            <Table.Th scope="col">From</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {stored.map((b) => (
            <Table.Tr key={b.id}>
              <Table.Th scope="row" fw={400}>
                {`${b.grade.name} / ${b.level.name}`}
                <ScheduledRuleNote kind="baseSalary" subject={`${b.grade.name} / ${b.level.name}`} />
              </Table.Th>
              <Table.Td ta="right">{formatMoney(b.band.min)}</Table.Td>
              <Table.Td ta="right">{formatMoney(b.amount)}</Table.Td>
              <Table.Td ta="right">{formatMoney(b.band.max)}</Table.Td>
              <Table.Td>{bandSource(b)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScrollRegion>
  );
}

/** Where a band comes from, in words: "±10% (default)", "±15%", "typed", "typed minimum, ±10%". */
export function bandSource(b: Pick<BaseSalary, 'bandSpread' | 'bandMin' | 'bandMax'>): string {
  const spread = b.bandSpread === null ? '±10% (default)' : `±${b.bandSpread}%`;
  if (b.bandMin !== null && b.bandMax !== null) return 'Typed minimum and maximum';
  if (b.bandMin !== null) return `Typed minimum; maximum ${spread}`;
  if (b.bandMax !== null) return `Typed maximum; minimum ${spread}`;
  return spread;
}
