import { Table, type TableTdProps, type TableThProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { rowHighlight } from '../row-card.tsx';

/**
 * How a column reads: 'name' the row's name (bold, long words wrap); 'count' a small number
 * (right-aligned, as narrow as its header); 'amount' money or a signed figure (right-aligned,
 * digits lined up); 'muted' secondary text; 'fit' as narrow as its content (a badge); 'text' plain.
 */
export type RuleColumnKind = 'name' | 'count' | 'amount' | 'muted' | 'fit' | 'text';

export interface RuleColumn<T> {
  header: string;
  kind?: RuleColumnKind;
  cell(row: T): ReactNode;
}

const narrow = { w: 1, style: { whiteSpace: 'nowrap' } } as const;
const wraps = { overflowWrap: 'break-word' } as const;

const HEADER: Record<RuleColumnKind, TableThProps> = {
  name: {},
  count: { ta: 'right', ...narrow },
  amount: { ta: 'right' },
  muted: {},
  fit: { w: 1 },
  text: {},
};

const CELL: Record<RuleColumnKind, TableTdProps> = {
  name: { fw: 500, style: wraps },
  count: { ta: 'right' },
  amount: { ta: 'right', style: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } },
  muted: { c: 'dimmed', style: wraps },
  fit: {},
  text: {},
};

interface RulesTableProps<T extends { id: number }> {
  rows: T[];
  columns: RuleColumn<T>[];
  /** Below this width the table scrolls sideways instead of squeezing. */
  minWidth: number;
  /** A row's action buttons; without it the table is read-only: no actions column at all. */
  actions?(row: T, index: number): ReactNode;
  /** The row being edited in the form above, tinted so the user sees which one it is. */
  highlightedId?: number | null;
}

/** The list of a salary-rules section: one row per rule, its own columns, actions on the right. */
export function RulesTable<T extends { id: number }>({
  rows,
  columns,
  minWidth,
  actions,
  highlightedId = null,
}: RulesTableProps<T>) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table verticalSpacing="xs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.header} {...HEADER[column.kind ?? 'text']}>
                {column.header}
              </Table.Th>
            ))}
            {actions ? (
              <Table.Th ta="right" {...narrow}>
                Actions
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={row.id} bg={rowHighlight(row.id === highlightedId)}>
              {columns.map((column) => (
                <Table.Td key={column.header} {...CELL[column.kind ?? 'text']}>
                  {column.cell(row)}
                </Table.Td>
              ))}
              {actions ? <Table.Td>{actions(row, index)}</Table.Td> : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
