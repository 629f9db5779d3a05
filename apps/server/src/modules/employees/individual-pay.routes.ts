import { idParam } from '@salary/shared/common/envelope';
import { allowanceBody, allowanceViewSchema } from '@salary/shared/employees/allowance.contract';
import { benefitChoiceBody, benefitChoiceViewSchema } from '@salary/shared/employees/benefit-choice.contract';
import { asOfQuery, effectiveFromQuery } from '@salary/shared/employees/dated.contract';
import { moduleRoutes } from '../../lib/module-routes.ts';
import { ok } from '../../lib/reply.ts';

/*
 * An employee's individual pay has routes of its own rather than keys of the employee's form:
 * the employee's answers go to readers without Show Calculated Salary (the allowance is pay),
 * and the employee form's saves (the leaver dialog, the import) then never touch either.
 */
export const individualPayRoutes = moduleRoutes('individualPay', 'employees', (app, service, doc) => {
  app.get(
    '/employees/:id/allowance',
    doc("An employee's individual allowance (showSalary)", allowanceViewSchema, {
      params: idParam,
      querystring: asOfQuery,
      description:
        'The allowance in force today, or as of asOf=YYYY-MM-DD: type FIXED (an amount a month) or PERCENTAGE ' +
        '(of the adjusted base salary), value, and the reason; null when none. 403 without showSalary.',
    }),
    async (request) => ok(await service.allowance(request.actor, request.params.id, request.query.asOf)),
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
        await service.setAllowance(
          request.unitOfWork,
          request.actor,
          request.params.id,
          request.body,
          request.query.effectiveFrom,
        ),
        'Individual allowance saved successfully',
      ),
  );

  app.get(
    '/employees/:id/benefits',
    doc(
      'Which company benefits an employee receives (showSalary, showCost or manageEmployee)',
      benefitChoiceViewSchema,
      {
        params: idParam,
        querystring: asOfQuery,
        description:
          'Each benefit of the settings with whether this employee receives it, today or as of asOf=YYYY-MM-DD; ' +
          'excludedBenefits as stored. Every benefit unless left out.',
      },
    ),
    async (request) => ok(await service.benefits(request.actor, request.params.id, request.query.asOf)),
  );

  app.put(
    '/employees/:id/benefits',
    doc('Choose the company benefits an employee receives (manageEmployee)', benefitChoiceViewSchema, {
      params: idParam,
      querystring: effectiveFromQuery,
      body: benefitChoiceBody,
      description:
        'excludedBenefits: the names of the benefits it does not receive (each one of the settings; [] receives all). ' +
        "effectiveFrom=YYYY-MM-DD as for the allowance. It holds up to the employee's next dated change.",
    }),
    async (request) =>
      ok(
        await service.setBenefits(
          request.unitOfWork,
          request.actor,
          request.params.id,
          request.body,
          request.query.effectiveFrom,
        ),
        'Benefits saved successfully',
      ),
  );
});
