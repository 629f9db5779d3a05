import { idParam } from '@salary/shared/common/envelope';
import { allowanceBody, allowanceViewSchema } from '@salary/shared/employees/allowance.contract';
import { asOfQuery, effectiveFromQuery } from '@salary/shared/employees/dated.contract';
import { moduleRoutes } from '../../lib/module-routes.ts';
import { ok } from '../../lib/reply.ts';

/*
 * The individual allowance has routes of its own rather than a key of the employee's form: the
 * employee's answers go to readers without Show Calculated Salary, and the allowance is pay.
 */
export const allowanceRoutes = moduleRoutes('allowance', 'employees', (app, service, doc) => {
  app.get(
    '/employees/:id/allowance',
    doc("An employee's individual allowance (showSalary)", allowanceViewSchema, {
      params: idParam,
      querystring: asOfQuery,
      description:
        'The allowance in force today, or as of asOf=YYYY-MM-DD: type FIXED (an amount a month) or PERCENTAGE ' +
        '(of the adjusted base salary), value, and the reason; null when none. 403 without showSalary.',
    }),
    async (request) => ok(await service.get(request.actor, request.params.id, request.query.asOf)),
  );

  app.put(
    '/employees/:id/allowance',
    doc(
      "Set or remove an employee's individual allowance (showSalary and manageEmployee)",
      allowanceViewSchema,
      {
        params: idParam,
        querystring: effectiveFromQuery,
        body: allowanceBody,
        description:
          'allowance null removes it. effectiveFrom=YYYY-MM-DD: from that day (default today; a day to come ' +
          "schedules it; a past day answers the back pay owed). It holds up to the employee's next dated change.",
      },
    ),
    async (request) =>
      ok(
        await service.set(
          request.unitOfWork,
          request.actor,
          request.params.id,
          request.body,
          request.query.effectiveFrom,
        ),
        'Individual allowance saved successfully',
      ),
  );
});
