import { Alert, Button, Stack, Text } from '@mantine/core';
import type { AuditEntry } from '@salary/shared/audit/audit.contract';
import {
  type ImportRevertResult,
  importRevertCounts,
  importRevertPrompt,
} from '@salary/shared/audit/import-revert.contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { useToast } from '../../lib/toast/toast-context.ts';
import { useRevertEntry } from './api/revert-entry.ts';

/**
 * "Revert this import" under an import's expanded entry: a confirmation that says how many
 * employees go and how many get their earlier values back, then the revert. A refusal (a
 * later change touched some of them) stays on screen with the server's words naming them.
 */
export function RevertImport({ entry, revertedBy }: { entry: AuditEntry; revertedBy?: AuditEntry }) {
  const toast = useToast();
  const revert = useRevertEntry<ImportRevertResult>();
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  if (revertedBy)
    return (
      <Text size="sm" c="dimmed">
        Reverted by {revertedBy.actorEmail} (entry {revertedBy.id}).
      </Text>
    );

  const confirm = async () => {
    try {
      await revert.mutateAsync(entry.id);
      setRefusal(null);
      toast.success('Import reverted');
    } catch (error) {
      const message = errorMessage(error, 'Failed to revert the import');
      setRefusal(message);
      toast.error(message);
    } finally {
      setConfirming(false);
    }
  };

  return (
    <Stack gap="xs" align="flex-start">
      <Button color="red" variant="light" size="xs" onClick={() => setConfirming(true)}>
        Revert this import
      </Button>
      {refusal ? (
        <Alert color="red" variant="light" title="The import was not reverted">
          {refusal}
        </Alert>
      ) : null}
      <ConfirmDialog
        opened={confirming}
        title="Revert this import"
        message={`Are you sure you want to revert this import? ${importRevertPrompt(importRevertCounts(entry.details))}`}
        item={entry.summary}
        confirmLabel="Revert Import"
        loading={revert.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}
