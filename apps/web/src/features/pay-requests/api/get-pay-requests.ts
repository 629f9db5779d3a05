import type { PayRequestRegister } from '@salary/shared/pay-requests/pay-requests.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** Every register call shares this prefix: a write invalidates it and the register reloads. */
export const payRequestsQueryKey = ['pay-requests'] as const;

/** GET /pay-transparency/requests: overdue first, then open by due day, then answered. */
export async function getPayRequests(signal?: AbortSignal): Promise<PayRequestRegister> {
  return (await apiClient.get<PayRequestRegister>('/pay-transparency/requests', { signal })).data;
}

export function payRequestsQueryOptions() {
  return queryOptions({
    queryKey: payRequestsQueryKey,
    queryFn: ({ signal }) => getPayRequests(signal),
    staleTime: 0,
  });
}

export function usePayRequests() {
  return useQuery(payRequestsQueryOptions());
}
