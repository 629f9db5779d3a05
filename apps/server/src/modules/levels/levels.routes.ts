import { envelopeOf, idParam } from '@salary/shared/common/envelope';
import { createLevelBody, levelSchema, updateLevelBody } from '@salary/shared/levels/levels.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { createLevelsService } from './levels.service.ts';

export const levelsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createLevelsService({ db: app.db });
  const tags = ['levels'];
  const oneLevel = envelopeOf(levelSchema);

  app.get(
    '/levels',
    {
      schema: {
        tags,
        summary: 'List levels in creation order',
        response: { 200: envelopeOf(z.array(levelSchema)) },
      },
    },
    async () => ok(await service.list()),
  );
  app.post(
    '/levels',
    {
      schema: {
        tags,
        summary: 'Create a level (manageSettings)',
        body: createLevelBody,
        response: { 201: oneLevel },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok(await service.create(request.actor, request.body), 'Level created successfully')),
  );
  app.put(
    '/levels/:id',
    {
      schema: {
        tags,
        summary: 'Rename a level (manageSettings)',
        params: idParam,
        body: updateLevelBody,
        response: { 200: oneLevel },
      },
    },
    async (request) =>
      ok(await service.update(request.actor, request.params.id, request.body), 'Level updated successfully'),
  );
};
