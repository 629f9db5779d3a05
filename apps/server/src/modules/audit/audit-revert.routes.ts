import { entryRevertResult } from '@salary/shared/audit/entry-revert.contract';
import { importRevertResult } from '@salary/shared/audit/import-revert.contract';
import { idParam } from '@salary/shared/common/envelope';
import { z } from 'zod';
import { moduleRoutes } from '../../lib/module-routes.ts';
import { ok } from '../../lib/reply.ts';

const DESCRIPTION =
  'The id is the audit entry whose write is put back, all or nothing, in one transaction with its own ' +
  "audit entry and pay-history rows. An employee's delete: the employee is restored under the same id " +
  'with every field, custom multiplier and day (admin or deleteEmployee; entry action "restore"). A dated ' +
  "rule's write (a base salary's or adjustment factor's create, update or delete, the base-salary grid's " +
  'save, a settings save): on its own day (past, today or scheduled) each rule has the version it had before ' +
  'it again, a later version untouched, with back pay counted for a past day (admin; entry action "revert", ' +
  "details.revertOf). A reorder of grades or levels: the orders before it. Any other rule's update (job, " +
  "position, grade, level): the values before it written back through the record's own update. An import: " +
  'its employees created are deleted and the changed ones restored ' +
  '(admin; answers importId, deleted, restored). 400 NOT_REVERTABLE for any other entry; 409 CHANGED_SINCE ' +
  '(a later write touched the record or, for a dated rule, any version of the same rule; data.later names ' +
  'each), 409 REFERENCE_GONE (a job, position, grade, ' +
  'level or custom multiplier it needs is gone), 409 ID_TAKEN; an import answers its own 409s ' +
  '(IMPORT_ALREADY_REVERTED, IMPORT_TOUCHED_LATER, IMPORT_REFERENCE_GONE). Nothing is written on a refusal.';

/** Revert and Restore on an entry of the Audit Log. */
export const auditRevertRoutes = moduleRoutes('entryRevert', 'audit', (app, service, doc) => {
  app.post(
    '/audit/:id/revert',
    doc(
      "Revert an audit entry's write: restore a deleted employee, undo an edit, a rule change, a grid cell's create or delete, a reorder or an import",
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
