import { Group, Paper, Stack, Text } from '@mantine/core';
import type { Settings } from '@salary/shared/settings/settings.contract';
import { IconCalendarClock } from '@tabler/icons-react';
import { useId } from 'react';
import { formatDay } from '../../lib/company-format.tsx';
import { ruleChangeWords } from '../../lib/dated/rule-change-words.ts';
import { kindOf, useScheduledChanges } from '../../lib/dated/scheduled-changes.ts';

const LIST_STYLE = { listStyle: 'none', margin: 0, padding: 0 } as const;

interface PendingSettingsChangesProps {
  /** The PUT /api/settings fields this screen edits: only their waiting changes are shown. */
  fields: readonly string[];
  /** Today's record (a multiplier's type when only its value changes). */
  current: Settings;
}

/**
 * Near a settings screen's save: the changes to its fields waiting for their day, "from Jan 1,
 * 2027: Experience multiplier 5% → 7%". Nothing when none waits (Settings → Scheduled Changes
 * cancels them).
 */
export function PendingSettingsChanges({ fields, current }: PendingSettingsChangesProps) {
  const titleId = useId();
  const scheduled = useScheduledChanges();
  const waiting = (scheduled.data ?? [])
    .filter((change) => kindOf(change) === 'settings')
    .map((change) => ({ change, moves: change.changes.filter((m) => fields.includes(m.field)) }))
    .filter(({ moves }) => moves.length > 0);
  if (waiting.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="sm" bg="blue.0">
      <Group gap="xs" mb={4} wrap="nowrap">
        <IconCalendarClock size={16} aria-hidden />
        <Text size="sm" fw={600} id={titleId}>
          Scheduled changes
        </Text>
      </Group>
      <Stack component="ul" gap={2} style={LIST_STYLE} aria-labelledby={titleId}>
        {waiting.map(({ change, moves }) => (
          <Text component="li" size="sm" key={change.id} style={{ overflowWrap: 'anywhere' }}>
            from <strong>{formatDay(change.effectiveFrom)}</strong>:{' '}
            {ruleChangeWords('settings', moves, { settings: current })}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}
