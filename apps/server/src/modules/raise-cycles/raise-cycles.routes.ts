import { idParam } from '@salary/shared/common/envelope';
import { MAX_ID } from '@salary/shared/common/fields';
import { excelMoneyFormat } from '@salary/shared/common/money';
import { XLSX_CONTENT_TYPE } from '@salary/shared/excel/excel.contract';
import {
  proposalsBody,
  RAISE_CYCLE_MESSAGES,
  raiseCycleBody,
  raiseCycleListSchema,
  raiseCycleSchema,
  sendBackBody,
  worksheetPreviewSchema,
  worksheetSchema,
} from '@salary/shared/raise-cycles/raise-cycles.contract';
import {
  worksheetImportQuery,
  worksheetImportReport,
} from '@salary/shared/raise-cycles/worksheet-file.contract';
import { z } from 'zod';
import { compiledSerializer } from '../../lib/compiled-serializer.ts';
import { downloadHeaders, fileResponse, workbookResponse } from '../../lib/download.ts';
import { moduleRoutes } from '../../lib/module-routes.ts';
import { ok } from '../../lib/reply.ts';
import { writeRoutes } from '../../lib/write-routes.ts';
import { zipStored } from '../../lib/zip-writer.ts';
import { readUpload } from '../excel/excel.routes.ts';
import { renderRaiseLetter } from './raise-letter.pdf.ts';

/*
 * The worksheet's answers hold a row per eligible employee (10,000 and more): serialized by the
 * schema compiled once, not checked again by zod row by row (they are built by the service).
 */

/** Every row of a 100,000-employee worksheet (about 70 bytes a proposal, a reason of a few words). */
const PROPOSALS_BODY_LIMIT = 16 * 1024 * 1024;

