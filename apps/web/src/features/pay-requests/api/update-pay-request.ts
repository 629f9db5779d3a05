import type { PayRequest, UpdatePayRequestBody } from '@salary/shared/pay-requests/pay-requests.contract';
import { apiClient } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { payRequestsQueryKey } from './get-pay-requests.ts';

/** PUT /pay-transparency/requests/:id (admins): edit it or mark it answered. */
export async function updatePayRequest({
  id,
  body,
}: {
  id: number;
  body: UpdatePayRequestBody;
}): Promise<PayRequest> {
  return (await apiClient.put<PayRequest>(`/pay-transparency/requests/${id}`, body)).data;
}

export function useUpdatePayRequest() {
  return useInvalidatingMutation(updatePayRequest, [payRequestsQueryKey]);
}
