import type { BaseSalary, UpdateBaseSalaryBody } from '@salary/shared/base-salaries/base-salaries.contract';
import { apiClient } from '../../../lib/api-client.ts';
import type { UpdateRequest } from '../../../lib/update-request.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { baseSalariesQueryKey } from './get-base-salaries.ts';

/** PUT /base-salary/:id: all three fields, as the inline form holds them. */
export async function updateBaseSalary({
  id,
  body,
}: UpdateRequest<UpdateBaseSalaryBody>): Promise<BaseSalary> {
  return (await apiClient.put<BaseSalary>(`/base-salary/${id}`, body)).data;
}

export function useUpdateBaseSalary() {
  return useInvalidatingMutation(updateBaseSalary, [baseSalariesQueryKey]);
}
