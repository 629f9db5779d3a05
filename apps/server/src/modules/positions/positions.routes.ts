import {
  createPositionBody,
  listPositionsQuery,
  positionSchema,
  updatePositionBody,
} from '@salary/shared/positions/positions.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { registerRuleRoutes } from '../../lib/rule-routes.ts';

export const positionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.positions;
  registerRuleRoutes(app, {
    path: '/positions',
    tag: 'positions',
    noun: 'Position',
    item: positionSchema,
    list: {
      summary: 'List positions by name, all or those of one job',
      querystring: listPositionsQuery,
      run: (request) => service.list((request.query as z.output<typeof listPositionsQuery>).jobId),
    },
    create: {
      summary: 'Create a position in a job (manageSettings)',
      body: createPositionBody,
      run: service.create,
    },
    update: {
      summary: 'Rename a position or move it to another job (manageSettings)',
      body: updatePositionBody,
      run: service.update,
    },
    remove: {
      summary: 'Delete a position and its factor; refused while employees use it (manageSettings)',
      run: service.remove,
    },
  });
};
