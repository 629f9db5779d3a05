import { baseSalarySchema } from '@salary/shared/base-salaries/base-salaries.contract';
import { listQuery } from '../../../lib/list-query.ts';

export const baseSalariesQueryKey = ['base-salaries'] as const;

/** GET /base-salary: every base salary by grade order, then level, with both objects. */
const baseSalaries = listQuery('/base-salary', baseSalarySchema, baseSalariesQueryKey);

/** Reloaded on every entry: grades and levels may have been renamed elsewhere. */
export function useBaseSalaries() {
  return baseSalaries.useList({ refetchOnMount: 'always' });
}
