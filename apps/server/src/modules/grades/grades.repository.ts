import type { Grade } from '@salary/shared/grades/grades.contract';
import type { DbOrTx } from '../../db/client.ts';
import { baseSalaries, employees, grades } from '../../db/schema.ts';
import { orderedListRepository } from '../../lib/named-list.repository.ts';

export function createGradesRepository(db: DbOrTx) {
  return orderedListRepository<typeof grades, Grade>(db, grades, {
    employees: employees.gradeId,
    baseSalaries: baseSalaries.gradeId,
  });
}

export type GradesRepository = ReturnType<typeof createGradesRepository>;
