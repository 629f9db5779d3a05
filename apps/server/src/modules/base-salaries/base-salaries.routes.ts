import {
  baseSalarySchema,
  bulkBaseSalariesBody,
  bulkBaseSalariesResult,
  createBaseSalaryBody,
  updateBaseSalaryBody,
} from '@salary/shared/base-salaries/base-salaries.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { routeDoc } from '../../lib/route-doc.ts';
import { writeRoutes } from '../../lib/write-routes.ts';

/** The spec's path is singular (`/base-salary`); the domain keeps its plural name inside. */
export const baseSalariesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.baseSalaries;
  const doc = routeDoc('base-salaries');
  const writes = writeRoutes('base-salaries', 'Base salary', baseSalarySchema);

  app.get(
    '/base-salary',
    doc(
      'List base salaries by grade order, then level (admin, showSalary, showSettings or manageSettings)',
      z.array(baseSalarySchema),
    ),
    async (request) => ok(await service.list(request.actor)),
  );
  app.post(
    '/base-salary',
    writes.create(
      'Create the base salary of a grade and level (manageSettings)',
      createBaseSalaryBody,
      service.create,
    ),
  );
  app.put(
    '/base-salary/:id',
    writes.update('Update a base salary (manageSettings)', updateBaseSalaryBody, service.update),
  );
  app.delete('/base-salary/:id', writes.remove('Delete a base salary (manageSettings)', service.remove));
  app.post(
    '/base-salary/bulk',
    doc(
      'Save many cells of the grade × level matrix in one transaction; refused whole, naming each bad cell (manageSettings)',
      bulkBaseSalariesResult,
      { body: bulkBaseSalariesBody },
    ),
    async (request) =>
      ok(
        await service.saveCells(request.unitOfWork, request.actor, request.body),
        'Base salaries saved successfully',
      ),
  );
};
