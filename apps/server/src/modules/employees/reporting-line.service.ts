import { type Actor, inTeam, teamScoped } from '@salary/shared/common/permissions';
import { badRequest, forbidden, notFound } from '../../lib/app-error.ts';
import { requirePermission } from '../../lib/authorize.ts';
import type { RepositoryOn, UnitOfWork } from '../../lib/unit-of-work.ts';
import type { EmployeeEntry } from './employee-audit.model.ts';
import { authorOf } from './employees.service.ts';
import type { ReportingLineRepository } from './reporting-line.repository.ts';

export const NO_SUCH_MANAGER = 'Manager must be an employee of the directory';
export const OWN_MANAGER = 'An employee cannot report to themselves';
export const TEAM_ONLY = 'Your access is limited to your own team';

/** "Ana Díaz already reports to Bo Berg": the loop a manager would make. */
export const loopMessage = (manager: string, employee: string) =>
  `${manager} already reports to ${employee}, directly or through others: choose someone outside ${employee}'s team`;

/**
 * The reporting line: an employee's manager (set here, with manageEmployee) and a user's team,
 * which Own team only limits the user to (plugins/team-scope.plugin.ts).
 */
export function createReportingLineService(deps: {
  reportingLine: RepositoryOn<ReportingLineRepository>;
  /** Records an employee's entry (the audit's service: services.ts hands it in). */
  audit: { record(uow: UnitOfWork, entry: EmployeeEntry): Promise<unknown> };
}) {
  const line = deps.reportingLine();
  return {
    /** Everyone who reports to employee `id`, directly or not. */
    team: (id: number): Promise<number[]> => line.teamOf(id),

    async setManager(uow: UnitOfWork, actor: Actor, id: number, managerId: number | null): Promise<void> {
      requirePermission(actor, 'manageEmployee');
      const repo = deps.reportingLine(uow.tx);
      const was = await repo.managerOf(id);
      const name = await repo.nameOf(id);
      if (was === undefined || name === undefined) throw notFound('Employee not found');
      if (managerId === id) throw badRequest(OWN_MANAGER, [{ field: 'managerId', message: OWN_MANAGER }]);
      const managerName = managerId === null ? null : await repo.nameOf(managerId);
      if (managerName === undefined)
        throw badRequest(NO_SUCH_MANAGER, [{ field: 'managerId', message: NO_SUCH_MANAGER }]);
      // A user limited to a team moves people only within it (or to report to themselves).
      if (
        teamScoped(actor) &&
        managerId !== null &&
        managerId !== actor.employeeId &&
        !inTeam(actor, managerId)
      )
        throw forbidden(TEAM_ONLY);
      if (managerId !== null && (await repo.chainAbove(managerId)).includes(id)) {
        const message = loopMessage(managerName as string, name);
        throw badRequest(message, [{ field: 'managerId', message }]);
      }
      if (was === managerId) return;
      await repo.setManager(id, managerId, authorOf(actor));
      const before = was === null ? null : ((await repo.nameOf(was)) ?? null);
      await deps.audit.record(uow, {
        action: 'update',
        entityType: 'employee',
        entityId: id,
        label: `Employee ${name}`,
        changes: [{ field: 'manager', before, after: managerName }],
      });
    },
  };
}

export type ReportingLineService = ReturnType<typeof createReportingLineService>;
