import type { EmployeeFormBody, EmployeeView } from '@salary/shared/employees/employee.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { employeesQueryKey } from './get-employees.ts';

/** PUT /employees/:id: the whole record, as the form holds it. */
export async function updateEmployee({
  id,
  body,
}: {
  id: number;
  body: EmployeeFormBody;
}): Promise<EmployeeView> {
  return (await apiClient.put<EmployeeView>(`/employees/${id}`, body)).data;
}

export function useUpdateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmployee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeesQueryKey }),
  });
}