/** Raise cycles: the cycle, its worksheet and proposals, and its way from draft to applied (raise-cycles.service.ts). */
export const raiseCyclesRoutes = moduleRoutes('raiseCycles', 'raise-cycles', (app, service, doc) => {
  const writes = writeRoutes('raise-cycles', 'Raise cycle', raiseCycleSchema);

  const binary = (what: string) => z.string().meta({ format: 'binary', description: what });
  const letterParams = idParam.extend({ employeeId: z.coerce.number().int().positive().max(MAX_ID) });
  /** The letters as PDFs, each with the company's name and format. */
  const render = async (letters: Awaited<ReturnType<typeof service.letters>>) => {
    const company = await app.services.company.get();
    const format = await app.services.company.format();
    return Promise.all(
      letters.map(async (l) => ({
        employeeId: l.employee.id,
        bytes: await renderRaiseLetter({ ...l, company: company.companyName }, format),
      })),
    );
  };

  app.get(
    '/raise-cycles/:id/letters/:employeeId',
    doc(
      "One employee's raise letter as a PDF: pay before and from the effective date (an approved or applied cycle; admins and showSalary, a limited manager for their team)",
      fileResponse('raise_letter_<cycle>_<employee>.pdf', 'application/pdf', binary('A PDF')),
      { params: letterParams },
    ),
    async (request, reply) => {
      const { id, employeeId } = request.params;
      const [letter] = await render(await service.letters(request.actor, id, employeeId));
      return downloadHeaders(reply, 'application/pdf', `raise_letter_${id}_${employeeId}.pdf`).send(
        letter!.bytes,
      );
    },
  );

  app.get(
    '/raise-cycles/:id/letters.zip',
    doc(
      'Every raise letter of the cycle the reader may see, one PDF each, in a .zip (an approved or applied cycle)',
      fileResponse('raise_letters_<cycle>.zip', 'application/zip', binary('A .zip of PDFs')),
      { params: idParam },
    ),
    async (request, reply) => {
      const { id } = request.params;
      const letters = await render(await service.letters(request.actor, id));
      const zip = zipStored(
        letters.map((l) => ({ name: `raise_letter_${id}_${l.employeeId}.pdf`, bytes: l.bytes })),
      );
      return downloadHeaders(reply, 'application/zip', `raise_letters_${id}.zip`).send(zip);
    },
  );

  app.get(
    '/raise-cycles',
    doc('Every raise cycle (admins and showSalary)', raiseCycleListSchema),
    async (request) => ok(await service.list(request.actor)),
  );

  app.post(
    '/raise-cycles',
    writes.create(
      'Create a raise cycle: effective day, eligibility, budget and guideline (manageSettings)',
      raiseCycleBody,
      service.create,
    ),
  );

  app.get(
    '/raise-cycles/:id',
    doc('One raise cycle (admins and showSalary)', raiseCycleSchema, { params: idParam }),
    async (request) => ok(await service.get(request.actor, request.params.id)),
  );

  app.put(
    '/raise-cycles/:id',
    writes.update('Edit a raise cycle while it is a draft (manageSettings)', raiseCycleBody, service.update),
  );

  app.delete(
    '/raise-cycles/:id',
    writes.remove('Delete a raise cycle that was not applied (manageSettings)', service.remove),
  );

  app.get(
    '/raise-cycles/:id/worksheet',
    doc(
      "The cycle's worksheet: each eligible employee (a limited manager: their team's) with pay, compa-ratio, recommended range and proposal, and the budget totals (admins and showSalary)",
      worksheetSchema,
      { params: idParam, serializerCompiler: compiledSerializer },
    ),
    async (request) => ok(await service.worksheet(request.actor, request.params.id)),
  );

  app.put(
    '/raise-cycles/:id/proposals',
    doc(
      'Save proposals while the cycle is a draft; over budget is saved and answered as a warning (showSalary with manageEmployee or manageSettings)',
      worksheetSchema,
      {
        params: idParam,
        body: proposalsBody,
        bodyLimit: PROPOSALS_BODY_LIMIT,
        serializerCompiler: compiledSerializer,
      },
    ),
    async (request) => {
      const sheet = await service.saveProposals(
        request.unitOfWork,
        request.actor,
        request.params.id,
        request.body.proposals,
      );
      return ok(
        sheet,
        sheet.totals.overBudget ? `Proposals saved. ${RAISE_CYCLE_MESSAGES.overBudget}` : 'Proposals saved',
      );
    },
  );

  app.post(
    '/raise-cycles/:id/proposals/preview',
    doc(
      'The totals and new pay the proposals would make, checked as a save checks them; nothing is saved (showSalary with manageEmployee or manageSettings)',
      worksheetPreviewSchema,
      {
        params: idParam,
        body: proposalsBody,
        bodyLimit: PROPOSALS_BODY_LIMIT,
        serializerCompiler: compiledSerializer,
        description:
          'The same body and checks as PUT /raise-cycles/{id}/proposals (a refusal names the row), without ' +
          "writing. Answers the worksheet's totals with the proposals, and for each employee proposed for " +
          "its raise, new gross and new compa-ratio (the rest of its row is the worksheet's as read): the " +
          'totals and new pay while a worksheet is being filled in.',
        // Stores nothing: no transaction per keystroke.
        config: { writeScope: 'none' },
      },
    ),
    async (request) =>
      ok(await service.previewProposals(request.actor, request.params.id, request.body.proposals)),
  );

  app.post(
    '/raise-cycles/:id/submit',
    doc('Submit a draft cycle for approval (as proposing)', raiseCycleSchema, { params: idParam }),
    async (request) =>
      ok(await service.submit(request.unitOfWork, request.actor, request.params.id), 'Raise cycle submitted'),
  );

  app.post(
    '/raise-cycles/:id/approve',
    doc('Approve a submitted cycle (an administrator who did not submit it)', raiseCycleSchema, {
      params: idParam,
    }),
    async (request) =>
      ok(await service.approve(request.unitOfWork, request.actor, request.params.id), 'Raise cycle approved'),
  );

  app.post(
    '/raise-cycles/:id/send-back',
    doc('Send a submitted or approved cycle back to draft with a comment (admins)', raiseCycleSchema, {
      params: idParam,
      body: sendBackBody,
    }),
    async (request) =>
      ok(
        await service.sendBack(request.unitOfWork, request.actor, request.params.id, request.body.comment),
        'Raise cycle sent back to draft',
      ),
  );

  app.post(
    '/raise-cycles/:id/apply',
    doc(
      'Apply an approved cycle: every proposal written from its effective day, in one transaction with one audit entry (admins)',
      raiseCycleSchema,
      { params: idParam },
    ),
    async (request) =>
      ok(await service.apply(request.unitOfWork, request.actor, request.params.id), 'Raise cycle applied'),
  );

  const worksheetFile = app.services.raiseWorksheetFile;

  app.get(
    '/raise-cycles/:id/worksheet.xlsx',
    doc(
      "The cycle's worksheet as .xlsx, as GET …/worksheet gives it to the reader (a limited manager: their team's rows), with a hidden Proposal Key per row for the import (admins and showSalary)",
      workbookResponse('raise_worksheet_<cycle>.xlsx'),
      { params: idParam },
    ),
    async (request, reply) => {
      const format = await app.services.company.format();
      const { bytes, fileName } = await worksheetFile.exportFile(
        request.actor,
        request.params.id,
        excelMoneyFormat(format),
      );
      return downloadHeaders(reply, XLSX_CONTENT_TYPE, fileName).send(bytes);
    },
  );

  app.post(
    '/raise-cycles/:id/worksheet/import',
    doc(
      'Import the worksheet file back (multipart field "file"; as proposing, draft only): only the rows whose proposal the file changes are saved',
      worksheetImportReport,
      {
        description:
          'Reads the sheet "Worksheet" (else the first visible sheet) of a file exported by GET …/worksheet.xlsx. ' +
          'Each row is its proposal (Rating, Raise kind None/Percent/Amount/Move, Raise value, New grade and New ' +
          'level by name, Reason); a row whose cells say what its hidden Proposal Key says (the proposal when ' +
          'exported) is unchanged and not written. Any bad cell, or an employee not in the worksheet the reader ' +
          'sees → 400 with data.problems [{row, column, message}]; a row the file changes whose proposal was ' +
          'changed in the app since the export → 409 PROPOSAL_CONFLICT with data.conflicts; a cycle not in draft ' +
          '→ 409; nothing written in any of these. The rows it changes are saved as PUT …/proposals saves them ' +
          '(same rules, one audit entry). dryRun=true: the same decisions and save in a transaction that is ' +
          'rolled back — the preview, with each changed row before → after and its new gross.',
        params: idParam,
        querystring: worksheetImportQuery,
        // The upload is read before the unit of work opens (raise-worksheet-file.service.ts).
        config: { writeScope: 'deferred' },
      },
    ),
    async (request) => {
      const { report, message } = await worksheetFile.importFile(
        request.openUnitOfWork,
        request.actor,
        request.params.id,
        (maxBytes) => readUpload(request, maxBytes),
        request.query.dryRun,
      );
      return ok(report, message);
    },
  );
});
