import { envelopeOf, idParam } from '@salary/shared/common/envelope';
import {
  createPositionBody,
  listPositionsQuery,
  positionSchema,
  updatePositionBody,
} from '@salary/shared/positions/positions.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { createPositionsService } from './positions.service.ts';

export const positionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createPositionsService({ db: app.db });
  const tags = ['positions'];
  const onePosition = envelopeOf(positionSchema);

  app.get(
    '/positions',
    {
      schema: {
        tags,
        summary: 'List positions by name, all or those of one job',
        querystring: listPositionsQuery,
        response: { 200: envelopeOf(z.array(positionSchema)) },
      },
    },
    async (request) => ok(await service.list(request.query.jobId)),
  );
  app.post(
    '/positions',
    {
      schema: {
        tags,
        summary: 'Create a position in a job (manageSettings)',
        body: createPositionBody,
        response: { 201: onePosition },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok(await service.create(request.actor, request.body), 'Position created successfully')),
  );
  app.put(
    '/positions/:id',
    {
      schema: {
        tags,
        summary: 'Rename a position or move it to another job (manageSettings)',
        params: idParam,
        body: updatePositionBody,
        response: { 200: onePosition },
      },
    },
    async (request) =>
      ok(
        await service.update(request.actor, request.params.id, request.body),
        'Position updated successfully',
      ),
  );
  app.delete(
    '/positions/:id',
    {
      schema: {
        tags,
        summary: 'Delete a position and its factor; refused while employees use it (manageSettings)',
        params: idParam,
      },
    },
    async (request) => {
      await service.remove(request.actor, request.params.id);
      return ok(null, 'Position deleted successfully');
    },
  );
};
