import type { EmployeeView, employeeListQuery } from '@salary/shared/employees/employee.contract';
import { keepPreviousData, queryOptions, usePrefetchQuery, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';
import { reloadOnVisit, useOpeningVisit } from '../../../lib/opening-data.ts';

/** Every employees call shares this prefix: a write invalidates it and the list reloads. */
export const employeesQueryKey = ['employees'] as const;

/**
 * The server-side filters, checked by the shared schema (wire names); absent = no filter. `asOf`
 * (YYYY-MM-DD): the employees as of that day; absent: today.
 */
export type EmployeeListFilters = z.output<typeof employeeListQuery> & { asOf?: string };

/**
 * GET /employees. Not parsed with zod on purpose: the list can hold 10,000 rows and the
 * server is the one that shapes them (EmployeeView); a per-row parse would cost the first paint.
 */
export async function getEmployees(
  filters: EmployeeListFilters,
  signal?: AbortSignal,
): Promise<EmployeeView[]> {
  const envelope = await apiClient.get<EmployeeView[]>('/employees', {
    query: { ...filters },
    signal,
  });
  return envelope.data;
}

export function employeesQueryOptions(filters: EmployeeListFilters) {
  return queryOptions({
    queryKey: [...employeesQueryKey, 'list', filters] as const,
    queryFn: ({ signal }) => getEmployees(filters, signal),
  });
}

/** Keeps the current rows on screen while newly applied filters load. */
export function useEmployees(filters: EmployeeListFilters) {
  // Starts the call while the page renders, not after it commits: with 10,000 rows the list is
  // the long pole of the first paint, and the filter form's first render need not delay it.
  const options = employeesQueryOptions(filters);
  usePrefetchQuery(options);
  useOpeningVisit(options.queryKey);
  return useQuery({
    ...options,
    placeholderData: keepPreviousData,
    // Salaries follow the rules, which other screens change: show the cached rows at once and
    // reload them on every visit (the first visit's answer may be the one asked for at start).
    refetchOnMount: reloadOnVisit,
  });
}
