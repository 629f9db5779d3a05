import type { BaseSalary, UpdateBaseSalaryBody } from '@salary/shared/base-salaries/base-salaries.contract';
import { scheduledChangesQueryKey } from '../../../lib/dated/scheduled-changes.ts';
import { putById } from '../../../lib/update-request.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { baseSalariesQueryKey } from './get-base-salaries.ts';

/** PUT /base-salary/:id: all three fields, as the inline form holds them; `?effectiveFrom=` when dated. */
export const updateBaseSalary = putById<UpdateBaseSalaryBody, BaseSalary>('/base-salary');

export function useUpdateBaseSalary() {
  return useInvalidatingMutation(updateBaseSalary, [baseSalariesQueryKey, scheduledChangesQueryKey]);
}
