import * as contract from '@salary/shared/grades/grades.contract';
import { z } from 'zod';
import { moduleRoutes } from '../../lib/module-routes.ts';
import { ok } from '../../lib/reply.ts';
import { writeRoutes } from '../../lib/write-routes.ts';

export const gradesRoutes = moduleRoutes('grades', 'grades', (app, service, doc) => {
  const writes = writeRoutes('grades', 'Grade', contract.gradeSchema);

  app.get('/grades', doc('List grades by order', z.array(contract.gradeSchema)), async () =>
    ok(await service.list()),
  );
  app.post(
    '/grades',
    writes.create(
      'Create a grade; without an order it goes last (manageSettings)',
      contract.createGradeBody,
      service.create,
    ),
  );
  app.put(
    '/grades/:id',
    writes.update(
      'Rename a grade and/or change its order (manageSettings)',
      contract.updateGradeBody,
      service.update,
    ),
  );
  app.delete(
    '/grades/:id',
    writes.remove(
      'Delete a grade; refused while employees or base salaries use it (manageSettings)',
      service.remove,
    ),
  );
  // Grades' own call: the order of several at once.
  app.post(
    '/grades/reorder',
    writes.reorder(
      'Set the order of several grades at once, all or nothing (manageSettings)',
      'Grades',
      contract.reorderGradesBody,
      service.reorder,
    ),
  );
});
