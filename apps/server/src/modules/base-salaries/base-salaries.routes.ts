import {
  baseSalarySchema,
  createBaseSalaryBody,
  updateBaseSalaryBody,
} from '@salary/shared/base-salaries/base-salaries.contract';
import { envelopeOf, idParam } from '@salary/shared/common/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { createBaseSalariesService } from './base-salaries.service.ts';

/** The spec's path is singular (`/base-salary`); the domain keeps its plural name inside. */
export const baseSalariesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createBaseSalariesService({ db: app.db });
  const tags = ['base-salaries'];
  const oneBaseSalary = envelopeOf(baseSalarySchema);

  app.get(
    '/base-salary',
    {
      schema: {
        tags,
        summary:
          'List base salaries by grade order, then level (admin, showSalary, showSettings or manageSettings)',
        response: { 200: envelopeOf(z.array(baseSalarySchema)) },
      },
    },
    async (request) => ok(await service.list(request.actor)),
  );
  app.post(
    '/base-salary',
    {
      schema: {
        tags,
        summary: 'Create the base salary of a grade and level (manageSettings)',
        body: createBaseSalaryBody,
        response: { 201: oneBaseSalary },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok(await service.create(request.actor, request.body), 'Base salary created successfully')),
  );
  app.put(
    '/base-salary/:id',
    {
      schema: {
        tags,
        summary: 'Update a base salary (manageSettings)',
        params: idParam,
        body: updateBaseSalaryBody,
        response: { 200: oneBaseSalary },
      },
    },
    async (request) =>
      ok(
        await service.update(request.actor, request.params.id, request.body),
        'Base salary updated successfully',
      ),
  );
  app.delete(
    '/base-salary/:id',
    { schema: { tags, summary: 'Delete a base salary (manageSettings)', params: idParam } },
    async (request) => {
      await service.remove(request.actor, request.params.id);
      return ok(null, 'Base salary deleted successfully');
    },
  );
};
