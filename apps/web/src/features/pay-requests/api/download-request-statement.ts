import { REQUEST_STATEMENT_FILE_NAME } from '@salary/shared/pay-requests/pay-requests.contract';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download-file.ts';

/** GET /pay-transparency/requests/:id/statement.pdf: the statement as of the day received. */
export function downloadRequestStatement(request: { id: number; employeeId: number; receivedOn: string }) {
  return downloadFile(
    `/pay-transparency/requests/${request.id}/statement.pdf`,
    REQUEST_STATEMENT_FILE_NAME(request.employeeId, request.receivedOn),
  );
}

export function useDownloadRequestStatement() {
  return useMutation({ mutationFn: downloadRequestStatement });
}
