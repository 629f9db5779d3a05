import type { Actor } from '@salary/shared/common/permissions';
import type { Grade, GradeChanges, GradeOrder, NewGrade } from '@salary/shared/grades/grades.contract';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict } from '../../lib/app-error.ts';
import { namedListRules } from '../../lib/named-list.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { createGradesRepository } from './grades.repository.ts';

const GRADE_NOT_FOUND = 'Grade not found';

/** A named list with an order of its own: a new grade goes last, and grades reorder together. */
export function createGradesService(deps: { db: Db; audit: Pick<AuditService, 'record'> }) {
  const { db } = deps;
  const grades = createGradesRepository(db);
  const rules = namedListRules(grades, { noun: 'grade', audit: deps.audit });

  return {
    list: (): Promise<Grade[]> => grades.list(),

    async create(actor: Actor, input: NewGrade): Promise<Grade> {
      rules.requireWriter(actor);
      // A new grade goes last unless told otherwise (spec §9).
      const order = input.order ?? (await grades.count());
      return rules.create(actor, { name: input.name, order });
    },

    update: (actor: Actor, id: number, input: GradeChanges): Promise<Grade> =>
      rules.update(actor, id, { name: input.name, order: input.order }),

    /** Every pair or none: one unknown id leaves all orders as they were. */
    async reorder(actor: Actor, input: GradeOrder): Promise<Grade[]> {
      rules.requireWriter(actor);
      return db.transaction(async (tx) => {
        const before = new Map((await grades.list(tx)).map((g) => [g.id, g.order]));
        const known = await grades.existingIds(
          input.grades.map((g) => g.id),
          tx,
        );
        const unknown = input.grades.flatMap((g, index) =>
          known.has(g.id) ? [] : [{ field: `grades.${index}.id`, message: `Grade ${g.id} not found` }],
        );
        if (unknown.length > 0) throw badRequest(GRADE_NOT_FOUND, unknown);
        for (const { id, order } of input.grades) await grades.update(id, { order }, tx);
        const after = await grades.list(tx);
        // A partial reorder must not put a grade on the order of one it did not move.
        const moved = new Set(input.grades.map((g) => g.id));
        for (const grade of after) {
          if (!moved.has(grade.id)) continue;
          const other = after.find((g) => g.id !== grade.id && g.order === grade.order);
          if (other)
            throw conflict(`Grades "${grade.name}" and "${other.name}" would share order ${grade.order}`);
        }
        await deps.audit.record({
          action: 'reorder',
          entityType: 'grade',
          entityId: null,
          label: 'Grades',
          changes: after
            .filter((g) => moved.has(g.id) && before.get(g.id) !== g.order)
            .map((g) => ({ field: `${g.name}.order`, before: before.get(g.id) ?? null, after: g.order })),
        });
        return after;
      });
    },
  };
}
