import { envelopeOf, idParam } from '@salary/shared/common/envelope';
import { createJobBody, jobSchema, updateJobBody } from '@salary/shared/jobs/jobs.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { createJobsService } from './jobs.service.ts';

export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createJobsService({ db: app.db });
  const tags = ['jobs'];
  const oneJob = envelopeOf(jobSchema);

  app.get(
    '/jobs',
    {
      schema: {
        tags,
        summary: 'List jobs by name, each with its number of positions',
        response: { 200: envelopeOf(z.array(jobSchema)) },
      },
    },
    async () => ok(await service.list()),
  );
  app.post(
    '/jobs',
    {
      schema: {
        tags,
        summary: 'Create a job (manageSettings)',
        body: createJobBody,
        response: { 201: oneJob },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok(await service.create(request.actor, request.body), 'Job created successfully')),
  );
  app.put(
    '/jobs/:id',
    {
      schema: {
        tags,
        summary: 'Rename a job (manageSettings)',
        params: idParam,
        body: updateJobBody,
        response: { 200: oneJob },
      },
    },
    async (request) =>
      ok(await service.update(request.actor, request.params.id, request.body), 'Job updated successfully'),
  );
  app.delete(
    '/jobs/:id',
    {
      schema: {
        tags,
        summary:
          'Delete a job with its positions and factors; refused while employees use it (manageSettings)',
        params: idParam,
      },
    },
    async (request) => {
      await service.remove(request.actor, request.params.id);
      return ok(null, 'Job deleted successfully');
    },
  );
};
