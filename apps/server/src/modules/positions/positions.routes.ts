import { listPositionsQuery, positionCalls } from '@salary/shared/positions/positions.contract';
import { ruleRoutes } from '../../lib/rule-routes.ts';

export const positionsRoutes = ruleRoutes('positions', positionCalls, {
  list: { summary: 'List positions by name, all or those of one job', querystring: listPositionsQuery },
  create: 'Create a position in a job (manageSettings)',
  update: 'Rename a position or move it to another job (manageSettings)',
  remove: 'Delete a position and its factor; refused while employees use it (manageSettings)',
});
