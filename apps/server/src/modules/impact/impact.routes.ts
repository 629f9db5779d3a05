import { excelMoneyFormat } from '@salary/shared/common/money';
import { XLSX_CONTENT_TYPE } from '@salary/shared/excel/excel.contract';
import {
  IMPACT_FILE_NAME,
  type ImpactRequest,
  impactRequestSchema,
  impactSchema,
} from '@salary/shared/impact/impact.contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { downloadHeaders, workbookResponse } from '../../lib/download.ts';
import { moduleRoutes } from '../../lib/module-routes.ts';
import { ok } from '../../lib/reply.ts';
import { joinableUnitOfWork } from '../../plugins/unit-of-work.plugin.ts';
import { impactWorkbook } from './impact.workbook.ts';

const DESCRIPTION = [
  'Runs a proposed rule write — POST/PUT/DELETE of a base salary or an adjustment factor, or',
  "PUT /settings — or a raise cycle's POST /raise-cycles/{id}/apply (compared as of the cycle's",
  "effective day; an administrator's) through its own route inside a transaction that always rolls back, and",
  'answers what it does to every employee: how many are affected, total gross and total cost',
  'before/after/delta/delta %, the same split by job and by grade, and the 50 largest changes.',
  'Gross figures only with showSalary, cost figures only with showCost (admins see both).',
  'A write its route would refuse (400, 403, 404, 409) is refused here with the same status and',
  'envelope; any other write answers 400. Nothing is saved.',
  'A path dated ?effectiveFrom=YYYY-MM-DD before today also answers backPay: what the change owes',
  'each employee for the days from that day to yesterday (gross, total cost; at most 50, largest',
  'first; the totals over all), as docs/salary-formula.md "Back pay" defines it.',
].join(' ');

export const impactRoutes = moduleRoutes('impact', 'impact', (app, service, doc) => {
  /**
   * The preview of the request's write: the write run by its own route, injected, in a
   * savepoint of the preview's unit of work (plugins/unit-of-work.plugin.ts) and as its caller.
   */
  const previewOf = (request: FastifyRequest, write: ImpactRequest) =>
    service.preview(request.actor, write, (w, uow) =>
      joinableUnitOfWork(uow, request.actor, async (join) => {
        const res = await request.server.inject({
          method: w.method,
          url: `/api${w.path}`,
          headers: { authorization: request.headers.authorization ?? '', ...join },
          ...(w.body === undefined ? {} : { payload: w.body as object }),
        });
        return { statusCode: res.statusCode, body: res.body ? res.json() : null };
      }),
    );
  // The route's own refusal, as it is: its status and its envelope (not this route's schema).
  const refuse = (reply: FastifyReply, refused: { statusCode: number; body: unknown }) =>
    reply.code(refused.statusCode).header('cache-control', 'no-store').send(refused.body);

  app.post(
    '/impact',
    doc(
      'Preview what a rule change (admin or manageSettings) or a raise cycle’s application (admin) does to everyone’s pay',
      impactSchema,
      {
        description: DESCRIPTION,
        body: impactRequestSchema,
        // The preview opens its own unit of work, one that always rolls back.
        config: { writeScope: 'none' },
      },
    ),
    async (request, reply) => {
      const outcome = await previewOf(request, request.body);
      if ('refused' in outcome) return refuse(reply as FastifyReply, outcome.refused);
      return ok(outcome.impact);
    },
  );

  app.post(
    '/impact/export',
    doc(
      'The same preview as an .xlsx workbook (admin or manageSettings)',
      workbookResponse(IMPACT_FILE_NAME),
      {
        description:
          'Takes the body of POST /api/impact and answers its figures as a workbook: sheets Totals ' +
          '(monthly payroll and total cost before, after, change), By job, By grade and Biggest changes. ' +
          'The same permissions, refusals and figure stripping; nothing is saved.',
        body: impactRequestSchema,
        config: { writeScope: 'none' },
      },
    ),
    async (request, reply) => {
      const outcome = await previewOf(request, request.body);
      if ('refused' in outcome) return refuse(reply as FastifyReply, outcome.refused);
      const bytes = await impactWorkbook(
        outcome.impact,
        excelMoneyFormat(await app.services.company.format()),
      );
      return downloadHeaders(reply as FastifyReply, XLSX_CONTENT_TYPE, IMPACT_FILE_NAME).send(bytes);
    },
  );
});
