import { importRevertResult } from '@salary/shared/audit/import-revert.contract';
import { idParam } from '@salary/shared/common/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { routeDoc } from '../../lib/route-doc.ts';

const DESCRIPTION =
  "The id is the import's audit entry. All or nothing, in one transaction with its own audit entry " +
  '(action "revert") and pay-history rows. 400 NOT_AN_IMPORT for any other entry; 409 ' +
  'IMPORT_ALREADY_REVERTED; 409 IMPORT_TOUCHED_LATER when a later change touched one of its ' +
  'employees (data.employees names each: id, name, at, by, action), nothing written; 409 ' +
  'IMPORT_REFERENCE_GONE when an earlier job, position, grade or level was deleted since.';

/** "Revert this import" from the Audit Log: the route answers for an import's audit entry. */
export const importRevertRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.importRevert;

  app.post(
    '/audit/:id/revert',
    routeDoc('audit')(
      'Revert an import: delete the employees it created, restore the ones it changed (admin)',
      importRevertResult,
      { description: DESCRIPTION, params: idParam },
    ),
    async (request) =>
      ok(await service.revertImport(request.unitOfWork, request.actor, request.params.id), 'Import reverted'),
  );
};
