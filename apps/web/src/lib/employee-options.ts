import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiClient } from './api-client.ts';

/**
 * Under the employees' query prefix (features/employees' `employeesQueryKey`): an employee write
 * reloads the choices. Here because the employee page and User Management both pick employees.
 */
const OPTIONS_KEY = ['employees', 'options'] as const;

/**
 * The employees the reader sees as a Select's choices, "Name (#id)" by name: whom an employee
 * reports to, which employee a user is. `except`: an employee left out (one cannot report to oneself).
 */
export function useEmployeeOptions(except?: number) {
  const list = useQuery({
    queryKey: OPTIONS_KEY,
    queryFn: async ({ signal }) => (await apiClient.get<EmployeeView[]>('/employees', { signal })).data,
  });
  const options = useMemo(
    () =>
      (list.data ?? [])
        .filter((e) => e.id !== except)
        .map((e) => ({ value: String(e.id), label: `${e.name} (#${e.id})` }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [list.data, except],
  );
  return { options, pending: list.isPending };
}
