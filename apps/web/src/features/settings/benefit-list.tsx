import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { Benefit } from '@salary/shared/settings/settings.contract';
import { IconTrash } from '@tabler/icons-react';
import { BENEFIT_TYPE_LABELS, formatBenefitAmount } from './settings-format.ts';

interface BenefitListProps {
  benefits: Benefit[];
  /** Without it the list is read-only (no Remove buttons). */
  onRemove?(benefit: Benefit): void;
  /** The benefit being removed right now, if any. */
  removing: string | null;
  busy: boolean;
}

/** 'Current Benefits': one line per benefit, which wraps rather than overflows on a phone. */
export function BenefitList({ benefits, onRemove, removing, busy }: BenefitListProps) {
  if (benefits.length === 0) {
    return (
      <Text c="dimmed" size="sm" ta="center" py="lg">
        No benefits added yet
      </Text>
    );
  }
  return (
    <Stack gap={0} component="ul" aria-label="Current Benefits" m={0} p={0} style={{ listStyle: 'none' }}>
      {benefits.map((benefit) => (
        <Group
          key={benefit.name}
          component="li"
          data-benefit={benefit.name}
          justify="space-between"
          wrap="wrap"
          gap="xs"
          py="sm"
          style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
        >
          <Stack gap={2} style={{ flex: '1 1 120px', minWidth: 0 }}>
            <Text fw={500} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {benefit.name}
            </Text>
            <Group gap={6}>
              <Badge variant="light" color="gray" size="sm">
                {BENEFIT_TYPE_LABELS[benefit.type]}
              </Badge>
            </Group>
          </Stack>
          <Group gap="md" wrap="nowrap" ml="auto">
            <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
              {formatBenefitAmount(benefit.amount, benefit.type)}
            </Text>
            {onRemove ? (
              <Button
                size="xs"
                variant="light"
                color="red"
                leftSection={<IconTrash size={14} />}
                aria-label={`Remove ${benefit.name}`}
                loading={removing === benefit.name}
                disabled={busy && removing !== benefit.name}
                onClick={() => onRemove(benefit)}
              >
                Remove
              </Button>
            ) : null}
          </Group>
        </Group>
      ))}
    </Stack>
  );
}
