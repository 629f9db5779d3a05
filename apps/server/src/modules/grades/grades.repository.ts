import type { Grade } from '@salary/shared/grades/grades.contract';
import { asc, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { grades } from '../../db/schema.ts';
import { namedListRepository } from '../../lib/named-list.repository.ts';

const columns = { id: grades.id, name: grades.name, order: grades.order };

export function createGradesRepository(db: DbOrTx) {
  return {
    ...namedListRepository(db, {
      table: grades,
      /** Order ascending; equal orders keep creation order so the list never jitters. */
      select: (on, where): Promise<Grade[]> =>
        on.select(columns).from(grades).where(where).orderBy(asc(grades.order), asc(grades.id)),
    }),
    async existingIds(ids: number[], tx: DbOrTx = db): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await tx.select({ id: grades.id }).from(grades).where(inArray(grades.id, ids));
      return new Set(rows.map((r) => r.id));
    },
  };
}

export type GradesRepository = ReturnType<typeof createGradesRepository>;
