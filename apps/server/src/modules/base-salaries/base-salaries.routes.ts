import {
  baseSalarySchema,
  bulkBaseSalariesBody,
  bulkBaseSalariesResult,
  createBaseSalaryBody,
  updateBaseSalaryBody,
} from '@salary/shared/base-salaries/base-salaries.contract';
import { toCents } from '@salary/shared/common/money';
import { effectiveFromQuery } from '@salary/shared/employees/dated.contract';
import { z } from 'zod';
import { moduleRoutes } from '../../lib/module-routes.ts';
import { ok } from '../../lib/reply.ts';
import { writeRoutes } from '../../lib/write-routes.ts';
import { bandFromApi, baseSalaryFromApi, baseSalaryToApi } from './base-salaries.wire.ts';

/**
 * The spec's path is singular (`/base-salary`); the domain keeps its plural name inside. Amounts
 * are decimals on the wire and whole cents in the service: converted here, at the edge.
 */
export const baseSalariesRoutes = moduleRoutes('baseSalaries', 'base-salaries', (app, service, doc) => {
  const writes = writeRoutes('base-salaries', 'Base salary', baseSalarySchema, { dated: true });

  app.get(
    '/base-salary',
    doc(
      'List base salaries by grade order, then level (admin, showSalary, showSettings or manageSettings)',
      z.array(baseSalarySchema),
    ),
    async (request) => ok((await service.list(request.actor)).map(baseSalaryToApi)),
  );
  app.post(
    '/base-salary',
    writes.create(
      'Create the base salary of a grade and level (manageSettings)',
      createBaseSalaryBody,
      async (uow, actor, body) => baseSalaryToApi(await service.create(uow, actor, baseSalaryFromApi(body))),
    ),
  );
  app.put(
    '/base-salary/:id',
    writes.update(
      'Update a base salary (manageSettings)',
      updateBaseSalaryBody,
      async (uow, actor, id, body) =>
        baseSalaryToApi(await service.update(uow, actor, id, baseSalaryFromApi(body))),
    ),
  );
  app.delete('/base-salary/:id', writes.remove('Delete a base salary (manageSettings)', service.remove));
  app.post(
    '/base-salary/bulk',
    doc(
      'Save many cells of the grade × level matrix in one transaction; refused whole, naming each bad cell (manageSettings)',
      bulkBaseSalariesResult,
      { body: bulkBaseSalariesBody, querystring: effectiveFromQuery, config: { dated: true } },
    ),
    async (request) => {
      const cells = request.body.cells.map(({ bandSpread, bandMin, bandMax, ...cell }) => ({
        ...cell,
        amount: cell.amount === null ? null : toCents(cell.amount),
        ...bandFromApi({ bandSpread, bandMin, bandMax }),
      }));
      const saved = await service.saveCells(request.unitOfWork, request.actor, { cells });
      return ok(
        { ...saved, baseSalaries: saved.baseSalaries.map(baseSalaryToApi) },
        'Base salaries saved successfully',
      );
    },
  );
});
