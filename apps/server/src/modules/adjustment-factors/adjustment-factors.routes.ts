import { adjustmentFactorCalls } from '@salary/shared/adjustment-factors/adjustment-factors.contract';
import { ruleRoutes } from '../../lib/rule-routes.ts';

export const adjustmentFactorsRoutes = ruleRoutes('adjustmentFactors', adjustmentFactorCalls, {
  list: 'List adjustment factors by job and position (admin, showSalary, showSettings or manageSettings)',
  create: 'Create the factor of a job and position; PERCENTAGE as a fraction (manageSettings)',
});
