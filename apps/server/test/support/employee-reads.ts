import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import type { TestContext } from './helper.ts';

/** The employee list as an administrator reads it (GET /api/employees, figures and all). */
export async function employeeList(t: TestContext): Promise<EmployeeView[]> {
  return (await t.callAsAdmin<EmployeeView[]>({ method: 'GET', url: '/api/employees' })).envelope.data;
}
