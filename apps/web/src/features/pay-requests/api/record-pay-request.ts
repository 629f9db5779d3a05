import type { CreatePayRequestBody, PayRequest } from '@salary/shared/pay-requests/pay-requests.contract';
import { apiClient } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { payRequestsQueryKey } from './get-pay-requests.ts';

/** POST /pay-transparency/requests (admins). */
export async function recordPayRequest(body: CreatePayRequestBody): Promise<PayRequest> {
  return (await apiClient.post<PayRequest>('/pay-transparency/requests', body)).data;
}

export function useRecordPayRequest() {
  return useInvalidatingMutation(recordPayRequest, [payRequestsQueryKey]);
}
