import { Alert, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconFileSpreadsheet } from '@tabler/icons-react';
import { DownloadProblemsButton, ImportProblemsTable } from './import-problems-table.tsx';
import { type ImportStep, importSummary } from './import-step.ts';

interface ImportDialogProps {
  step: ImportStep;
  onConfirm(): void;
  onCancel(): void;
}

function Working({ label }: { label: string }) {
  return (
    <Stack gap="xs" role="status" aria-live="polite">
      <Text size="sm">{label}</Text>
      <Progress value={100} striped animated size="md" aria-label={label} />
    </Stack>
  );
}

function FileName({ file }: { file: File }) {
  return (
    <Group gap={6} wrap="nowrap">
      <IconFileSpreadsheet size={18} color="var(--mantine-color-green-7)" aria-hidden />
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {file.name}
      </Text>
    </Group>
  );
}

/** The import modal: a progress bar while the file is checked or written, the counts, or the problems. */
export function ImportDialog({ step, onConfirm, onCancel }: ImportDialogProps) {
  const busy = step.kind === 'importing';
  return (
    <Modal
      opened={step.kind !== 'idle'}
      onClose={onCancel}
      title="Import Employees"
      centered
      size={step.kind === 'problems' ? 'xl' : 'md'}
      // Once the real import runs the server may already be writing: it cannot be called off.
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      withCloseButton={!busy}
    >
      {step.kind === 'idle' ? null : (
        <Stack gap="md">
          <FileName file={step.file} />
          {step.kind === 'checking' ? <Working label="Checking the file…" /> : null}
          {step.kind === 'importing' ? <Working label="Importing employees…" /> : null}
          {step.kind === 'ready' ? (
            <Stack gap={4}>
              <Text fw={600} size="lg" data-testid="import-summary">
                {importSummary(step.report)}
              </Text>
              <Text size="sm" c="dimmed">
                {step.report.created + step.report.updated === 0
                  ? 'The file holds no employees to import.'
                  : 'The file is valid. Nothing has been written yet; confirm to import it.'}
              </Text>
            </Stack>
          ) : null}
          {step.kind === 'problems' ? (
            <>
              <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={step.message}>
                Fix these cells and import the file again.
              </Alert>
              <ImportProblemsTable problems={step.problems} />
            </>
          ) : null}
          <Group justify="flex-end" gap="sm">
            {step.kind === 'problems' ? (
              <>
                <DownloadProblemsButton problems={step.problems} />
                <Button onClick={onCancel}>Close</Button>
              </>
            ) : (
              <>
                <Button variant="default" onClick={onCancel} disabled={busy}>
                  Cancel
                </Button>
                <Button
                  onClick={onConfirm}
                  loading={busy}
                  disabled={
                    step.kind === 'checking' ||
                    (step.kind === 'ready' && step.report.created + step.report.updated === 0)
                  }
                >
                  Confirm
                </Button>
              </>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
