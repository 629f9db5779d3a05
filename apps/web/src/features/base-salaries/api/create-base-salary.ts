import type { BaseSalary, CreateBaseSalaryBody } from '@salary/shared/base-salaries/base-salaries.contract';
import { type DatedWrite, postDated } from '../../../lib/dated/effective-day.ts';
import { scheduledChangesQueryKey } from '../../../lib/dated/scheduled-changes.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { baseSalariesQueryKey } from './get-base-salaries.ts';

export type BaseSalaryCreate = DatedWrite<CreateBaseSalaryBody>;

/** POST /base-salary: gradeId, levelId, amount (JSON numbers); a day to come schedules it. */
export function createBaseSalary(write: BaseSalaryCreate): Promise<BaseSalary> {
  return postDated('/base-salary', write);
}

export function useCreateBaseSalary() {
  return useInvalidatingMutation(createBaseSalary, [baseSalariesQueryKey, scheduledChangesQueryKey]);
}
