import { idParam } from '@salary/shared/common/envelope';
import {
  employeeFormBody,
  employeeListQuery,
  employeeViewSchema,
  toEmployeeFilters,
  toEmployeeInput,
} from '@salary/shared/employees/employee.contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { routeDoc } from '../../lib/route-doc.ts';
import { writeRoutes } from '../../lib/write-routes.ts';
import { createListWire, listEncoding, listJson } from './employees.wire.ts';

export const employeesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.employees;
  const wire = createListWire();
  const doc = routeDoc('employees');
  const writes = writeRoutes('employees', 'Employee', employeeViewSchema);

  app.get(
    '/employees',
    doc('List employees with live salary and cost', z.array(employeeViewSchema), {
      description:
        'calculatedSalary is present only for admins or showSalary, accumulatedCost only for admins or showCost. ' +
        'salaryFrom/salaryTo need showSalary.',
      querystring: employeeListQuery,
      // The hot path: the schema documents the list, but the service's rows (already in the
      // read shape, keys stripped by permission) are not re-encoded by zod — the plain answer is
      // JSON.stringify as it always was, and the compressed one is bytes (employees.wire.ts).
      serializerCompiler: () => (data) => JSON.stringify(data),
    }),
    async (request, reply) => {
      const list = await service.list(request.actor, toEmployeeFilters(request.query));
      const encoding = listEncoding(request.headers['accept-encoding'], list.length);
      // The same bytes as `ok(list)`, from each row's JSON made once (employees.wire.ts).
      if (!encoding)
        return (reply as FastifyReply).type('application/json; charset=utf-8').send(listJson(list));
      // Compressed once per cached list (employees.wire.ts); the compression plugin leaves an
      // answer that already carries a Content-Encoding alone. The bytes are the schema's JSON,
      // compressed: Fastify sends a Buffer as it is, past any serializer.
      return (reply as FastifyReply)
        .type('application/json; charset=utf-8')
        .header('content-encoding', encoding)
        .header('vary', 'accept-encoding')
        .send(await wire.bytes(list, encoding));
    },
  );

  app.get('/employees/:id', doc('One employee', employeeViewSchema, { params: idParam }), async (request) =>
    ok(await service.get(request.actor, request.params.id)),
  );

  app.post(
    '/employees',
    writes.create('Create an employee (manageEmployee)', employeeFormBody, (uow, actor, body) =>
      service.create(uow, actor, toEmployeeInput(body)),
    ),
  );
  app.put(
    '/employees/:id',
    writes.update('Update an employee (manageEmployee)', employeeFormBody, (uow, actor, id, body) =>
      service.update(uow, actor, id, toEmployeeInput(body), body.version),
    ),
  );
  app.delete(
    '/employees/:id',
    writes.remove('Delete an employee (deleteEmployee)', (actor, id, version) =>
      service.remove(actor, id, version),
    ),
  );
};
