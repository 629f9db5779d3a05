import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { employeesQueryKey } from './get-employees.ts';

/**
 * A read about one employee, kept under the employees key so any employee write (or a cancelled
 * change) reloads it, and never served stale: the screens built on it edit or compare against
 * what is stored now, not a minute-old copy.
 */
export function employeeDetailQuery<T>(part: string, path: (id: number) => string) {
  async function get(id: number, signal?: AbortSignal): Promise<T> {
    return (await apiClient.get<T>(path(id), { signal })).data;
  }
  function options(id: number) {
    return queryOptions({
      queryKey: [...employeesQueryKey, part, id] as const,
      queryFn: ({ signal }) => get(id, signal),
      staleTime: 0,
    });
  }
  function useDetail(id: number, { enabled = true }: { enabled?: boolean } = {}) {
    return useQuery({ ...options(id), enabled });
  }
  return { get, options, useDetail };
}
