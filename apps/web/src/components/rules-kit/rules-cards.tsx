import { Box, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { RowCard } from '../row-card.tsx';

interface RulesCardsProps<T extends { id: number }> {
  rows: T[];
  title(row: T): ReactNode;
  subtitle(row: T): ReactNode;
  /** The rule's value (an amount, a factor), on the right of the title. */
  figure(row: T): ReactNode;
  /** Bottom left, e.g. the factor's type. */
  badge?(row: T): ReactNode;
  /** Bottom right; without it the cards are read-only. */
  actions?(row: T): ReactNode;
  highlightedId?: number | null;
}

/** Phones: a row with several columns and two buttons does not fit 390 px, so each rule becomes a card. */
export function RulesCards<T extends { id: number }>({
  rows,
  title,
  subtitle,
  figure,
  badge,
  actions,
  highlightedId = null,
}: RulesCardsProps<T>) {
  return (
    <Stack gap="sm">
      {rows.map((row) => (
        <RowCard key={row.id} highlighted={row.id === highlightedId}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <div style={{ minWidth: 0 }}>
              <Text fw={600} size="sm" style={{ overflowWrap: 'break-word' }}>
                {title(row)}
              </Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'break-word' }}>
                {subtitle(row)}
              </Text>
            </div>
            <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
              {figure(row)}
            </Text>
          </Group>
          {badge || actions ? (
            <Group mt="sm" justify={badge ? 'space-between' : 'flex-end'} wrap="nowrap">
              {badge?.(row)}
              {actions?.(row)}
            </Group>
          ) : null}
        </RowCard>
      ))}
    </Stack>
  );
}

/** The table from `sm` up, the cards below it (role queries skip the hidden one). */
export function TableOrCards({ table, cards }: { table: ReactNode; cards: ReactNode }) {
  return (
    <>
      <Box visibleFrom="sm">{table}</Box>
      <Box hiddenFrom="sm">{cards}</Box>
    </>
  );
}
