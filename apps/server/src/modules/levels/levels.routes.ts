import { levelCalls, levelSchema, reorderLevelsBody } from '@salary/shared/levels/levels.contract';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { routeDoc } from '../../lib/route-doc.ts';
import { ruleRoutes } from '../../lib/rule-routes.ts';

const summaries = {
  list: 'List levels by order',
  create: 'Create a level; it goes last (manageSettings)',
  update: 'Rename a level (manageSettings)',
  remove: 'Delete a level; refused while employees or base salaries use it (manageSettings)',
};

export const levelsRoutes = ruleRoutes('levels', levelCalls, summaries, (app) => {
  app.post(
    '/levels/reorder',
    routeDoc('levels')(
      'Set the order of several levels at once, all or nothing (manageSettings)',
      z.array(levelSchema),
      { body: reorderLevelsBody },
    ),
    async (request) =>
      ok(
        await app.services.levels.reorder(request.unitOfWork, request.actor, request.body),
        'Levels reordered successfully',
      ),
  );
});
