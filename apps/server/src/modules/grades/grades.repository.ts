import type { Grade } from '@salary/shared/grades/grades.contract';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { baseSalaries, employees, grades } from '../../db/schema.ts';
import { namedListRepository } from '../../lib/named-list.repository.ts';
import { countRows, existingIds } from '../../lib/table.repository.ts';

const columns = { id: grades.id, name: grades.name, order: grades.order, version: grades.version };

export function createGradesRepository(db: DbOrTx) {
  return {
    ...namedListRepository(db, {
      table: grades,
      /** Order ascending; equal orders keep creation order so the list never jitters. */
      select: (on, where): Promise<Grade[]> =>
        on.select(columns).from(grades).where(where).orderBy(asc(grades.order), asc(grades.id)),
    }),
    existingIds: (ids: number[], tx: DbOrTx = db): Promise<Set<number>> => existingIds(tx, grades, ids),
    countEmployees: (gradeId: number, tx: DbOrTx = db): Promise<number> =>
      countRows(tx, employees, eq(employees.gradeId, gradeId)),
    countBaseSalaries: (gradeId: number, tx: DbOrTx = db): Promise<number> =>
      countRows(tx, baseSalaries, eq(baseSalaries.gradeId, gradeId)),
  };
}

export type GradesRepository = ReturnType<typeof createGradesRepository>;
