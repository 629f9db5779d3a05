import { calculateBody, calculationResultSchema } from '@salary/shared/calculator/calculator.contract';
import { compiledSerializer } from '../../lib/compiled-serializer.ts';
import { moduleRoutes } from '../../lib/module-routes.ts';
import { ok } from '../../lib/reply.ts';

export const calculatorRoutes = moduleRoutes('calculator', 'calculator', (app, service, doc) => {
  app.post(
    '/calculate',
    doc('Calculate a salary for a profile (showSalary; stores nothing)', calculationResultSchema, {
      description:
        'benefits: JSON string (or object) of stored benefit name → selected; names not given count as selected. ' +
        'customMultipliers: JSON string (or list) of {title, type, value, checked}, taken as sent. ' +
        'settings.applySocialInsurance defaults to true. asOf=YYYY-MM-DD: the rules in force that day (default today). ' +
        'Answers data.calculatedSalary and data.details. ' +
        'Needs showSalary; without showCost the cost figures (totalCost, totalBenefitsCost, selectedBenefits, ' +
        'socialInsuranceAmount, companySocialInsurance) are absent.',
      body: calculateBody,
      // The hottest route: its answer is written by a serializer compiled from that schema.
      serializerCompiler: compiledSerializer,
      // A POST that stores nothing: no write scope, so no transaction opened and committed per
      // calculation (which cost ~4× the calculation itself on PGlite).
      config: { writeScope: 'none' },
    }),
    async (request) =>
      ok(
        await service.calculate(request.actor, request.body, { snapshot: request.dataSnapshot }),
        'Salary calculated successfully',
      ),
  );
});
