import {
  baseSalaryCalls,
  bulkBaseSalariesBody,
  bulkBaseSalariesResult,
} from '@salary/shared/base-salaries/base-salaries.contract';
import { ok } from '../../lib/reply.ts';
import { routeDoc } from '../../lib/route-doc.ts';
import { ruleRoutes } from '../../lib/rule-routes.ts';

const summaries = {
  list: 'List base salaries by grade order, then level (admin, showSalary, showSettings or manageSettings)',
  create: 'Create the base salary of a grade and level (manageSettings)',
};

export const baseSalariesRoutes = ruleRoutes('baseSalaries', baseSalaryCalls, summaries, (app) => {
  app.post(
    '/base-salary/bulk',
    routeDoc('base-salaries')(
      'Save many cells of the grade × level matrix in one transaction; refused whole, naming each bad cell (manageSettings)',
      bulkBaseSalariesResult,
      { body: bulkBaseSalariesBody },
    ),
    async (request) =>
      ok(
        await app.services.baseSalaries.saveCells(request.unitOfWork, request.actor, request.body),
        'Base salaries saved successfully',
      ),
  );
});
