import type { JustificationBody } from '@salary/shared/pay-transparency/pay-transparency.contract';
import { apiClient } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { payReportQueryKey } from './get-pay-report.ts';

/** PUT /pay-transparency/justifications (admins). */
export async function saveJustification(body: JustificationBody) {
  return (await apiClient.put('/pay-transparency/justifications', body)).data;
}

export function useSaveJustification() {
  return useInvalidatingMutation(saveJustification, [payReportQueryKey]);
}
