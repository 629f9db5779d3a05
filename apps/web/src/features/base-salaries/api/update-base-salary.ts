import type { BaseSalary, UpdateBaseSalaryBody } from '@salary/shared/base-salaries/base-salaries.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { baseSalariesQueryKey } from './get-base-salaries.ts';

/** PUT /base-salary/:id: all three fields, as the inline form holds them. */
export async function updateBaseSalary({
  id,
  body,
}: {
  id: number;
  body: UpdateBaseSalaryBody;
}): Promise<BaseSalary> {
  return (await apiClient.put<BaseSalary>(`/base-salary/${id}`, body)).data;
}

export function useUpdateBaseSalary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBaseSalary,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: baseSalariesQueryKey }),
  });
}
