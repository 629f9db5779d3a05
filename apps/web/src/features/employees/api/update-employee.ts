import type { UpdatedEmployee } from '@salary/shared/employees/dated.contract';
import type { EmployeeFormBody } from '@salary/shared/employees/employee.contract';
import { apiClient } from '../../../lib/api-client.ts';
import type { UpdateRequest } from '../../../lib/update-request.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { employeesQueryKey } from './get-employees.ts';

export interface EmployeeUpdate extends UpdateRequest<EmployeeFormBody> {
  /** The day the change takes effect from (YYYY-MM-DD); absent: the company's today (no query). */
  effectiveFrom?: string;
}

/**
 * PUT /employees/:id: the whole record, as the form holds it; `?effectiveFrom=` only when a day
 * was chosen (a day to come schedules the dated fields and answers today's record; a past day
 * answers the back pay owed since, too).
 */
export async function updateEmployee({ id, body, effectiveFrom }: EmployeeUpdate): Promise<UpdatedEmployee> {
  const opts = effectiveFrom ? { query: { effectiveFrom } } : undefined;
  return (await apiClient.put<UpdatedEmployee>(`/employees/${id}`, body, opts)).data;
}

export function useUpdateEmployee() {
  return useInvalidatingMutation(updateEmployee, [employeesQueryKey]);
}
