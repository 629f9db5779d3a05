import {
  IMPORT_FIELD,
  type ImportProblem,
  type ImportReport,
  importReport,
} from '@salary/shared/excel/excel.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { employeesQueryKey } from './get-employees.ts';

export interface ImportRequest {
  file: File;
  /** Check and count only; nothing is written (the first step of the import flow). */
  dryRun: boolean;
  /** IDs of conflicting rows to apply anyway (ticked in the preview). */
  overwrite?: number[];
  /** Row numbers of possible duplicates to create anyway. */
  createDuplicates?: number[];
  /** The day the changes take effect from (YYYY-MM-DD); absent: today. The check and the import send the same. */
  effectiveFrom?: string;
  signal?: AbortSignal;
}

export interface ImportOutcome {
  report: ImportReport;
  /** 'Employees imported successfully', or for a dry run e.g. '120 to create, 4 changed, 76 unchanged'. */
  message: string;
}

/** POST /employees/import (multipart field `file`, `?dryRun=true` for the check, `?effectiveFrom=` when a day was chosen). */
export async function importEmployees({
  file,
  dryRun,
  overwrite = [],
  createDuplicates = [],
  effectiveFrom,
  signal,
}: ImportRequest): Promise<ImportOutcome> {
  const body = new FormData();
  body.append(IMPORT_FIELD, file);
  const list = (values: number[]) => (values.length ? values.join(',') : undefined);
  const envelope = await apiClient.post<unknown>('/employees/import', body, {
    query: {
      dryRun: dryRun ? 'true' : undefined,
      overwrite: list(overwrite),
      createDuplicates: list(createDuplicates),
      effectiveFrom: effectiveFrom || undefined,
    },
    signal,
  });
  return { report: importReport.parse(envelope.data), message: envelope.message };
}

/**
 * The rows a refused import lists (400 with data.problems); null for any other failure
 * (corrupt file, missing columns, too large…), which only has a message.
 */
export function importProblemsOf(error: unknown): ImportProblem[] | null {
  if (!isApiError(error)) return null;
  // Only the problems matter here: the rest of a refused report is all zeros.
  const parsed = importReport.pick({ problems: true }).safeParse(error.details);
  return parsed.success && parsed.data.problems.length > 0 ? parsed.data.problems : null;
}

export function useImportEmployees() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importEmployees,
    onSuccess: (_outcome, request) => {
      if (!request.dryRun) return queryClient.invalidateQueries({ queryKey: employeesQueryKey });
    },
  });
}
