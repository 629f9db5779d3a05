import type { JustificationBody } from '@salary/shared/pay-transparency/pay-transparency.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { payReportQueryKey } from './get-pay-report.ts';

/** PUT /pay-transparency/justifications (admins). */
export async function saveJustification(body: JustificationBody) {
  return (await apiClient.put('/pay-transparency/justifications', body)).data;
}

export function useSaveJustification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveJustification,
    onSuccess: () => client.invalidateQueries({ queryKey: payReportQueryKey }),
  });
}
