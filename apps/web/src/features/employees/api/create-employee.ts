import type { EmployeeFormBody, EmployeeView } from '@salary/shared/employees/employee.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { employeesQueryKey } from './get-employees.ts';

/** POST /employees with the form shape of spec §3 (customMultipliers as a JSON string). */
export async function createEmployee(body: EmployeeFormBody): Promise<EmployeeView> {
  return (await apiClient.post<EmployeeView>('/employees', body)).data;
}

export function useCreateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEmployee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeesQueryKey }),
  });
}
