import type { Actor } from '@salary/shared/common/permissions';
import type {
  createGradeBody,
  Grade,
  reorderGradesBody,
  updateGradeBody,
} from '@salary/shared/grades/grades.contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { requirePermission } from '../../lib/authorize.ts';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../lib/pg-errors.ts';
import { createGradesRepository } from './grades.repository.ts';

type CreateInput = z.output<typeof createGradeBody>;
type UpdateInput = z.output<typeof updateGradeBody>;
type ReorderInput = z.output<typeof reorderGradesBody>;

const GRADE_NOT_FOUND = 'Grade not found';
const duplicate = (name: string) => conflict(`A grade named "${name}" already exists`);

export function createGradesService(deps: { db: Db }) {
  const { db } = deps;
  const grades = createGradesRepository(db);

  async function ensureNameFree(name: string, exceptId?: number): Promise<void> {
    const existing = await grades.findByName(name, exceptId);
    if (existing) throw duplicate(existing.name);
  }

  /** The unique index decides races; the lookups before only word the common case kindly. */
  async function write<T>(name: string | undefined, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (name !== undefined && pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw duplicate(name);
      throw error;
    }
  }

  return {
    list: (): Promise<Grade[]> => grades.list(),

    async create(actor: Actor, input: CreateInput): Promise<Grade> {
      requirePermission(actor, 'manageSettings');
      await ensureNameFree(input.name);
      // A new grade goes last unless told otherwise (spec §9).
      const order = input.order ?? (await grades.count());
      return write(input.name, () => grades.insert({ name: input.name, order }));
    },

    async update(actor: Actor, id: number, input: UpdateInput): Promise<Grade> {
      requirePermission(actor, 'manageSettings');
      if (!(await grades.findById(id))) throw notFound(GRADE_NOT_FOUND);
      if (input.name !== undefined) await ensureNameFree(input.name, id);
      const row = await write(input.name, () => grades.update(id, { name: input.name, order: input.order }));
      if (!row) throw notFound(GRADE_NOT_FOUND);
      return row;
    },

    /** Every pair or none: one unknown id leaves all orders as they were. */
    async reorder(actor: Actor, input: ReorderInput): Promise<Grade[]> {
      requirePermission(actor, 'manageSettings');
      return db.transaction(async (tx) => {
        const repo = createGradesRepository(tx);
        const known = await repo.existingIds(input.grades.map((g) => g.id));
        const unknown = input.grades.flatMap((g, index) =>
          known.has(g.id) ? [] : [{ field: `grades.${index}.id`, message: `Grade ${g.id} not found` }],
        );
        if (unknown.length > 0) throw badRequest(GRADE_NOT_FOUND, unknown);
        for (const { id, order } of input.grades) await repo.update(id, { order });
        const after = await repo.list();
        // A partial reorder must not put a grade on the order of one it did not move.
        const moved = new Set(input.grades.map((g) => g.id));
        for (const grade of after) {
          if (!moved.has(grade.id)) continue;
          const other = after.find((g) => g.id !== grade.id && g.order === grade.order);
          if (other)
            throw conflict(`Grades "${grade.name}" and "${other.name}" would share order ${grade.order}`);
        }
        return after;
      });
    },
  };
}
