import {
  createLevelBody,
  levelSchema,
  reorderLevelsBody,
  updateLevelBody,
} from '@salary/shared/levels/levels.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { routeDoc } from '../../lib/route-doc.ts';
import { writeRoutes } from '../../lib/write-routes.ts';

export const levelsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.levels;
  const doc = routeDoc('levels');
  const writes = writeRoutes('levels', 'Level', levelSchema);

  app.get('/levels', doc('List levels by order', z.array(levelSchema)), async () => ok(await service.list()));
  app.post(
    '/levels',
    writes.create('Create a level; it goes last (manageSettings)', createLevelBody, service.create),
  );
  app.put('/levels/:id', writes.update('Rename a level (manageSettings)', updateLevelBody, service.update));
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
      reorderLevelsBody,
      service.reorder,
    ),
  );
};
