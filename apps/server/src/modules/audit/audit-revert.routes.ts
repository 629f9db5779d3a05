import { entryRevertResult } from '@salary/shared/audit/entry-revert.contract';
import { importRevertResult } from '@salary/shared/audit/import-revert.contract';
import { idParam } from '@salary/shared/common/envelope';
import { z } from 'zod';
import { moduleRoutes } from '../../lib/module-routes.ts';
import { ok } from '../../lib/reply.ts';

const DESCRIPTION =
  'The id is the audit entry whose write is put back, all or nothing, in one transaction with its own ' +
  "audit entry and pay-history rows. An employee's delete: the employee is restored under the same id " +
  'with every field, custom multiplier and day (admin or deleteEmployee; entry action "restore"). An employee\'s ' +
  "edit or a rule's update (job, position, grade, level, base salary, adjustment factor, settings): the " +
  'values before it are written back through the record\'s own update (admin; entry action "revert", ' +
  'details.revertOf). An import: its employees created are deleted and the changed ones restored ' +
  '(admin; answers importId, deleted, restored). 400 NOT_REVERTABLE for any other entry; 409 CHANGED_SINCE ' +
  '(a later write touched the record; data.later names each), 409 REFERENCE_GONE (a job, position, grade, ' +
  'level or custom multiplier it needs is gone), 409 ID_TAKEN; an import answers its own 409s ' +
  '(IMPORT_ALREADY_REVERTED, IMPORT_TOUCHED_LATER, IMPORT_REFERENCE_GONE). Nothing is written on a refusal.';

/** Revert and Restore on an entry of the Audit Log. */
export const auditRevertRoutes = moduleRoutes('entryRevert', 'audit', (app, service, doc) => {
  app.post(
    '/audit/:id/revert',
    doc(
      "Revert an audit entry's write: restore a deleted employee, undo an edit, a rule change or an import",
      z.union([entryRevertResult, importRevertResult]),
      { description: DESCRIPTION, params: idParam },
    ),
    async (request) => {
      const result = await service.revert(request.unitOfWork, request.actor, request.params.id);
      const message =
        'importId' in result
          ? 'Import reverted'
          : result.action === 'restore'
            ? 'Employee restored'
            : 'Change reverted';
      return ok(result, message);
    },
  );
});
