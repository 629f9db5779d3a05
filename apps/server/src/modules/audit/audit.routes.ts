import { auditPageSchema, auditQuery, payHistoryRowSchema } from '@salary/shared/audit/audit.contract';
import { idParam } from '@salary/shared/common/envelope';
import { excelMoneyFormat } from '@salary/shared/common/money';
import { can } from '@salary/shared/common/permissions';
import { XLSX_CONTENT_TYPE } from '@salary/shared/excel/excel.contract';
import { BACK_PAY_FILE_NAME } from '@salary/shared/impact/impact.contract';
import { z } from 'zod';
import { downloadHeaders, workbookResponse } from '../../lib/download.ts';
import { moduleRoutes } from '../../lib/module-routes.ts';
import { ok } from '../../lib/reply.ts';
import { routeDoc } from '../../lib/route-doc.ts';
import { backPayWorkbook } from '../impact/back-pay.workbook.ts';

/** Read-only: entries and history rows are never changed or deleted through the API. */
export const auditRoutes = moduleRoutes('audit', 'audit', (app, service, doc) => {
  app.get(
    '/audit',
    doc(
      'The audit trail, newest first, filtered, keyset pages (?before=<cursor>&limit=) (admin)',
      auditPageSchema,
      { querystring: auditQuery },
    ),
    async (request) => ok(await service.list(request.actor, request.query)),
  );

  app.get(
    '/audit/:id/back-pay.xlsx',
    doc(
      'The back pay an entry kept (a change dated in the past), as an .xlsx workbook (admin)',
      workbookResponse(BACK_PAY_FILE_NAME),
      {
        params: idParam,
        description:
          'One row per employee owed (name, job, grade, gross back pay with showSalary, total cost back pay ' +
          'with showCost), largest first, and a total row. 404 when the entry kept no back pay.',
      },
    ),
    async (request, reply) => {
      const backPay = await service.backPay(request.actor, request.params.id);
      const see = { salary: can(request.actor, 'showSalary'), cost: can(request.actor, 'showCost') };
      const bytes = await backPayWorkbook(
        backPay,
        see,
        excelMoneyFormat(await app.services.company.format()),
      );
      return downloadHeaders(reply, XLSX_CONTENT_TYPE, BACK_PAY_FILE_NAME).send(bytes);
    },
  );

  app.get(
    '/employees/:id/history',
    routeDoc('employees')(
      "An employee's pay history, oldest first: gross with showSalary, cost with showCost",
      z.array(payHistoryRowSchema),
      { params: idParam },
    ),
    async (request) => ok(await service.history(request.actor, request.params.id)),
  );
});
