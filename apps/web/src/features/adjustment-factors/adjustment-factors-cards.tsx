import { Card, Group, Stack, Text } from '@mantine/core';
import type { AdjustmentFactor } from '@salary/shared/adjustment-factors/adjustment-factors.contract';
import {
  type AdjustmentFactorActionHandlers,
  AdjustmentFactorActions,
} from './adjustment-factor-actions.tsx';
import { formatFactor } from './factor-display.ts';
import { FactorTypeBadge } from './factor-type-badge.tsx';

interface AdjustmentFactorsCardsProps {
  factors: AdjustmentFactor[];
  actions?: AdjustmentFactorActionHandlers;
}

/** Phones: five columns do not fit 390 px, so each factor becomes a card. */
export function AdjustmentFactorsCards({ factors, actions }: AdjustmentFactorsCardsProps) {
  return (
    <Stack gap="sm">
      {factors.map((factor) => (
        <Card
          key={factor.id}
          withBorder
          padding="sm"
          radius="md"
          bg={factor.id === actions?.editingId ? 'var(--mantine-primary-color-light)' : undefined}
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <div style={{ minWidth: 0 }}>
              <Text fw={600} size="sm" style={{ overflowWrap: 'break-word' }}>
                {factor.position.name}
              </Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'break-word' }}>
                {factor.job.name}
              </Text>
            </div>
            <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
              {formatFactor(factor.type, factor.factor)}
            </Text>
          </Group>
          <Group mt="sm" justify="space-between" wrap="nowrap">
            <FactorTypeBadge type={factor.type} />
            {actions ? <AdjustmentFactorActions factor={factor} {...actions} /> : null}
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
