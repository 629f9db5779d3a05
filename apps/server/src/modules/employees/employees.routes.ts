import { idParam } from '@salary/shared/common/envelope';
import {
  asOfQuery,
  effectiveFromQuery,
  payPeriodSchema,
  updatedEmployeeSchema,
} from '@salary/shared/employees/dated.contract';
import {
  employeeFormBody,
  employeeListQuery,
  employeeViewSchema,
  toEmployeeFilters,
  toEmployeeInput,
} from '@salary/shared/employees/employee.contract';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { moduleRoutes } from '../../lib/module-routes.ts';
import { ok } from '../../lib/reply.ts';
import { writeRoutes } from '../../lib/write-routes.ts';
import { createListWire, listEncoding, listJson } from './employees.wire.ts';

export const employeesRoutes = moduleRoutes('employees', 'employees', (app, service, doc) => {
  const wire = createListWire();
  const writes = writeRoutes('employees', 'Employee', employeeViewSchema);
  // An update dated before today also answers its back pay.
  const updates = writeRoutes('employees', 'Employee', updatedEmployeeSchema);

  app.get(
    '/employees',
    doc('List employees with live salary and cost', z.array(employeeViewSchema), {
      description:
        'calculatedSalary is present only for admins or showSalary, accumulatedCost only for admins or showCost. ' +
        'salaryFrom/salaryTo need showSalary. asOf=YYYY-MM-DD: each employee as on that day (the version ' +
        'in force then, years and employment status as of that day), priced with the rules in force that day.',
      querystring: employeeListQuery.and(asOfQuery),
      // The hot path: the schema documents the list, but the service's rows (already in the
      // read shape, keys stripped by permission) are not re-encoded by zod — the plain answer is
      // JSON.stringify as it always was, and the compressed one is bytes (employees.wire.ts).
      serializerCompiler: () => (data) => JSON.stringify(data),
    }),
    async (request, reply) => {
      const list = await service.list(request.actor, toEmployeeFilters(request.query), request.query.asOf);
      const encoding = listEncoding(request.headers['accept-encoding'], list.length);
      const kept = !service.readOnce();
      // The same bytes as `ok(list)`, from each row's JSON made once (employees.wire.ts).
      if (!encoding)
        return (reply as FastifyReply).type('application/json; charset=utf-8').send(listJson(list, kept));
      // Compressed once per cached list (employees.wire.ts); the compression plugin leaves an
      // answer that already carries a Content-Encoding alone. The bytes are the schema's JSON,
      // compressed: Fastify sends a Buffer as it is, past any serializer.
      return (reply as FastifyReply)
        .type('application/json; charset=utf-8')
        .header('content-encoding', encoding)
        .header('vary', 'accept-encoding')
        .send(await wire.bytes(list, encoding, kept));
    },
  );

  app.get(
    '/employees/:id',
    doc('One employee', employeeViewSchema, {
      params: idParam,
      querystring: asOfQuery,
      description:
        'asOf=YYYY-MM-DD: the employee as on that day (the version in force then), priced with the rules in force that day.',
    }),
    async (request) => ok(await service.get(request.actor, request.params.id, undefined, request.query.asOf)),
  );

  app.post(
    '/employees',
    writes.create(
      'Create an employee (manageEmployee)',
      employeeFormBody,
      (uow, actor, body) => service.create(uow, actor, toEmployeeInput(body)),
      // Taken for every employee write; a new employee's first version holds on every day before any other.
      effectiveFromQuery,
    ),
  );
  app.put(
    '/employees/:id',
    updates.update(
      'Update an employee (manageEmployee); effectiveFrom=YYYY-MM-DD dates the change of its job, position, grade, level, years, flags and custom multipliers (default today; a day to come schedules it)',
      employeeFormBody,
      (uow, actor, id, body, query) =>
        service.update(uow, actor, id, toEmployeeInput(body), body.version, query.effectiveFrom),
      effectiveFromQuery,
    ),
  );
  app.get(
    '/employees/:id/pay-timeline',
    doc("An employee's pay period by period (showSalary or showCost)", z.array(payPeriodSchema), {
      params: idParam,
      description:
        "One period per version of the employee's dated fields, from its day to the day before the next, " +
        'each priced as of its first day (its version, the rules in force then), with what started it. grossSalary only with ' +
        'showSalary, totalCost only with showCost; 403 with neither.',
    }),
    async (request) => ok(await service.payTimeline(request.actor, request.params.id)),
  );

  app.delete(
    '/employees/:id',
    writes.remove('Delete an employee (deleteEmployee)', (actor, id, version) =>
      service.remove(actor, id, version),
    ),
  );
});
