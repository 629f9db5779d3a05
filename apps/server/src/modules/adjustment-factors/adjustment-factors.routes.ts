import {
  adjustmentFactorSchema,
  createAdjustmentFactorBody,
  updateAdjustmentFactorBody,
} from '@salary/shared/adjustment-factors/adjustment-factors.contract';
import { envelopeOf, idParam } from '@salary/shared/common/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { createAdjustmentFactorsService } from './adjustment-factors.service.ts';

export const adjustmentFactorsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createAdjustmentFactorsService({ db: app.db });
  const tags = ['adjustment-factors'];
  const oneFactor = envelopeOf(adjustmentFactorSchema);

  app.get(
    '/adjustment-factors',
    {
      schema: {
        tags,
        summary:
          'List adjustment factors by job and position (admin, showSalary, showSettings or manageSettings)',
        response: { 200: envelopeOf(z.array(adjustmentFactorSchema)) },
      },
    },
    async (request) => ok(await service.list(request.actor)),
  );
  app.post(
    '/adjustment-factors',
    {
      schema: {
        tags,
        summary: 'Create the factor of a job and position; PERCENTAGE as a fraction (manageSettings)',
        body: createAdjustmentFactorBody,
        response: { 201: oneFactor },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          ok(await service.create(request.actor, request.body), 'Adjustment factor created successfully'),
        ),
  );
  app.put(
    '/adjustment-factors/:id',
    {
      schema: {
        tags,
        summary: 'Update an adjustment factor (manageSettings)',
        params: idParam,
        body: updateAdjustmentFactorBody,
        response: { 200: oneFactor },
      },
    },
    async (request) =>
      ok(
        await service.update(request.actor, request.params.id, request.body),
        'Adjustment factor updated successfully',
      ),
  );
  app.delete(
    '/adjustment-factors/:id',
    { schema: { tags, summary: 'Delete an adjustment factor (manageSettings)', params: idParam } },
    async (request) => {
      await service.remove(request.actor, request.params.id);
      return ok(null, 'Adjustment factor deleted successfully');
    },
  );
};
