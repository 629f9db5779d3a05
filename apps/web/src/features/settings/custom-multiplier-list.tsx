import { ActionIcon, Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { type CustomMultiplier, isTemporaryId } from '@salary/shared/settings/settings.contract';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { formatMultiplierValue, MULTIPLIER_TYPE_LABELS } from './settings-format.ts';

interface CustomMultiplierListProps {
  multipliers: CustomMultiplier[];
  /** Without them the list is read-only. */
  onEdit?(multiplier: CustomMultiplier): void;
  onDelete?(multiplier: CustomMultiplier): void;
}

export function CustomMultiplierList({ multipliers, onEdit, onDelete }: CustomMultiplierListProps) {
  if (multipliers.length === 0) {
    return (
      <Text c="dimmed" size="sm" ta="center" py="lg">
        No custom multipliers yet
      </Text>
    );
  }
  return (
    <Stack gap={0} component="ul" aria-label="Custom multipliers" m={0} p={0} style={{ listStyle: 'none' }}>
      {multipliers.map((m) => (
        <Group
          key={m.id}
          component="li"
          data-custom-multiplier={m.title}
          justify="space-between"
          wrap="nowrap"
          gap="sm"
          py="sm"
          style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
        >
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Text fw={500} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {m.title}
            </Text>
            <Group gap={6}>
              <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatMultiplierValue(m.multiplier, m.type)}
              </Text>
              <Badge variant="light" color="gray" size="sm">
                {MULTIPLIER_TYPE_LABELS[m.type]}
              </Badge>
              {/* Made on this screen and not saved yet. */}
              {isTemporaryId(m.id) ? (
                <Badge variant="light" color="yellow" size="sm">
                  Unsaved
                </Badge>
              ) : null}
            </Group>
          </Stack>
          {onEdit && onDelete ? (
            <Group gap={4} wrap="nowrap">
              <Tooltip label="Edit" withArrow>
                <ActionIcon variant="subtle" aria-label={`Edit ${m.title}`} onClick={() => onEdit(m)}>
                  <IconPencil size={18} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Delete" withArrow>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Delete ${m.title}`}
                  onClick={() => onDelete(m)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
          ) : null}
        </Group>
      ))}
    </Stack>
  );
}
