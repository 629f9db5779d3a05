import { idParam } from '@salary/shared/common/envelope';
import {
  proposalsBody,
  RAISE_CYCLE_MESSAGES,
  raiseCycleBody,
  raiseCycleListSchema,
  raiseCycleSchema,
  sendBackBody,
  worksheetSchema,
} from '@salary/shared/raise-cycles/raise-cycles.contract';
import { moduleRoutes } from '../../lib/module-routes.ts';
import { ok } from '../../lib/reply.ts';
import { writeRoutes } from '../../lib/write-routes.ts';

/** Raise cycles: the cycle, its worksheet and proposals, and its way from draft to applied (raise-cycles.service.ts). */
export const raiseCyclesRoutes = moduleRoutes('raiseCycles', 'raise-cycles', (app, service, doc) => {
  const writes = writeRoutes('raise-cycles', 'Raise cycle', raiseCycleSchema);

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
