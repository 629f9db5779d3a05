import { createJobBody, jobSchema, updateJobBody } from '@salary/shared/jobs/jobs.contract';
import { z } from 'zod';
import { moduleRoutes } from '../../lib/module-routes.ts';
import { ok } from '../../lib/reply.ts';
import { writeRoutes } from '../../lib/write-routes.ts';

export const jobsRoutes = moduleRoutes('jobs', 'jobs', (app, service, doc) => {
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
});
