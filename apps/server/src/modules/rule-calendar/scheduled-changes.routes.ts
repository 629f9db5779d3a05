import { emptyEnvelope, idParam } from '@salary/shared/common/envelope';
import { scheduledChangeSchema } from '@salary/shared/employees/dated.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { routeDoc } from '../../lib/route-doc.ts';
import { SCHEDULED_ALREADY_IN_FORCE } from '../employees/employees.service.ts';

/**
 * The changes waiting for their day, employees' and rules' in one list (their ids share one
 * space): employee changes for whoever reads employees, rule changes (money rules) only for
 * those who may read the rules.
 */
export const scheduledChangesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { employees, ruleCalendar } = app.services;
  const doc = routeDoc('employees');

  app.get(
    '/scheduled-changes',
    doc('Employee and rule changes waiting for their day', z.array(scheduledChangeSchema), {
      description:
        'Signed in (as reading employees): each change, what it changes (an employee, or a rule: a base ' +
        'salary, an adjustment factor, the settings), the fields it moves, from when, who recorded it ' +
        'and when. Rule changes only for admin, showSalary, showSettings or manageSettings.',
    }),
    async (request) => {
      const people = await employees.scheduled(request.actor);
      const rules = await ruleCalendar.scheduled(request.actor);
      const all = [...people, ...rules].sort(
        (a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom) || a.id - b.id,
      );
      return ok(all);
    },
  );

  app.delete(
    '/scheduled-changes/:id',
    doc(
      'Cancel a scheduled change before its day (manageEmployee for an employee, manageSettings for a rule)',
      { 200: emptyEnvelope },
      { params: idParam },
    ),
    async (request) => {
      const { id } = request.params;
      if (await ruleCalendar.exists(id, request.unitOfWork.tx))
        await ruleCalendar.cancel(request.unitOfWork, request.actor, id, SCHEDULED_ALREADY_IN_FORCE);
      else await employees.cancelScheduled(request.unitOfWork, request.actor, id);
      return ok(null, 'Scheduled change cancelled');
    },
  );
};
