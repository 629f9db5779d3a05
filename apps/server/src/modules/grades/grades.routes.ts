import { gradeCalls, gradeSchema, reorderGradesBody } from '@salary/shared/grades/grades.contract';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { routeDoc } from '../../lib/route-doc.ts';
import { ruleRoutes } from '../../lib/rule-routes.ts';

const summaries = {
  list: 'List grades by order',
  create: 'Create a grade; without an order it goes last (manageSettings)',
  update: 'Rename a grade and/or change its order (manageSettings)',
  remove: 'Delete a grade; refused while employees or base salaries use it (manageSettings)',
};

export const gradesRoutes = ruleRoutes('grades', gradeCalls, summaries, (app) => {
  // Grades' own call: the order of several at once.
  app.post(
    '/grades/reorder',
    routeDoc('grades')(
      'Set the order of several grades at once, all or nothing (manageSettings)',
      z.array(gradeSchema),
      { body: reorderGradesBody },
    ),
    async (request) =>
      ok(
        await app.services.grades.reorder(request.unitOfWork, request.actor, request.body),
        'Grades reordered successfully',
      ),
  );
});
