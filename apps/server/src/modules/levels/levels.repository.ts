import type { Level } from '@salary/shared/levels/levels.contract';
import type { DbOrTx } from '../../db/client.ts';
import { baseSalaries, employees, levels } from '../../db/schema.ts';
import { orderedListRepository } from '../../lib/named-list.repository.ts';

export function createLevelsRepository(db: DbOrTx) {
  return orderedListRepository<typeof levels, Level>(db, levels, {
    employees: employees.levelId,
    baseSalaries: baseSalaries.levelId,
  });
}

export type LevelsRepository = ReturnType<typeof createLevelsRepository>;
