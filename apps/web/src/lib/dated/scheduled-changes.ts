import type { ScheduledChange } from '@salary/shared/employees/dated.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../api-client.ts';
import { useInvalidatingMutation } from '../use-invalidating-mutation.ts';

/**
 * The employees' query prefix (features/employees' `employeesQueryKey`): scheduled changes are
 * read and written under it, so an employee write reloads them and a cancel reloads the
 * employee's page (its timeline). Here because both Settings and the employee page use them.
 */
const EMPLOYEES_KEY = ['employees'] as const;

/** GET /scheduled-changes: the employee changes waiting for their day, soonest first. */
export async function getScheduledChanges(signal?: AbortSignal): Promise<ScheduledChange[]> {
  return (await apiClient.get<ScheduledChange[]>('/scheduled-changes', { signal })).data;
}

export function scheduledChangesQueryOptions() {
  return queryOptions({
    queryKey: [...EMPLOYEES_KEY, 'scheduled'] as const,
    queryFn: ({ signal }) => getScheduledChanges(signal),
    staleTime: 0,
  });
}

export function useScheduledChanges() {
  return useQuery(scheduledChangesQueryOptions());
}

/** DELETE /scheduled-changes/:id (manageEmployee): before its day only (409 after). */
export async function cancelScheduledChange(id: number): Promise<void> {
  await apiClient.delete<null>(`/scheduled-changes/${id}`);
}

export function useCancelScheduledChange() {
  return useInvalidatingMutation(cancelScheduledChange, [EMPLOYEES_KEY]);
}
