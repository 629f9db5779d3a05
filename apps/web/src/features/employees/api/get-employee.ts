import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import { employeeDetailQuery } from './employee-detail-query.ts';

/** GET /employees/:id. */
const employee = employeeDetailQuery<EmployeeView>('detail', (id) => `/employees/${id}`);

export const getEmployee = employee.get;
export const employeeQueryOptions = employee.options;
export const useEmployee = employee.useDetail;
