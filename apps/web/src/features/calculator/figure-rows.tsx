import { Flex, Paper, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDollars } from './calculation-format.ts';

/*
 * The building blocks of the Calculation Details panel. Every figure carries a stable id
 * (data-row / data-stat) and its shown text (data-value), which the browser tests read.
 */

interface FigureProps {
  /** Stable name of the figure (tests read the panel by it). */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  value: string;
  strong?: boolean;
}

export function Figure({ id, label, hint, value, strong = false }: FigureProps) {
  return (
    <Table.Tr data-row={id}>
      <Table.Th scope="row" fw={strong ? 650 : 400} style={{ verticalAlign: 'top' }}>
        <Text span size="sm" fw={strong ? 650 : 400} style={{ overflowWrap: 'anywhere' }}>
          {label}
        </Text>
        {hint ? (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        ) : null}
      </Table.Th>
      <Table.Td
        ta="right"
        fw={strong ? 650 : 500}
        data-value
        style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', verticalAlign: 'top' }}
      >
        {value}
      </Table.Td>
    </Table.Tr>
  );
}

export function FigureGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={4} style={{ letterSpacing: '0.04em' }}>
        {title}
      </Text>
      <Table verticalSpacing={6} horizontalSpacing={0} withRowBorders aria-label={title}>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </div>
  );
}

export function Stat({ id, label, value }: { id: string; label: string; value: number }) {
  return (
    <Paper bg="gray.0" radius="md" p="sm" data-stat={id}>
      {/* A row on phones (three stacked cards would push the breakdown down), a card from xs up. */}
      <Flex
        direction={{ base: 'row', xs: 'column' }}
        justify={{ base: 'space-between', xs: 'flex-start' }}
        align={{ base: 'center', xs: 'flex-start' }}
        gap={2}
      >
        <Text size="xs" c="dimmed" fw={500}>
          {label}
        </Text>
        <Text size="lg" fw={700} data-value style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatDollars(value)}
        </Text>
      </Flex>
    </Paper>
  );
}
