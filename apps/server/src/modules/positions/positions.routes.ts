import * as contract from '@salary/shared/positions/positions.contract';
import { z } from 'zod';
import { moduleRoutes } from '../../lib/module-routes.ts';
import { ok } from '../../lib/reply.ts';
import { writeRoutes } from '../../lib/write-routes.ts';

export const positionsRoutes = moduleRoutes('positions', 'positions', (app, service, doc) => {
  const writes = writeRoutes('positions', 'Position', contract.positionSchema);

  app.get(
    '/positions',
    doc('List positions by name, all or those of one job', z.array(contract.positionSchema), {
      querystring: contract.listPositionsQuery,
    }),
    async (request) => ok(await service.list(request.actor, request.query)),
  );
  app.post(
    '/positions',
    writes.create('Create a position in a job (manageSettings)', contract.createPositionBody, service.create),
  );
  app.put(
    '/positions/:id',
    writes.update(
      'Rename a position or move it to another job (manageSettings)',
      contract.updatePositionBody,
      service.update,
    ),
  );
  app.delete(
    '/positions/:id',
    writes.remove(
      'Delete a position and its factor; refused while employees use it (manageSettings)',
      service.remove,
    ),
  );
});
