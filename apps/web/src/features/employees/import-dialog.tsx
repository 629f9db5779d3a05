import { Alert, Button, Group, List, Modal, Progress, Stack, Text } from '@mantine/core';
import type { ImportNotice } from '@salary/shared/excel/excel.contract';
import { IconAlertTriangle, IconFileSpreadsheet, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { EffectiveFrom } from '../../components/effective-from.tsx';
import { formatDay } from '../../lib/company-format.tsx';
import { isScheduledDay } from '../../lib/dated/effective-day.ts';
import { ImportPreviewTable } from './import-preview-table.tsx';
import { DownloadProblemsButton, ImportProblemsTable } from './import-problems-table.tsx';
import { confirmedCount, type ImportStep, type ImportTicks, importSummary } from './import-step.ts';

interface ImportDialogProps {
  step: ImportStep;
  /** Effective from: null collapsed ("today"), else the day as typed (empty: today). */
  day: string | null;
  onDayChange(day: string | null): void;
  onConfirm(ticks: ImportTicks): void;
  onCancel(): void;
}

/** What a day other than today does to the import, in one sentence. */
function dayNote(day: string | undefined): string {
  if (!day) return '';
  return isScheduledDay(day)
    ? ` The changes take effect on ${formatDay(day)}; today's values stay until then.`
    : ` The changes take effect from ${formatDay(day)}.`;
}

const NO_TICKS: ImportTicks = { overwrite: [], createDuplicates: [] };

function Notices({ title, notices, color }: { title: string; notices: ImportNotice[]; color: string }) {
  if (!notices.length) return null;
  return (
    <Alert color={color} variant="light" icon={<IconInfoCircle size={18} />} title={title}>
      <List size="sm" spacing={2}>
        {notices.map((n, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders.
          <List.Item key={i}>{n.row === null ? n.message : `Row ${n.row}: ${n.message}`}</List.Item>
        ))}
      </List>
    </Alert>
  );
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
export function ImportDialog({ step, day, onDayChange, onConfirm, onCancel }: ImportDialogProps) {
  const busy = step.kind === 'importing';
  const [ticks, setTicks] = useState<ImportTicks>(NO_TICKS);
  const [ticksFor, setTicksFor] = useState<unknown>(null);
  // A new preview starts with nothing ticked.
  const report = step.kind === 'ready' || step.kind === 'importing' ? step.report : null;
  if (report !== ticksFor) {
    setTicksFor(report);
    if (step.kind !== 'importing') setTicks(NO_TICKS);
  }
  const wide =
    step.kind === 'problems' ||
    (report !== null &&
      report.creations.length +
        report.changes.length +
        report.conflicts.length +
        report.possibleDuplicates.length >
        0);
  return (
    <Modal
      opened={step.kind !== 'idle'}
      onClose={onCancel}
      title="Import Employees"
      centered
      size={wide ? 'xl' : 'md'}
      // Once the real import runs the server may already be writing: it cannot be called off.
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      withCloseButton={!busy}
    >
      {step.kind === 'idle' ? null : (
        <Stack gap="md">
          <FileName file={step.file} />
          {step.kind === 'checking' || step.kind === 'ready' || step.kind === 'refused' ? (
            <EffectiveFrom value={day} onChange={onDayChange} />
          ) : null}
          {step.kind === 'checking' ? <Working label="Checking the file…" /> : null}
          {step.kind === 'refused' ? (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={step.message}>
              Choose another day, or cancel.
            </Alert>
          ) : null}
          {step.kind === 'importing' ? <Working label="Importing employees…" /> : null}
          {step.kind === 'ready' || (step.kind === 'importing' && report) ? (
            <Stack gap="sm">
              <Stack gap={4}>
                <Text fw={600} size="lg" data-testid="import-summary">
                  {importSummary(report!)}
                </Text>
                <Text size="sm" c="dimmed">
                  {`Sheet "${report!.sheet}". `}
                  {confirmedCount(report!, ticks) === 0
                    ? 'The file holds nothing to import.'
                    : 'Nothing has been written yet; confirm to import what the table shows.'}
                  {report!.conflictCount > 0 ? ' Conflicts are not applied unless you tick them.' : ''}
                  {dayNote(step.effectiveFrom)}
                </Text>
              </Stack>
              <ImportPreviewTable report={report!} ticks={ticks} onTicksChange={setTicks} disabled={busy} />
              <Notices title="Ignored edits" notices={report!.ignoredEdits} color="yellow" />
              <Notices title="Notes" notices={report!.notices} color="blue" />
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
                  onClick={() => onConfirm(ticks)}
                  loading={busy}
                  disabled={
                    step.kind === 'checking' ||
                    step.kind === 'refused' ||
                    (step.kind === 'ready' && confirmedCount(step.report, ticks) === 0)
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
