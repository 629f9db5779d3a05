import { Alert, Button, Stack, Text } from '@mantine/core';
import type { AuditEntry } from '@salary/shared/audit/audit.contract';
import { revertKind, revertPrompt, revertToast } from '@salary/shared/audit/entry-revert.contract';
import { IconArrowBackUp, IconRestore } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { formatDay } from '../../lib/company-format.tsx';
import { useToast } from '../../lib/toast/toast-context.ts';
import { useRevertEntry } from './api/revert-entry.ts';

const WORDS = {
  restore: {
    button: 'Restore',
    title: 'Restore employee',
    message:
      'Are you sure you want to restore this employee? They come back with the same ID, every field and their pay history.',
    refused: 'The employee was not restored',
    done: 'Restored',
  },
  revert: {
    button: 'Revert',
    title: 'Revert this change',
    refused: 'The change was not reverted',
    done: 'Reverted',
  },
} as const;

/** The entry that already undid `entry`, when the loaded pages hold it. */
export function undoneBy(entry: AuditEntry, entries: readonly AuditEntry[]): AuditEntry | undefined {
  const kind = revertKind(entry);
  if (kind === 'restore')
    return entries.find(
      (e) =>
        e.action === 'restore' &&
        e.entityType === 'employee' &&
        e.entityId === entry.entityId &&
        e.id > entry.id,
    );
  return entries.find(
    (e) => e.action === 'revert' && (e.details as { revertOf?: unknown } | null)?.revertOf === entry.id,
  );
}

/**
 * Revert (an employee's edit, a rule's update, a grid cell's create or delete, a grid save, a
 * reorder) or Restore (an employee's delete) on an Audit Log entry: a confirmation saying what
 * the revert does (a dated rule change: from its day, or its scheduled day withdrawn), then
 * the server puts the earlier values back — or refuses, saying what changed since, in words
 * kept on screen. Imports have their own (revert-import.tsx).
 */
export function RevertEntry({ entry, undone }: { entry: AuditEntry; undone?: AuditEntry }) {
  const toast = useToast();
  const revert = useRevertEntry();
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const kind = revertKind(entry);
  if (kind === null || entry.entityType === 'import') return null;
  const words = WORDS[kind];
  const what = (entry.details as { label?: unknown } | null)?.label;
  const name = typeof what === 'string' ? what : `entry ${entry.id}`;

  if (undone)
    return (
      <Text size="xs" c="dimmed">
        {words.done} by {undone.actorEmail} (entry {undone.id}).
      </Text>
    );

  const confirm = async () => {
    try {
      await revert.mutateAsync(entry.id);
      setRefusal(null);
      toast.success(revertToast(kind));
    } catch (error) {
      const message = errorMessage(error, `Failed to ${words.button.toLowerCase()}`);
      setRefusal(message);
      toast.error(message);
    } finally {
      setConfirming(false);
    }
  };

  const Icon = kind === 'restore' ? IconRestore : IconArrowBackUp;
  return (
    <Stack gap={4} align="flex-start" mt={4}>
      <Button
        size="compact-xs"
        variant="light"
        color={kind === 'restore' ? 'teal' : 'orange'}
        leftSection={<Icon size={14} aria-hidden />}
        onClick={() => setConfirming(true)}
        aria-label={`${words.button} ${name} (entry ${entry.id})`}
      >
        {words.button}
      </Button>
      {refusal ? (
        <Alert color="red" variant="light" title={words.refused}>
          {refusal}
        </Alert>
      ) : null}
      <ConfirmDialog
        opened={confirming}
        title={words.title}
        message={kind === 'restore' ? WORDS.restore.message : revertPrompt(entry, formatDay)}
        item={entry.summary}
        confirmLabel={words.button}
        loading={revert.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}
