import { idParam } from '@salary/shared/common/envelope';
import { excelMoneyFormat } from '@salary/shared/common/money';
import { asOfQuery } from '@salary/shared/employees/dated.contract';
import { employeeListQuery, toEmployeeFilters } from '@salary/shared/employees/employee.contract';
import { XLSX_CONTENT_TYPE } from '@salary/shared/excel/excel.contract';
import {
  breakdownSchema,
  insightsExportParams,
  insightsFileName,
  insightsSchema,
} from '@salary/shared/insights/insights.contract';
import { downloadHeaders, workbookResponse } from '../../lib/download.ts';
import { moduleRoutes } from '../../lib/module-routes.ts';
import { ok } from '../../lib/reply.ts';
import { routeDoc } from '../../lib/route-doc.ts';
import { insightsWorkbook } from './insights.workbook.ts';

const PERMISSIONS =
  'Needs admin or showSalary (403 otherwise); cost figures are absent without showCost. ' +
  'Takes the employee list filters (name, technologyId, positionId, gradeId, levelId, salaryFrom, salaryTo). ' +
  'asOf=YYYY-MM-DD: the employees as on that day (their version then, the rules in force then), only ' +
  'those employed that day; default today.';

export const insightsRoutes = moduleRoutes('insights', 'insights', (app, service, doc) => {
  app.get(
    '/insights',
    doc(
      "Pay Overview: the priced list's headline figures, grade × level, cost by job, distribution",
      insightsSchema,
      {
        description: PERMISSIONS,
        querystring: employeeListQuery.and(asOfQuery),
      },
    ),
    async (request) =>
      ok(await service.overview(request.actor, toEmployeeFilters(request.query), request.query.asOf)),
  );

  app.get(
    '/insights/export/:chart',
    doc("One Pay Overview chart's data as .xlsx", workbookResponse('pay_overview_<chart>.xlsx'), {
      description: PERMISSIONS,
      params: insightsExportParams,
      querystring: employeeListQuery.and(asOfQuery),
    }),
    async (request, reply) => {
      const data = await service.overview(
        request.actor,
        toEmployeeFilters(request.query),
        request.query.asOf,
      );
      const bytes = await insightsWorkbook(
        request.params.chart,
        data,
        excelMoneyFormat(await app.services.company.format()),
      );
      return downloadHeaders(reply, XLSX_CONTENT_TYPE, insightsFileName(request.params.chart)).send(bytes);
    },
  );

  app.get(
    '/employees/:id/breakdown',
    routeDoc('employees')(
      'Why this salary? One employee priced as the list prices it, line by line',
      breakdownSchema,
      {
        description:
          'Needs admin or showSalary (403 otherwise); costLines and totalCost only with showCost. ' +
          '422 BASE_SALARY_NOT_FOUND when the grade and level have no base salary.',
        params: idParam,
      },
    ),
    async (request) => ok(await service.breakdown(request.actor, request.params.id)),
  );
});
