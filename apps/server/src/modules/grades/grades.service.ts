import type { Actor } from '@salary/shared/common/permissions';
import type { Grade, GradeChanges, GradeOrder, NewGrade } from '@salary/shared/grades/grades.contract';
import { baseSalariesUse, namedListRules } from '../../lib/named-list.service.ts';
import { reorderList } from '../../lib/ordered-list.service.ts';
import type { RepositoryOn, UnitOfWork } from '../../lib/unit-of-work.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { GradesRepository } from './grades.repository.ts';

/** A named list with an order of its own: a new grade goes last, and grades reorder together. */
export function createGradesService(deps: {
  grades: RepositoryOn<GradesRepository>;
  audit: Pick<AuditService, 'record' | 'staleVersion'>;
}) {
  const grades = deps.grades();
  const rules = namedListRules(deps.grades, { noun: 'grade', audit: deps.audit });
  const reorder = reorderList(deps.grades, {
    audit: deps.audit,
    noun: 'Grade',
    plural: 'Grades',
    field: 'grades',
  });

  return {
    list: (): Promise<Grade[]> => grades.list(),

    async create(uow: UnitOfWork, actor: Actor, input: NewGrade): Promise<Grade> {
      rules.requireWriter(actor);
      // A new grade goes last unless told otherwise.
      const order = input.order ?? (await deps.grades(uow.tx).count());
      return rules.create(uow, actor, { name: input.name, order });
    },

    update: (uow: UnitOfWork, actor: Actor, id: number, input: GradeChanges): Promise<Grade> =>
      rules.update(uow, actor, id, { name: input.name, order: input.order }, {}, input.version),

    /** Every pair or none: one unknown id leaves all orders as they were. */
    async reorder(uow: UnitOfWork, actor: Actor, input: GradeOrder): Promise<Grade[]> {
      rules.requireWriter(actor);
      return reorder(uow, input.grades);
    },

    /** Refused (409, naming them) while employees or base salaries use the grade. */
    remove: (uow: UnitOfWork, actor: Actor, id: number, version?: number): Promise<void> =>
      rules.removeUnlessAssigned(
        uow,
        actor,
        id,
        grades.countEmployees,
        baseSalariesUse(grades.countBaseSalaries),
        version,
      ),
  };
}
