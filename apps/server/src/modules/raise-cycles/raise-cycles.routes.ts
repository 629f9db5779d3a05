import { idParam } from '@salary/shared/common/envelope';
import { MAX_ID } from '@salary/shared/common/fields';
import {
  proposalsBody,
  RAISE_CYCLE_MESSAGES,
  raiseCycleBody,
  raiseCycleListSchema,
  raiseCycleSchema,
  sendBackBody,
  worksheetSchema,
} from '@salary/shared/raise-cycles/raise-cycles.contract';
import { z } from 'zod';
import { downloadHeaders, fileResponse } from '../../lib/download.ts';
import { moduleRoutes } from '../../lib/module-routes.ts';
import { ok } from '../../lib/reply.ts';
import { writeRoutes } from '../../lib/write-routes.ts';
import { zipStored } from '../../lib/zip-writer.ts';
import { renderRaiseLetter } from './raise-letter.pdf.ts';

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
      { params: idParam },
    ),
    async (request) => ok(await service.worksheet(request.actor, request.params.id)),
  );

  app.put(
    '/raise-cycles/:id/proposals',
    doc(
      'Save proposals while the cycle is a draft; over budget is saved and answered as a warning (showSalary with manageEmployee or manageSettings)',
      worksheetSchema,
      { params: idParam, body: proposalsBody },
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
});
