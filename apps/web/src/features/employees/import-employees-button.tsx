import { Button, FileButton } from '@mantine/core';
import { isCalendarDay } from '@salary/shared/common/calendar-day';
import { IMPORT_ACCEPT } from '@salary/shared/excel/excel.contract';
import { IconFileUpload } from '@tabler/icons-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api-error.ts';
import { savedToast } from '../../lib/dated/effective-day.ts';
import { useToast } from '../../lib/toast/toast-context.ts';
import { importProblemsOf, useImportEmployees } from './api/import-employees.ts';
import { backPayLine } from './back-pay-line.ts';
import type { ImportStep, ImportTicks } from './import-step.ts';

const FAILED = 'Failed to import employees';
const IMPORTED = 'Employees imported successfully';

// Loaded with the first picked file: most visits never import.
const ImportDialog = lazy(() => import('./import-dialog.tsx').then((m) => ({ default: m.ImportDialog })));

/**
 * 'Import Excel': pick a file → dry run (nothing written) → a preview of what will happen
 * (created, changed field by field, conflicts and possible duplicates to tick) → Confirm → the
 * real import in one transaction, with the ticks. A refused file shows every problem instead.
 * The preview's *Effective from* (today unless opened) dates the changes: another day checks the
 * file again for that day, and Confirm imports with the day the preview shows.
 */
export function ImportEmployeesButton() {
  const toast = useToast();
  const mutation = useImportEmployees();
  const [step, setStep] = useState<ImportStep>({ kind: 'idle' });
  // null until "change" is opened; an empty day is today.
  const [day, setDay] = useState<string | null>(null);
  // Stays mounted after the first use so the closing transition can play.
  const [used, setUsed] = useState(false);
  const resetPicker = useRef<() => void>(null);
  const checking = useRef<AbortController | null>(null);

  const fail = (file: File, error: unknown) => {
    toast.error(errorMessage(error, FAILED));
    const problems = importProblemsOf(error);
    setStep(
      problems
        ? { kind: 'problems', file, problems, message: errorMessage(error, FAILED) }
        : { kind: 'idle' },
    );
  };

  /** The dry run of `file` for the day `effectiveFrom` (undefined: today); a newer check wins. */
  const check = async (file: File, effectiveFrom: string | undefined) => {
    checking.current?.abort();
    const controller = new AbortController();
    checking.current = controller;
    setUsed(true);
    setStep({ kind: 'checking', file, effectiveFrom });
    try {
      const { report } = await mutation.mutateAsync({
        file,
        dryRun: true,
        effectiveFrom,
        signal: controller.signal,
      });
      if (!controller.signal.aborted) setStep({ kind: 'ready', file, report, effectiveFrom });
    } catch (error) {
      if (controller.signal.aborted) return;
      // Checked for a day of its own: the refusal (the day, most likely) stays in the dialog,
      // where another day can be chosen.
      if (effectiveFrom !== undefined && !importProblemsOf(error))
        setStep({ kind: 'refused', file, message: errorMessage(error, FAILED), effectiveFrom });
      else fail(file, error);
    }
  };

  const pick = (file: File | null) => {
    // Picking the same file again must fire onChange again.
    resetPicker.current?.();
    if (file) void check(file, day || undefined);
  };

  /** Another day chosen: the file is checked again for it once it is a whole day (or today). */
  const changeDay = (value: string | null) => {
    setDay(value);
    const chosen = value || undefined;
    if (chosen !== undefined && !isCalendarDay(chosen)) return;
    if (
      (step.kind === 'checking' || step.kind === 'ready' || step.kind === 'refused') &&
      chosen !== step.effectiveFrom
    )
      void check(step.file, chosen);
  };

  const confirm = async (ticks: ImportTicks) => {
    if (step.kind !== 'ready') return;
    const { file, effectiveFrom } = step;
    setStep({ kind: 'importing', file, report: step.report, effectiveFrom });
    try {
      const { report } = await mutation.mutateAsync({ file, dryRun: false, effectiveFrom, ...ticks });
      const owed = backPayLine(report.backPay);
      toast.success(savedToast(owed ? `${IMPORTED}. ${owed}` : IMPORTED, effectiveFrom));
      setStep({ kind: 'idle' });
      setDay(null);
    } catch (error) {
      fail(file, error);
    }
  };

  const cancel = () => {
    if (step.kind === 'importing') return;
    checking.current?.abort();
    setStep({ kind: 'idle' });
    setDay(null);
  };

  return (
    <>
      <FileButton
        onChange={pick}
        accept={IMPORT_ACCEPT}
        resetRef={resetPicker}
        name="employees-file"
        inputProps={{ 'aria-label': 'Excel file to import' }}
      >
        {(picker) => (
          <Button {...picker} variant="default" leftSection={<IconFileUpload size={16} />}>
            Import Excel
          </Button>
        )}
      </FileButton>
      {step.kind !== 'idle' || used ? (
        <Suspense fallback={null}>
          <ImportDialog step={step} day={day} onDayChange={changeDay} onConfirm={confirm} onCancel={cancel} />
        </Suspense>
      ) : null}
    </>
  );
}
