import { envelopeOf, idParam } from '@salary/shared/common/envelope';
import { XLSX_CONTENT_TYPE } from '@salary/shared/excel/excel.contract';
import {
  justificationBody,
  payReportQuery,
  payReportSchema,
  payStatementSchema,
  REPORT_FILE_NAME,
  STATEMENT_FILE_NAME,
  savedJustificationSchema,
} from '@salary/shared/pay-transparency/pay-transparency.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { downloadHeaders, fileResponse, workbookResponse } from '../../lib/download.ts';
import { ok } from '../../lib/reply.ts';
import { renderPayStatementPdf } from './pay-statement-pdf.ts';
import { buildReportWorkbook } from './report-workbook.ts';

const PDF = 'application/pdf';

export const payTransparencyRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.payTransparency;
  const justifications = app.services.payGapJustifications;
  const tags = ['pay-transparency'];

  app.get(
    '/pay-transparency',
    {
      schema: {
        tags,
        summary: 'Gender pay gap indicators (a)–(g) (admins and showSalary)',
        querystring: payReportQuery,
        response: { 200: envelopeOf(payReportSchema) },
      },
    },
    async (request) => ok(await service.report(request.actor, request.query.category)),
  );

  app.get(
    '/pay-transparency/export',
    {
      schema: {
        tags,
        summary: 'The pay gap report as an .xlsx workbook (admins and showSalary)',
        querystring: payReportQuery,
        response: workbookResponse(REPORT_FILE_NAME),
      },
    },
    async (request, reply) => {
      const report = await service.report(request.actor, request.query.category);
      return downloadHeaders(reply, XLSX_CONTENT_TYPE, REPORT_FILE_NAME).send(
        await buildReportWorkbook(report),
      );
    },
  );

  app.put(
    '/pay-transparency/justifications',
    {
      schema: {
        tags,
        summary: "Justify a flagged category's pay gap (admins)",
        body: justificationBody,
        response: { 200: envelopeOf(savedJustificationSchema) },
      },
    },
    async (request) => ok(await justifications.save(request.actor, request.body), 'Justification saved'),
  );

  app.get(
    '/employees/:id/pay-statement',
    {
      schema: {
        tags,
        summary: "A worker's pay statement (Article 7; admins and showSalary)",
        params: idParam,
        querystring: payReportQuery,
        response: { 200: envelopeOf(payStatementSchema) },
      },
    },
    async (request) => ok(await service.statement(request.actor, request.params.id, request.query.category)),
  );

  app.get(
    '/employees/:id/pay-statement.pdf',
    {
      schema: {
        tags,
        summary: "A worker's pay statement as a PDF (admins and showSalary)",
        params: idParam,
        querystring: payReportQuery,
        response: fileResponse(
          'pay_statement_<id>.pdf',
          PDF,
          z.string().meta({ format: 'binary', description: 'A PDF' }),
        ),
      },
    },
    async (request, reply) => {
      const statement = await service.statement(request.actor, request.params.id, request.query.category);
      return downloadHeaders(reply, PDF, STATEMENT_FILE_NAME(statement.employee.id)).send(
        await renderPayStatementPdf(statement),
      );
    },
  );
};
