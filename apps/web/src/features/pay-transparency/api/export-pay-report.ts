import {
  type CategoryKind,
  REPORT_FILE_NAME,
} from '@salary/shared/pay-transparency/pay-transparency.contract';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download-file.ts';

/** GET /pay-transparency/export → pay_transparency_report.xlsx (as of `asOf`; absent: today). */
export function exportPayReport({
  category,
  asOf,
}: {
  category: CategoryKind;
  asOf?: string;
}): Promise<void> {
  return downloadFile('/pay-transparency/export', REPORT_FILE_NAME, { category, asOf });
}

export function useExportPayReport() {
  return useMutation({ mutationFn: exportPayReport });
}
