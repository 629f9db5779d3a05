import { jobCalls } from '@salary/shared/jobs/jobs.contract';
import { ruleRoutes } from '../../lib/rule-routes.ts';

export const jobsRoutes = ruleRoutes('jobs', jobCalls, {
  list: 'List jobs by name, each with its number of positions',
  update: 'Rename a job (manageSettings)',
  remove: 'Delete a job with its positions and factors; refused while employees use it (manageSettings)',
});
