import { type BaseSalary, baseSalarySchema } from '@salary/shared/base-salaries/base-salaries.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';

export const baseSalariesQueryKey = ['base-salaries'] as const;

const baseSalaryList = z.array(baseSalarySchema);

/** GET /base-salary: every base salary by grade order, then level, with both objects. */
export async function getBaseSalaries(signal?: AbortSignal): Promise<BaseSalary[]> {
  return baseSalaryList.parse((await apiClient.get<unknown>('/base-salary', { signal })).data);
}

export function baseSalariesQueryOptions() {
  return queryOptions({ queryKey: baseSalariesQueryKey, queryFn: ({ signal }) => getBaseSalaries(signal) });
}

/** Reloaded on every entry: grades and levels may have been renamed elsewhere (spec §4). */
export function useBaseSalaries() {
  return useQuery({ ...baseSalariesQueryOptions(), refetchOnMount: 'always' });
}
