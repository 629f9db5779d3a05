import {
  Alert,
  Button,
  FileButton,
  Group,
  Modal,
  Progress,
  ScrollArea,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IMPORT_ACCEPT, type ImportProblem } from '@salary/shared/excel/excel.contract';
import {
  PROPOSAL_KIND_LABELS,
  type ProposalCells,
  type WorksheetConflict,
  type WorksheetImportReport,
} from '@salary/shared/raise-cycles/worksheet-file.contract';
import { IconAlertTriangle, IconFileSpreadsheet, IconFileUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { errorMessage } from '../../lib/api-error.ts';
import { formatMoney, formatPercent } from '../../lib/company-format.tsx';
import { useToast } from '../../lib/toast/toast-context.ts';
import { useExportWorksheetFile, useImportWorksheetFile, worksheetRefusalOf } from './api/worksheet-file.ts';

/*
 * The worksheet as a file: *Export worksheet (.xlsx)* downloads the rows the reader may see;
 * *Import worksheet* (a draft, for who may propose) picks the edited file, previews it — the
 * server decides and saves it in a transaction it rolls back, so nothing is written — and shows
 * the rows that change, before → after with their new gross; Confirm imports it. A file with bad
 * cells lists them by row and column; one with rows changed in the app since its export lists
 * those (nothing is imported then: export again).
 */

const FAILED = 'Failed to import the worksheet';

type Step =
  | { kind: 'idle' }
  | { kind: 'checking'; file: File }
  | { kind: 'ready'; file: File; report: WorksheetImportReport }
  | { kind: 'importing'; file: File; report: WorksheetImportReport }
  | {
      kind: 'refused';
      file: File;
      message: string;
      problems?: ImportProblem[];
      conflicts?: WorksheetConflict[];
    };

/** 'Percent 3%, rating 4 — "Market"': a proposal as the sheet holds it. */
export function proposalText(p: ProposalCells): string {
  const label = PROPOSAL_KIND_LABELS[p.kind];
  const raise =
    p.kind === 'PERCENT'
      ? `${label} ${formatPercent(p.value ?? 0)}`
      : p.kind === 'AMOUNT'
        ? `${label} ${formatMoney(p.value)}`
        : p.kind === 'MOVE'
          ? `${label} to ${p.grade ?? '?'} / ${p.level ?? '?'}`
          : label;
  const rating = p.rating === null ? '' : `, rating ${p.rating}`;
  return `${raise}${rating}${p.reason ? ` — "${p.reason}"` : ''}`;
}

/** A table in its own scrolling region, focusable so the keyboard can scroll it. */
function Rows({ label, head, rows }: { label: string; head: string[]; rows: Array<Array<string | number>> }) {
  return (
    <ScrollArea.Autosize mah={320} type="auto" viewportProps={{ tabIndex: 0, 'aria-label': label }}>
      <Table striped verticalSpacing={6} fz="sm" stickyHeader aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {head.map((h) => (
              <Table.Th key={h}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((cells, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders.
            <Table.Tr key={i}>
              {cells.map((cell, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells never reorder.
                <Table.Td key={j} style={{ overflowWrap: 'anywhere' }}>
                  {cell}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

function Preview({ report }: { report: WorksheetImportReport }) {
  const { changed, unchanged, totals } = report;
  return (
    <Stack gap="sm">
      <Text size="sm">
        {changed === 0
          ? `The file changes no proposal (${unchanged} unchanged).`
          : `${changed} ${changed === 1 ? 'row changes' : 'rows change'}, ${unchanged} unchanged.`}
      </Text>
      {report.warnings.length ? (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
          {report.warnings.join(' ')}: {formatMoney(totals.budgetUsed)} of {formatMoney(totals.budget)}.
        </Alert>
      ) : null}
      {changed ? (
        <Rows
          label="Rows that change"
          head={['Row', 'Employee', 'Before', 'After', 'New gross']}
          rows={report.changes.map((c) => [
            c.row,
            c.name,
            proposalText(c.before),
            proposalText(c.after),
            `${formatMoney(c.newGrossBefore)} → ${formatMoney(c.newGross)}`,
          ])}
        />
      ) : null}
      {report.changes.length < changed ? (
        <Text size="xs" c="dimmed">
          Showing the first {report.changes.length} of {changed} rows.
        </Text>
      ) : null}
    </Stack>
  );
}

function Refusal({ step }: { step: Extract<Step, { kind: 'refused' }> }) {
  return (
    <Stack gap="sm">
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
        {step.message}
      </Alert>
      {step.problems ? (
        <Rows
          label="Import problems"
          head={['Row', 'Column', 'Message']}
          rows={step.problems.map((p) => [p.row, p.column, p.message])}
        />
      ) : null}
      {step.conflicts ? (
        <Rows
          label="Rows changed since the export"
          head={['Row', 'Employee', 'When exported', 'Now']}
          rows={step.conflicts.map((c) => [c.row, c.name, proposalText(c.exported), proposalText(c.now)])}
        />
      ) : null}
    </Stack>
  );
}

interface WorksheetFileActionsProps {
  cycleId: number;
  /** A draft the reader may propose on: the import is offered. */
  editable: boolean;
  /** After an import wrote proposals: the page shows the worksheet again. */
  onImported(): void;
}

export function WorksheetFileActions({ cycleId, editable, onImported }: WorksheetFileActionsProps) {
  const toast = useToast();
  const exportFile = useExportWorksheetFile();
  const importFile = useImportWorksheetFile();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const resetPicker = useRef<() => void>(null);
  const checking = useRef<AbortController | null>(null);

  /** A refusal listing rows stays in the dialog; any other is a toast. */
  const fail = (file: File, error: unknown) => {
    const refusal = worksheetRefusalOf(error);
    if (refusal) setStep({ kind: 'refused', file, message: errorMessage(error, FAILED), ...refusal });
    else {
      toast.error(errorMessage(error, FAILED));
      setStep({ kind: 'idle' });
    }
  };

  const pick = async (file: File | null) => {
    // Picking the same file again must fire onChange again.
    resetPicker.current?.();
    if (!file) return;
    checking.current?.abort();
    const controller = new AbortController();
    checking.current = controller;
    setStep({ kind: 'checking', file });
    try {
      const { report } = await importFile.mutateAsync({
        cycleId,
        file,
        dryRun: true,
        signal: controller.signal,
      });
      if (!controller.signal.aborted) setStep({ kind: 'ready', file, report });
    } catch (error) {
      if (!controller.signal.aborted) fail(file, error);
    }
  };

  const confirm = async () => {
    if (step.kind !== 'ready') return;
    const { file, report } = step;
    setStep({ kind: 'importing', file, report });
    try {
      const { report: written, message } = await importFile.mutateAsync({ cycleId, file, dryRun: false });
      if (written.totals.overBudget) toast.warning(message);
      else toast.success(message);
      setStep({ kind: 'idle' });
      onImported();
    } catch (error) {
      fail(file, error);
    }
  };

  const close = () => {
    if (step.kind === 'importing') return;
    checking.current?.abort();
    setStep({ kind: 'idle' });
  };

  const exportWorksheet = () =>
    exportFile.mutate(cycleId, {
      onError: (error) => toast.error(errorMessage(error, 'Failed to export the worksheet')),
    });

  return (
    <>
      <Button
        variant="default"
        leftSection={<IconFileSpreadsheet size={16} />}
        loading={exportFile.isPending}
        onClick={exportWorksheet}
      >
        Export worksheet (.xlsx)
      </Button>
      {editable ? (
        <FileButton
          onChange={(file) => void pick(file)}
          accept={IMPORT_ACCEPT}
          resetRef={resetPicker}
          name="worksheet-file"
          inputProps={{ 'aria-label': 'Worksheet file to import' }}
        >
          {(picker) => (
            <Button {...picker} variant="default" leftSection={<IconFileUpload size={16} />}>
              Import worksheet
            </Button>
          )}
        </FileButton>
      ) : null}
      <Modal
        opened={step.kind !== 'idle'}
        onClose={close}
        title="Import worksheet"
        size={step.kind === 'ready' || step.kind === 'refused' ? 'xl' : 'md'}
        closeOnClickOutside={step.kind !== 'importing'}
        withCloseButton={step.kind !== 'importing'}
        closeButtonProps={{ 'aria-label': 'Close the import' }}
      >
        {step.kind === 'idle' ? null : (
          <Stack gap="md">
            <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {step.file.name}
            </Text>
            {step.kind === 'checking' ? (
              <Stack gap="xs" role="status" aria-live="polite">
                <Text size="sm">Checking the file…</Text>
                <Progress value={100} striped animated size="md" aria-label="Checking the file" />
              </Stack>
            ) : null}
            {step.kind === 'ready' || step.kind === 'importing' ? <Preview report={step.report} /> : null}
            {step.kind === 'refused' ? <Refusal step={step} /> : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={step.kind === 'importing'}>
                {step.kind === 'refused' ? 'Close' : 'Cancel'}
              </Button>
              {(step.kind === 'ready' || step.kind === 'importing') && step.report.changed > 0 ? (
                <Button onClick={() => void confirm()} loading={step.kind === 'importing'}>
                  Confirm
                </Button>
              ) : null}
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
