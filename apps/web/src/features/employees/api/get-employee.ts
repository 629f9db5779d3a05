import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { employeesQueryKey } from './get-employees.ts';

/** GET /employees/:id. */
export async function getEmployee(id: number, signal?: AbortSignal): Promise<EmployeeView> {
  return (await apiClient.get<EmployeeView>(`/employees/${id}`, { signal })).data;
}

export function employeeQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...employeesQueryKey, 'detail', id] as const,
    queryFn: ({ signal }) => getEmployee(id, signal),
    // The edit form must start from what is stored now, not from a minute-old copy.
    staleTime: 0,
  });
}

export function useEmployee(id: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...employeeQueryOptions(id), enabled: options.enabled ?? true });
}
