import type { Grade } from '@salary/shared/grades/grades.contract';
import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { grades } from '../../db/schema.ts';
import { namedListRepository } from '../../lib/named-list.repository.ts';
import { existingIds } from '../../lib/table.repository.ts';

const columns = { id: grades.id, name: grades.name, order: grades.order };

export function createGradesRepository(db: DbOrTx) {
  return {
    ...namedListRepository(db, {
      table: grades,
      /** Order ascending; equal orders keep creation order so the list never jitters. */
      select: (on, where): Promise<Grade[]> =>
        on.select(columns).from(grades).where(where).orderBy(asc(grades.order), asc(grades.id)),
    }),
    existingIds: (ids: number[], tx: DbOrTx = db): Promise<Set<number>> => existingIds(tx, grades, ids),
  };
}

export type GradesRepository = ReturnType<typeof createGradesRepository>;
