import { idParam } from '@salary/shared/common/envelope';
import type { Actor } from '@salary/shared/common/permissions';
import { asOfQuery } from '@salary/shared/employees/dated.contract';
import { XLSX_CONTENT_TYPE } from '@salary/shared/excel/excel.contract';
import {
  type CategoryKind,
  justificationBody,
  payReportQuery,
  payReportSchema,
  payStatementSchema,
  REPORT_FILE_NAME,
  STATEMENT_FILE_NAME,
  savedJustificationSchema,
  yearQuery,
} from '@salary/shared/pay-transparency/pay-transparency.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { downloadHeaders, fileResponse, workbookResponse } from '../../lib/download.ts';
import { ok } from '../../lib/reply.ts';
import { routeDoc } from '../../lib/route-doc.ts';
import { renderPayStatementPdf } from './pay-statement.pdf.ts';
import { buildReportWorkbook } from './pay-transparency.workbook.ts';

const PDF = 'application/pdf';
/** The category, and the day the figures are as of (default today; only those employed that day count). */
const reportQuery = payReportQuery.and(asOfQuery);
const AS_OF =
  "asOf=YYYY-MM-DD: as of that day (each employee's version then, the rules in force then), counting only " +
  'those employed that day; default today.';
/** The report: as of a day, or for a calendar year (not both). */
const yearReportQuery = reportQuery
  .and(yearQuery)
  .refine((q) => q.asOf === undefined || q.year === undefined, {
    message: 'Give either year or asOf, not both',
    path: ['year'],
  });
const AS_OF_OR_YEAR =
  `${AS_OF} Or year=YYYY: the calendar year (the current one to today), counting everyone employed on ` +
  'at least one day of it for the days employed, on annual and on hourly pay (docs/pay-transparency.md).';
const PDF_RESPONSE = fileResponse(
  'pay_statement_<id>.pdf',
  PDF,
  z.string().meta({ format: 'binary', description: 'A PDF' }),
);

export const payTransparencyRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.payTransparency;
  const justifications = app.services.payGapJustifications;
  const doc = routeDoc('pay-transparency');
  const statementFor = (
    actor: Actor,
    id: number,
    q: { category: CategoryKind; asOf?: string; year?: number },
  ) =>
    q.year === undefined
      ? service.statement(actor, id, q.category, q.asOf)
      : service.yearStatement(actor, id, q.category, q.year);
  const reportFor = (actor: Actor, q: { category: CategoryKind; asOf?: string; year?: number }) =>
    q.year === undefined
      ? service.report(actor, q.category, q.asOf)
      : service.yearReport(actor, q.category, q.year);

  app.get(
    '/pay-transparency',
    doc('Gender pay gap indicators (a)–(g) (admins and showSalary)', payReportSchema, {
      querystring: yearReportQuery,
      description: AS_OF_OR_YEAR,
    }),
    async (request) => ok(await reportFor(request.actor, request.query)),
  );

  app.get(
    '/pay-transparency/export',
    doc(
      'The pay gap report as an .xlsx workbook (admins and showSalary)',
      workbookResponse(REPORT_FILE_NAME),
      {
        querystring: yearReportQuery,
        description: AS_OF_OR_YEAR,
      },
    ),
    async (request, reply) => {
      const report = await reportFor(request.actor, request.query);
      return downloadHeaders(reply, XLSX_CONTENT_TYPE, REPORT_FILE_NAME).send(
        await buildReportWorkbook(report, await app.services.company.format()),
      );
    },
  );

  app.put(
    '/pay-transparency/justifications',
    doc("Justify a flagged category's pay gap (admins)", savedJustificationSchema, {
      body: justificationBody,
    }),
    async (request) =>
      ok(await justifications.save(request.unitOfWork, request.actor, request.body), 'Justification saved'),
  );

  app.get(
    '/employees/:id/pay-statement',
    doc("A worker's pay statement (Article 7; admins and showSalary)", payStatementSchema, {
      params: idParam,
      querystring: yearReportQuery,
      description: AS_OF_OR_YEAR,
    }),
    async (request) => ok(await statementFor(request.actor, request.params.id, request.query)),
  );

  app.get(
    '/employees/:id/pay-statement.pdf',
    doc("A worker's pay statement as a PDF (admins and showSalary)", PDF_RESPONSE, {
      params: idParam,
      querystring: yearReportQuery,
      description: AS_OF_OR_YEAR,
    }),
    async (request, reply) => {
      const statement = await statementFor(request.actor, request.params.id, request.query);
      return downloadHeaders(reply, PDF, STATEMENT_FILE_NAME(statement.employee.id)).send(
        await renderPayStatementPdf(statement, await app.services.company.format()),
      );
    },
  );
};
