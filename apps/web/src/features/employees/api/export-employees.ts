import { EXPORT_FILE_NAME } from '@salary/shared/excel/excel.contract';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download-file.ts';
import type { EmployeeListFilters } from './get-employees.ts';

export interface ExportRequest {
  filters: EmployeeListFilters;
  /** A second sheet, "Pay History": the exported employees' pay over time (figures as permitted). */
  payHistory?: boolean;
}

/** GET /employees/export with the list's applied filters → employees_export.xlsx. */
export function exportEmployees({ filters, payHistory }: ExportRequest): Promise<void> {
  return downloadFile('/employees/export', EXPORT_FILE_NAME, {
    ...filters,
    ...(payHistory ? { payHistory: 'true' } : {}),
  });
}

export function useExportEmployees() {
  return useMutation({ mutationFn: exportEmployees });
}
