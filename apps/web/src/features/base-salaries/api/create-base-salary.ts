import type { BaseSalary, CreateBaseSalaryBody } from '@salary/shared/base-salaries/base-salaries.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { baseSalariesQueryKey } from './get-base-salaries.ts';

/** POST /base-salary: gradeId, levelId, amount (JSON numbers). */
export async function createBaseSalary(body: CreateBaseSalaryBody): Promise<BaseSalary> {
  return (await apiClient.post<BaseSalary>('/base-salary', body)).data;
}

export function useCreateBaseSalary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBaseSalary,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: baseSalariesQueryKey }),
  });
}
