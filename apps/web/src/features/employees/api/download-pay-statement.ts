import { STATEMENT_FILE_NAME } from '@salary/shared/pay-transparency/pay-transparency.contract';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download-file.ts';

/** GET /employees/:id/pay-statement.pdf → pay_statement_<id>.pdf. */
export function downloadPayStatement(id: number): Promise<void> {
  return downloadFile(`/employees/${id}/pay-statement.pdf`, STATEMENT_FILE_NAME(id));
}

export function useDownloadPayStatement() {
  return useMutation({ mutationFn: downloadPayStatement });
}
