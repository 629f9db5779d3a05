import {
  baseSalarySchema,
  bulkBaseSalariesBody,
  bulkBaseSalariesResult,
  createBaseSalaryBody,
  updateBaseSalaryBody,
} from '@salary/shared/base-salaries/base-salaries.contract';
import { envelopeOf } from '@salary/shared/common/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { registerRuleRoutes } from '../../lib/rule-routes.ts';

/** The spec's path is singular (`/base-salary`); the domain keeps its plural name inside. */
export const baseSalariesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.baseSalaries;
  registerRuleRoutes(app, {
    path: '/base-salary',
    tag: 'base-salaries',
    noun: 'Base salary',
    item: baseSalarySchema,
    list: {
      summary:
        'List base salaries by grade order, then level (admin, showSalary, showSettings or manageSettings)',
      run: (request) => service.list(request.actor),
    },
    create: {
      summary: 'Create the base salary of a grade and level (manageSettings)',
      body: createBaseSalaryBody,
      run: service.create,
    },
    update: {
      summary: 'Update a base salary (manageSettings)',
      body: updateBaseSalaryBody,
      run: service.update,
    },
    remove: { summary: 'Delete a base salary (manageSettings)', run: service.remove },
  });

  app.post(
    '/base-salary/bulk',
    {
      schema: {
        tags: ['base-salaries'],
        summary:
          'Save many cells of the grade × level matrix in one transaction; refused whole, naming each bad cell (manageSettings)',
        body: bulkBaseSalariesBody,
        response: { 200: envelopeOf(bulkBaseSalariesResult) },
      },
    },
    async (request) =>
      ok(await service.saveCells(request.actor, request.body), 'Base salaries saved successfully'),
  );
};
