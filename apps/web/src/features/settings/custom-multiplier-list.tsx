import { ActionIcon, Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { type CustomMultiplier, isTemporaryId } from '@salary/shared/settings/settings.contract';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { formatMultiplierValue, MULTIPLIER_TYPE_LABELS } from './settings-format.ts';
import { SettingsList, SettingsListItem } from './settings-list.tsx';

interface CustomMultiplierListProps {
  multipliers: CustomMultiplier[];
  /** Without them the list is read-only. */
  onEdit?(multiplier: CustomMultiplier): void;
  onDelete?(multiplier: CustomMultiplier): void;
}

export function CustomMultiplierList({ multipliers, onEdit, onDelete }: CustomMultiplierListProps) {
  return (
    <SettingsList label="Custom multipliers" emptyText="No custom multipliers yet" count={multipliers.length}>
      {multipliers.map((m) => (
        <SettingsListItem key={m.id} data-custom-multiplier={m.title} wrap="nowrap" gap="sm">
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
        </SettingsListItem>
      ))}
    </SettingsList>
  );
}
