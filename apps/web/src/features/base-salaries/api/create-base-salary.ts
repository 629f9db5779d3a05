import type { BaseSalary, CreateBaseSalaryBody } from '@salary/shared/base-salaries/base-salaries.contract';
import { apiClient } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { baseSalariesQueryKey } from './get-base-salaries.ts';

/** POST /base-salary: gradeId, levelId, amount (JSON numbers). */
export async function createBaseSalary(body: CreateBaseSalaryBody): Promise<BaseSalary> {
  return (await apiClient.post<BaseSalary>('/base-salary', body)).data;
}

export function useCreateBaseSalary() {
  return useInvalidatingMutation(createBaseSalary, [baseSalariesQueryKey]);
}
