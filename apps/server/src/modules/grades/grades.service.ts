import type { Actor } from '@salary/shared/common/permissions';
import type { Grade, GradeChanges, GradeOrder, NewGrade } from '@salary/shared/grades/grades.contract';
import type { Db } from '../../db/client.ts';
import { baseSalariesUse, namedListRules } from '../../lib/named-list.service.ts';
import { reorderList } from '../../lib/ordered-list.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { createGradesRepository } from './grades.repository.ts';

/** A named list with an order of its own: a new grade goes last, and grades reorder together. */
export function createGradesService(deps: { db: Db; audit: Pick<AuditService, 'record' | 'staleVersion'> }) {
  const { db } = deps;
  const grades = createGradesRepository(db);
  const rules = namedListRules(grades, { noun: 'grade', audit: deps.audit });
  const reorder = reorderList(grades, {
    db,
    audit: deps.audit,
    noun: 'Grade',
    plural: 'Grades',
    field: 'grades',
  });

  return {
    list: (): Promise<Grade[]> => grades.list(),

    async create(actor: Actor, input: NewGrade): Promise<Grade> {
      rules.requireWriter(actor);
      // A new grade goes last unless told otherwise.
      const order = input.order ?? (await grades.count());
      return rules.create(actor, { name: input.name, order });
    },

    update: (actor: Actor, id: number, input: GradeChanges): Promise<Grade> =>
      rules.update(actor, id, { name: input.name, order: input.order }, {}, input.version),

    /** Every pair or none: one unknown id leaves all orders as they were. */
    async reorder(actor: Actor, input: GradeOrder): Promise<Grade[]> {
      rules.requireWriter(actor);
      return reorder(input.grades);
    },

    /** Refused (409, naming them) while employees or base salaries use the grade. */
    remove: (actor: Actor, id: number, version?: number): Promise<void> =>
      rules.removeUnlessAssigned(
        actor,
        db,
        id,
        grades.countEmployees,
        baseSalariesUse(grades.countBaseSalaries),
        version,
      ),
  };
}
