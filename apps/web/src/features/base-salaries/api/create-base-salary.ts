import type { BaseSalary, CreateBaseSalaryBody } from '@salary/shared/base-salaries/base-salaries.contract';
import { apiClient } from '../../../lib/api-client.ts';
import { effectiveFromQuery } from '../../../lib/dated/effective-day.ts';
import { scheduledChangesQueryKey } from '../../../lib/dated/scheduled-changes.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { baseSalariesQueryKey } from './get-base-salaries.ts';

export interface BaseSalaryCreate {
  body: CreateBaseSalaryBody;
  /** The day it takes effect from (`?effectiveFrom=`); absent: today. */
  effectiveFrom?: string;
}

/** POST /base-salary: gradeId, levelId, amount (JSON numbers); a day to come schedules it. */
export async function createBaseSalary({ body, effectiveFrom }: BaseSalaryCreate): Promise<BaseSalary> {
  return (await apiClient.post<BaseSalary>('/base-salary', body, effectiveFromQuery(effectiveFrom))).data;
}

export function useCreateBaseSalary() {
  return useInvalidatingMutation(createBaseSalary, [baseSalariesQueryKey, scheduledChangesQueryKey]);
}
