import { TEMPLATE_FILE_NAME } from '@salary/shared/excel/excel.contract';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download-file.ts';

/** GET /employees/template/download → employees_template.xlsx. */
export function downloadTemplate(): Promise<void> {
  return downloadFile('/employees/template/download', TEMPLATE_FILE_NAME);
}

export function useDownloadTemplate() {
  return useMutation({ mutationFn: downloadTemplate });
}
