import { EXPORT_FILE_NAME } from '@salary/shared/excel/excel.contract';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download-file.ts';
import type { EmployeeListFilters } from './get-employees.ts';

/** GET /employees/export with the list's applied filters → employees_export.xlsx. */
export function exportEmployees(filters: EmployeeListFilters): Promise<void> {
  return downloadFile('/employees/export', EXPORT_FILE_NAME, { ...filters });
}

export function useExportEmployees() {
  return useMutation({ mutationFn: exportEmployees });
}
