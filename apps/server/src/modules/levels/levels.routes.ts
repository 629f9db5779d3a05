import * as contract from '@salary/shared/levels/levels.contract';
import { z } from 'zod';
import { moduleRoutes } from '../../lib/module-routes.ts';
import { ok } from '../../lib/reply.ts';
import { writeRoutes } from '../../lib/write-routes.ts';

export const levelsRoutes = moduleRoutes('levels', 'levels', (app, service, doc) => {
  const writes = writeRoutes('levels', 'Level', contract.levelSchema);

  app.get('/levels', doc('List levels by order', z.array(contract.levelSchema)), async () =>
    ok(await service.list()),
  );
  app.post(
    '/levels',
    writes.create('Create a level; it goes last (manageSettings)', contract.createLevelBody, service.create),
  );
  app.put(
    '/levels/:id',
    writes.update('Rename a level (manageSettings)', contract.updateLevelBody, service.update),
  );
  app.delete(
    '/levels/:id',
    writes.remove(
      'Delete a level; refused while employees or base salaries use it (manageSettings)',
      service.remove,
    ),
  );
  // Levels' own call: the order of several at once.
  app.post(
    '/levels/reorder',
    writes.reorder(
      'Set the order of several levels at once, all or nothing (manageSettings)',
      'Levels',
      contract.reorderLevelsBody,
      service.reorder,
    ),
  );
});
