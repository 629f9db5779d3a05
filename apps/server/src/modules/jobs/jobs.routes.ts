import { createJobBody, jobSchema, updateJobBody } from '@salary/shared/jobs/jobs.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerRuleRoutes } from '../../lib/rule-routes.ts';

export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.jobs;
  registerRuleRoutes(app, {
    path: '/jobs',
    tag: 'jobs',
    noun: 'Job',
    item: jobSchema,
    list: { summary: 'List jobs by name, each with its number of positions', run: () => service.list() },
    create: { summary: 'Create a job (manageSettings)', body: createJobBody, run: service.create },
    update: { summary: 'Rename a job (manageSettings)', body: updateJobBody, run: service.update },
    remove: {
      summary: 'Delete a job with its positions and factors; refused while employees use it (manageSettings)',
      run: service.remove,
    },
  });
};
