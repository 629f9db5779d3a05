import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** The employee picker's choices: every employee (leavers too), by name. */
export interface EmployeeChoice {
  value: string;
  label: string;
}

/** GET /employees?status=all, kept to ids and names; a name two people share says whose id it is. */
export async function getEmployeeChoices(signal?: AbortSignal): Promise<EmployeeChoice[]> {
  const rows = (await apiClient.get<EmployeeView[]>('/employees', { query: { status: 'all' }, signal })).data;
  const count = new Map<string, number>();
  for (const e of rows) count.set(e.name, (count.get(e.name) ?? 0) + 1);
  return rows
    .map((e) => ({ value: String(e.id), label: count.get(e.name)! > 1 ? `${e.name} (id ${e.id})` : e.name }))
    .sort((a, b) => a.label.localeCompare(b.label) || Number(a.value) - Number(b.value));
}

export function useEmployeeChoices(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: ['pay-requests', 'employee-choices'] as const,
      queryFn: ({ signal }) => getEmployeeChoices(signal),
      enabled,
    }),
  );
}
