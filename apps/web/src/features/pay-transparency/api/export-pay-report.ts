import {
  type CategoryKind,
  REPORT_FILE_NAME,
} from '@salary/shared/pay-transparency/pay-transparency.contract';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download-file.ts';

/** GET /pay-transparency/export → pay_transparency_report.xlsx (for `year`, or as of `asOf`; neither: today). */
export function exportPayReport({
  category,
  asOf,
  year,
}: {
  category: CategoryKind;
  asOf?: string;
  year?: number;
}): Promise<void> {
  return downloadFile('/pay-transparency/export', REPORT_FILE_NAME, {
    category,
    asOf,
    year: year === undefined ? undefined : String(year),
  });
}

export function useExportPayReport() {
  return useMutation({ mutationFn: exportPayReport });
}
