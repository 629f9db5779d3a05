import { employeeViewSchema } from '@salary/shared/employees/employee.contract';
import { managerBody } from '@salary/shared/employees/reporting-line.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { writeRoutes } from '../../lib/write-routes.ts';

/** An employee's manager: the reporting line Own team only follows. */
export const reportingLineRoutes: FastifyPluginAsyncZod = async (app) => {
  const { employees, reportingLine } = app.services;
  const writes = writeRoutes('employees', 'Employee', employeeViewSchema);
  app.put(
    '/employees/:id/manager',
    writes.update(
      'Set whom an employee reports to (manageEmployee)',
      managerBody,
      async (uow, actor, id, body) => {
        await reportingLine.setManager(uow, actor, id, body.managerId);
        return employees.get(actor, id, uow.tx);
      },
    ),
  );
};
