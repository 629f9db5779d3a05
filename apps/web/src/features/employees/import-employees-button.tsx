import { Button, FileButton } from '@mantine/core';
import { IMPORT_ACCEPT } from '@salary/shared/excel/excel.contract';
import { IconFileUpload } from '@tabler/icons-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api-error.ts';
import { useToast } from '../../lib/toast/toast-context.ts';
import { importProblemsOf, useImportEmployees } from './api/import-employees.ts';
import type { ImportStep, ImportTicks } from './import-step.ts';

const FAILED = 'Failed to import employees';

// Loaded with the first picked file: most visits never import.
const ImportDialog = lazy(() => import('./import-dialog.tsx').then((m) => ({ default: m.ImportDialog })));

/**
 * 'Import Excel': pick a file → dry run (nothing written) → a preview of what will happen
 * (created, changed field by field, conflicts and possible duplicates to tick) → Confirm → the
 * real import in one transaction, with the ticks. A refused file shows every problem instead.
 */
export function ImportEmployeesButton() {
  const toast = useToast();
  const mutation = useImportEmployees();
  const [step, setStep] = useState<ImportStep>({ kind: 'idle' });
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

  const check = async (file: File | null) => {
    // Picking the same file again must fire onChange again.
    resetPicker.current?.();
    if (!file) return;
    const controller = new AbortController();
    checking.current = controller;
    setUsed(true);
    setStep({ kind: 'checking', file });
    try {
      const { report } = await mutation.mutateAsync({ file, dryRun: true, signal: controller.signal });
      if (!controller.signal.aborted) setStep({ kind: 'ready', file, report });
    } catch (error) {
      if (!controller.signal.aborted) fail(file, error);
    }
  };

  const confirm = async (ticks: ImportTicks) => {
    if (step.kind !== 'ready') return;
    const { file } = step;
    setStep({ kind: 'importing', file, report: step.report });
    try {
      await mutation.mutateAsync({ file, dryRun: false, ...ticks });
      toast.success('Employees imported successfully');
      setStep({ kind: 'idle' });
    } catch (error) {
      fail(file, error);
    }
  };

  const cancel = () => {
    if (step.kind === 'importing') return;
    checking.current?.abort();
    setStep({ kind: 'idle' });
  };

  return (
    <>
      <FileButton
        onChange={check}
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
          <ImportDialog step={step} onConfirm={confirm} onCancel={cancel} />
        </Suspense>
      ) : null}
    </>
  );
}
