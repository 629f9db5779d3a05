import { PassThrough } from 'node:stream';
import type {} from '@fastify/multipart';
import { excelMoneyFormat } from '@salary/shared/common/money';
import { asOfQuery } from '@salary/shared/employees/dated.contract';
import { employeeListQuery, toEmployeeFilters } from '@salary/shared/employees/employee.contract';
import {
  EXPORT_FILE_NAME,
  IMPORT_ERRORS,
  IMPORT_FIELD,
  importQuery,
  importReport,
  importSummary,
  TEMPLATE_FILE_NAME,
  XLSX_CONTENT_TYPE,
} from '@salary/shared/excel/excel.contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { downloadHeaders, workbookResponse } from '../../lib/download.ts';
import { ok } from '../../lib/reply.ts';
import { routeDoc } from '../../lib/route-doc.ts';
import { writePayHistorySheet } from '../audit/pay-history.workbook.ts';
import type { Upload } from './excel-import.service.ts';
import { writeEmployeesWorkbook } from './export.workbook.ts';
import { type ExcelLimits, formatBytes } from './workbook.limits.ts';

/**
 * The multipart part `file`, whole: over the size limit → 413, no file → 400, and an
 * upload that breaks off or is not well-formed multipart → 400, never a 500.
 */
export async function readUpload(request: FastifyRequest, maxBytes: number): Promise<Upload> {
  const noFile = () => new AppError(400, IMPORT_ERRORS.noFile, 'Choose an Excel file to import');
  try {
    const part = await request.file({ limits: { fileSize: maxBytes, files: 1 }, throwFileSizeLimit: true });
    if (!part || part.fieldname !== IMPORT_FIELD) throw noFile();
    const bytes = await part.toBuffer();
    // A browser sends an empty part when no file was picked.
    if (bytes.length === 0) throw noFile();
    return { bytes };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, IMPORT_ERRORS.tooLarge, `The file is larger than ${formatBytes(maxBytes)}`);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw noFile();
    request.log.info({ err: error }, 'unreadable upload');
    throw new AppError(400, IMPORT_ERRORS.badUpload, 'The upload could not be read; choose the file again');
  }
}

export const excelRoutes: FastifyPluginAsyncZod<ExcelLimits> = async (app, opts) => {
  const { importMaxRows, importMaxBytes } = opts;
  // A wiring mistake in app.ts stops start-up here rather than importing with no limits.
  if (![importMaxRows, importMaxBytes].every((n) => Number.isSafeInteger(n) && n > 0))
    throw new Error('excelRoutes needs { importMaxRows, importMaxBytes } from the config');
  const limits: ExcelLimits = { importMaxRows, importMaxBytes };
  const { excelExport, excelTemplate, excelImport } = app.services;
  const doc = routeDoc('employees');

  app.get(
    '/employees/export',
    doc(
      'Download the employees (as listed, same filters) as employees_export.xlsx',
      workbookResponse(EXPORT_FILE_NAME),
      {
        description:
          'Calculated Salary only for admins or showSalary, Total Cost only for admins or showCost. ' +
          'salaryFrom/salaryTo need showSalary. asOf=YYYY-MM-DD: the employees as GET /employees?asOf= lists ' +
          'them that day (a file of another day than today carries Row Keys an import treats as stale).',
        querystring: employeeListQuery
          .and(asOfQuery)
          .and(z.object({ payHistory: z.enum(['true', 'false']).optional() })),
      },
    ),
    async (request, reply) => {
      // Everything that can fail with an envelope happens before the first byte is sent.
      const { columns, employees, key } = await excelExport.exportData(
        request.actor,
        toEmployeeFilters(request.query),
        request.query.asOf,
      );
      const format = await app.services.company.format();
      const out = new PassThrough();
      downloadHeaders(reply, XLSX_CONTENT_TYPE, EXPORT_FILE_NAME);
      // ?payHistory=true: a second sheet with the exported employees' pay history.
      const withHistory = (request.query as { payHistory?: string }).payHistory === 'true';
      const more = withHistory
        ? (book: Parameters<typeof writePayHistorySheet>[0], written: Map<number, string>) =>
            writePayHistorySheet(book, app.services.audit, request.actor, written, format)
        : undefined;
      writeEmployeesWorkbook(out, excelMoneyFormat(format), columns, employees, key, more).catch(
        (error: unknown) => {
          request.log.error({ err: error }, 'export failed while streaming');
          out.destroy(error instanceof Error ? error : new Error('export failed'));
        },
      );
      return (reply as FastifyReply).send(out);
    },
  );

  app.get(
    '/employees/template/download',
    doc('Download the import template employees_template.xlsx', workbookResponse(TEMPLATE_FILE_NAME)),
    async (_request, reply) => {
      const file = await excelTemplate.template();
      return downloadHeaders(reply, XLSX_CONTENT_TYPE, TEMPLATE_FILE_NAME).send(file);
    },
  );

  app.post(
    '/employees/import',
    doc('Import employees from .xlsx or .xls (multipart field "file"; manageEmployee)', importReport, {
      description:
        'Reads the first sheet whose header has the employee columns (data.sheet names it). Rows with an ID ' +
        'change that employee, rows without create one. Every row is checked first: any problem → 400 with ' +
        'data.problems [{row, column, message}] and nothing written. A row of an employee changed in the app ' +
        'since the export, or no longer lined up with its ID, is a conflict (applied only when its ID is in ' +
        'overwrite); a new row with the name and job of an existing employee is a possible duplicate (created ' +
        'only when its row number is in createDuplicates). dryRun=true answers the same report without writing. ' +
        'The rows are written in one transaction; an employee of the file deleted by someone else meanwhile → 409 ' +
        'EMPLOYEE_GONE and nothing written. effectiveFrom=YYYY-MM-DD (default today) dates the changes as ' +
        'PUT /employees/{id}?effectiveFrom= does: each row is compared with the employee as on that day, its ' +
        'job, position, grade, level, years, flags and hours become a version from that day (up to the next ' +
        'one), its name, gender and days change at once; a day to come schedules the changes ' +
        '(GET /scheduled-changes), a past day answers backPay and keeps it in the entry. New rows create ' +
        'employees at once, whatever the day (their hire date says when they start). The dry run takes the ' +
        'same day: its gross figures are priced as of it.',
      querystring: importQuery,
      // The upload is read and checked before the unit of work opens (excel-import.service.ts);
      // `dated`: the unit of work carries the day, as every dated write's does.
      config: { writeScope: 'deferred', dated: true },
    }),
    async (request) => {
      const { report } = await excelImport.importEmployees(
        request.openUnitOfWork,
        request.actor,
        () => readUpload(request, limits.importMaxBytes),
        request.query,
      );
      return ok(report, request.query.dryRun ? importSummary(report) : 'Employees imported successfully');
    },
  );
};
