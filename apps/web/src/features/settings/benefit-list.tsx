import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { Benefit } from '@salary/shared/settings/settings.contract';
import { IconTrash } from '@tabler/icons-react';
import { BENEFIT_TYPE_LABELS, formatBenefitAmount } from './settings-format.ts';
import { SettingsList, SettingsListItem } from './settings-list.tsx';

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
  return (
    <SettingsList label="Current Benefits" emptyText="No benefits added yet" count={benefits.length}>
      {benefits.map((benefit) => (
        <SettingsListItem key={benefit.name} data-benefit={benefit.name} wrap="wrap" gap="xs">
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
        </SettingsListItem>
      ))}
    </SettingsList>
  );
}
