import {
  baseSalaryCalls,
  bulkBaseSalariesBody,
  bulkBaseSalariesResult,
} from '@salary/shared/base-salaries/base-salaries.contract';
import { toCents } from '@salary/shared/common/money';
import { ok } from '../../lib/reply.ts';
import { routeDoc } from '../../lib/route-doc.ts';
import { ruleRoutes } from '../../lib/rule-routes.ts';
import { type BaseSalaryRow, baseSalaryFromApi, baseSalaryToApi } from './base-salaries.wire.ts';

const summaries = {
  list: 'List base salaries by grade order, then level (admin, showSalary, showSettings or manageSettings)',
  create: 'Create the base salary of a grade and level (manageSettings)',
};

/** Amounts are decimals on the wire and whole cents in the service: converted here, at the edge. */
const wire = {
  item: (row: unknown) => baseSalaryToApi(row as BaseSalaryRow),
  body: baseSalaryFromApi,
};

export const baseSalariesRoutes = ruleRoutes(
  'baseSalaries',
  baseSalaryCalls,
  summaries,
  (app) => {
    app.post(
      '/base-salary/bulk',
      routeDoc('base-salaries')(
        'Save many cells of the grade × level matrix in one transaction; refused whole, naming each bad cell (manageSettings)',
        bulkBaseSalariesResult,
        { body: bulkBaseSalariesBody },
      ),
      async (request) => {
        const cells = request.body.cells.map((cell) => ({
          ...cell,
          amount: cell.amount === null ? null : toCents(cell.amount),
        }));
        const saved = await app.services.baseSalaries.saveCells(request.unitOfWork, request.actor, { cells });
        return ok(
          { ...saved, baseSalaries: saved.baseSalaries.map(baseSalaryToApi) },
          'Base salaries saved successfully',
        );
      },
    );
  },
  wire,
);
