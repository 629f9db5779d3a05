import { createJobBody, jobSchema, updateJobBody } from '@salary/shared/jobs/jobs.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { routeDoc } from '../../lib/route-doc.ts';
import { writeRoutes } from '../../lib/write-routes.ts';

export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.jobs;
  const doc = routeDoc('jobs');
  const writes = writeRoutes('jobs', 'Job', jobSchema);

  app.get(
    '/jobs',
    doc('List jobs by name, each with its number of positions', z.array(jobSchema)),
    async () => ok(await service.list()),
  );
  app.post('/jobs', writes.create('Create a job (manageSettings)', createJobBody, service.create));
  app.put('/jobs/:id', writes.update('Rename a job (manageSettings)', updateJobBody, service.update));
  app.delete(
    '/jobs/:id',
    writes.remove(
      'Delete a job with its positions and factors; refused while employees use it (manageSettings)',
      service.remove,
    ),
  );
};
