import { idParam } from '@salary/shared/common/envelope';
import {
  employeeFormBody,
  employeeListQuery,
  toEmployeeFilters,
  toEmployeeInput,
} from '@salary/shared/employees/employee.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { createListWire, listEncoding } from './employees.wire.ts';

export const employeesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.employees;
  const wire = createListWire();
  const tags = ['employees'];

  app.get(
    '/employees',
    {
      schema: {
        tags,
        summary: 'List employees with live salary and cost',
        description:
          'calculatedSalary is present only for admins or showSalary, accumulatedCost only for admins or showCost. ' +
          'salaryFrom/salaryTo need showSalary.',
        querystring: employeeListQuery,
      },
    },
    async (request, reply) => {
      const list = await service.list(request.actor, toEmployeeFilters(request.query));
      const encoding = listEncoding(request.headers['accept-encoding'], list.length);
      if (!encoding) return ok(list);
      // Compressed once per cached list (employees.wire.ts); the compression plugin leaves an
      // answer that already carries a Content-Encoding alone.
      return reply
        .type('application/json; charset=utf-8')
        .header('content-encoding', encoding)
        .header('vary', 'accept-encoding')
        .send(await wire.bytes(list, encoding));
    },
  );

  app.get('/employees/:id', { schema: { tags, summary: 'One employee', params: idParam } }, async (request) =>
    ok(await service.get(request.actor, request.params.id)),
  );

  app.post(
    '/employees',
    { schema: { tags, summary: 'Create an employee (manageEmployee)', body: employeeFormBody } },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          ok(
            await service.create(request.actor, toEmployeeInput(request.body)),
            'Employee created successfully',
          ),
        ),
  );

  app.put(
    '/employees/:id',
    {
      schema: {
        tags,
        summary: 'Update an employee (manageEmployee)',
        params: idParam,
        body: employeeFormBody,
      },
    },
    async (request) =>
      ok(
        await service.update(request.actor, request.params.id, toEmployeeInput(request.body)),
        'Employee updated successfully',
      ),
  );

  app.delete(
    '/employees/:id',
    { schema: { tags, summary: 'Delete an employee (deleteEmployee)', params: idParam } },
    async (request) => {
      await service.remove(request.actor, request.params.id);
      return ok(null, 'Employee deleted successfully');
    },
  );
};
