import { Button, Card, Group, Stack, Text } from '@mantine/core';
import type { ScheduledChange } from '@salary/shared/employees/dated.contract';
import { IconCalendarX } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { SectionLoader } from '../../components/section-loader.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { formatDateTime, formatDay } from '../../lib/company-format.tsx';
import { type ChangeNames, changeWords } from '../../lib/dated/change-words.ts';
import { type RuleWordsContext, ruleChangeWords } from '../../lib/dated/rule-change-words.ts';
import {
  kindOf,
  subjectOf,
  useCancelScheduledChange,
  useScheduledChanges,
} from '../../lib/dated/scheduled-changes.ts';
import { useChangeNames } from '../../lib/dated/use-change-names.ts';
import { useCanManageSettings, usePermission } from '../../lib/permissions.ts';
import { useSettings } from '../../lib/salary-rules/get-settings.ts';
import { useToast } from '../../lib/toast/toast-context.ts';
import { SettingsPanel } from './settings-panel.tsx';

const LIST_STYLE = { listStyle: 'none', margin: 0, padding: 0 } as const;

/** What a change moves, in words: an employee's fields by name, a rule's values as its form shows them. */
function wordsOf(
  change: ScheduledChange,
  names: ChangeNames,
  settings: RuleWordsContext['settings'],
): string {
  const kind = kindOf(change);
  return kind === 'employee'
    ? changeWords(change.changes, names)
    : ruleChangeWords(kind, change.changes, { settings });
}

function ChangeCard({
  change,
  words,
  onCancel,
}: {
  change: ScheduledChange;
  words: string;
  onCancel?: () => void;
}) {
  return (
    <Card
      withBorder
      padding="sm"
      radius="md"
      component="li"
      aria-label={`${subjectOf(change)}, from ${formatDay(change.effectiveFrom)}`}
    >
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={2} style={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600}>{subjectOf(change)}</Text>
            <Text size="sm" c="dimmed">
              from <strong>{formatDay(change.effectiveFrom)}</strong>
            </Text>
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {words}
          </Text>
          <Text size="xs" c="dimmed">
            Recorded by {change.recordedBy ?? 'the system'} on {formatDateTime(change.recordedAt)}
          </Text>
        </Stack>
        {onCancel ? (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconCalendarX size={14} />}
            onClick={onCancel}
            aria-label={`Cancel the change to ${subjectOf(change)} from ${formatDay(change.effectiveFrom)}`}
          >
            Cancel
          </Button>
        ) : null}
      </Group>
    </Card>
  );
}

/**
 * Settings → Scheduled changes: employee and rule changes waiting for their day; Cancel with
 * manageEmployee (an employee's) or manageSettings (a base salary's, a factor's, the settings').
 */
export default function ScheduledChangesSection() {
  const toast = useToast();
  const canCancelEmployee = usePermission('manageEmployee');
  const canCancelRule = useCanManageSettings();
  const scheduled = useScheduledChanges();
  const cancel = useCancelScheduledChange();
  const [confirming, setConfirming] = useState<ScheduledChange | null>(null);
  const changes = scheduled.data ?? [];
  const names = useChangeNames(changes.filter((c) => kindOf(c) === 'employee').flatMap((c) => c.changes));
  const settingsRead = useSettings();
  const settings = settingsRead.data;
  // A multiplier's change reads in its unit ("1.5% → 2%"), which today's settings give: the
  // list waits for them rather than showing bare numbers first.
  const waitingForUnits = settingsRead.isPending && changes.some((c) => kindOf(c) === 'settings');
  const canCancel = (change: ScheduledChange) =>
    kindOf(change) === 'employee' ? canCancelEmployee : canCancelRule;

  const confirm = async () => {
    if (!confirming) return;
    try {
      await cancel.mutateAsync(confirming.id);
      toast.success('Scheduled change cancelled');
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to cancel scheduled change'));
    } finally {
      setConfirming(null);
    }
  };

  const count = changes.length;
  return (
    <SettingsPanel
      title="Scheduled Changes"
      description="Changes to employees and salary rules recorded for a day still to come. Until then today's values stay."
      aside={
        scheduled.data ? (
          <Text c="dimmed" size="sm">
            {count === 1 ? '1 change' : `${count} changes`}
          </Text>
        ) : null
      }
    >
      {scheduled.isPending || waitingForUnits ? (
        <SectionLoader />
      ) : scheduled.isError ? (
        <Text c="red.8">{errorMessage(scheduled.error, 'Failed to load scheduled changes')}</Text>
      ) : count === 0 ? (
        <Text c="dimmed">No scheduled changes</Text>
      ) : (
        <Stack component="ul" gap="sm" style={LIST_STYLE} aria-label="Scheduled changes">
          {changes.map((c) => (
            <ChangeCard
              key={c.id}
              change={c}
              words={wordsOf(c, names, settings)}
              onCancel={canCancel(c) ? () => setConfirming(c) : undefined}
            />
          ))}
        </Stack>
      )}
      <ConfirmDialog
        opened={confirming !== null}
        title="Cancel scheduled change"
        message="Are you sure you want to cancel this scheduled change?"
        item={
          confirming
            ? `${subjectOf(confirming)} from ${formatDay(confirming.effectiveFrom)}: ${wordsOf(confirming, names, settings)}`
            : undefined
        }
        confirmLabel="Cancel change"
        loading={cancel.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
      />
    </SettingsPanel>
  );
}
