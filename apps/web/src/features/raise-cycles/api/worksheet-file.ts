import { IMPORT_FIELD, type ImportProblem } from '@salary/shared/excel/excel.contract';
import {
  type WorksheetConflict,
  type WorksheetImportReport,
  worksheetFileName,
  worksheetImportConflicts,
  worksheetImportProblems,
  worksheetImportReport,
} from '@salary/shared/raise-cycles/worksheet-file.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { downloadFile } from '../../../lib/download-file.ts';
import { raiseCyclesQueryKey } from './raise-cycles.ts';

/** GET /raise-cycles/{id}/worksheet.xlsx → raise_worksheet_<id>.xlsx, the rows the reader may see. */
export function exportWorksheetFile(cycleId: number): Promise<void> {
  return downloadFile(`/raise-cycles/${cycleId}/worksheet.xlsx`, worksheetFileName(cycleId));
}

export const useExportWorksheetFile = () => useMutation({ mutationFn: exportWorksheetFile });

export interface WorksheetImportRequest {
  cycleId: number;
  file: File;
  /** The preview: the server decides and saves in a transaction it rolls back; nothing is written. */
  dryRun: boolean;
  signal?: AbortSignal;
}

/** POST /raise-cycles/{id}/worksheet/import (multipart field `file`; `?dryRun=true` for the preview). */
export async function importWorksheetFile({
  cycleId,
  file,
  dryRun,
  signal,
}: WorksheetImportRequest): Promise<{ report: WorksheetImportReport; message: string }> {
  const body = new FormData();
  body.append(IMPORT_FIELD, file);
  const envelope = await apiClient.post<unknown>(`/raise-cycles/${cycleId}/worksheet/import`, body, {
    query: { dryRun: dryRun ? 'true' : undefined },
    signal,
  });
  return { report: worksheetImportReport.parse(envelope.data), message: envelope.message };
}

/** Imported (not previewed): the worksheet and the list read again. */
export function useImportWorksheetFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importWorksheetFile,
    onSuccess: (_outcome, request) => {
      if (!request.dryRun) return queryClient.invalidateQueries({ queryKey: raiseCyclesQueryKey });
    },
  });
}

/**
 * Why a file was refused, when the refusal lists rows: its bad cells (400, `data.problems`) or
 * the rows changed in the app since the export (409, `data.conflicts`); null for any other
 * failure (not a workbook, missing columns, not a draft…), which has only its message.
 */
export function worksheetRefusalOf(
  error: unknown,
): { problems: ImportProblem[] } | { conflicts: WorksheetConflict[] } | null {
  if (!isApiError(error)) return null;
  const problems = worksheetImportProblems.safeParse(error.details);
  if (problems.success && problems.data.problems.length) return { problems: problems.data.problems };
  const conflicts = worksheetImportConflicts.safeParse(error.details);
  if (conflicts.success && conflicts.data.conflicts.length) return { conflicts: conflicts.data.conflicts };
  return null;
}
