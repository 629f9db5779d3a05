import { Card, Group, Stack, Text } from '@mantine/core';
import type { BaseSalary } from '@salary/shared/base-salaries/base-salaries.contract';
import { formatMoney } from '@salary/shared/common/money';
import { type BaseSalaryActionHandlers, BaseSalaryActions } from './base-salary-actions.tsx';

interface BaseSalariesCardsProps {
  baseSalaries: BaseSalary[];
  actions?: BaseSalaryActionHandlers;
}

/** Phones: four columns and two buttons do not fit 390 px, so each base salary becomes a card. */
export function BaseSalariesCards({ baseSalaries, actions }: BaseSalariesCardsProps) {
  return (
    <Stack gap="sm">
      {baseSalaries.map((row) => (
        <Card
          key={row.id}
          withBorder
          padding="sm"
          radius="md"
          bg={row.id === actions?.editingId ? 'var(--mantine-primary-color-light)' : undefined}
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <div style={{ minWidth: 0 }}>
              <Text fw={600} size="sm" style={{ overflowWrap: 'break-word' }}>
                {row.grade.name}
              </Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'break-word' }}>
                {row.level.name}
              </Text>
            </div>
            <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
              {formatMoney(row.amount)}
            </Text>
          </Group>
          {actions ? (
            <Group mt="sm" justify="flex-end">
              <BaseSalaryActions row={row} {...actions} />
            </Group>
          ) : null}
        </Card>
      ))}
    </Stack>
  );
}
