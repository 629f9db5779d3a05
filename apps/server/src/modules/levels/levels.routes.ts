import { levelCalls } from '@salary/shared/levels/levels.contract';
import { ruleRoutes } from '../../lib/rule-routes.ts';

export const levelsRoutes = ruleRoutes('levels', levelCalls, {
  list: 'List levels in creation order',
  update: 'Rename a level (manageSettings)',
});
