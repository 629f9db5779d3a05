import type { Level } from '@salary/shared/levels/levels.contract';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { baseSalaries, employees, levels } from '../../db/schema.ts';
import { namedListRepository } from '../../lib/named-list.repository.ts';
import { countRows, existingIds } from '../../lib/table.repository.ts';

const columns = { id: levels.id, name: levels.name, order: levels.order, version: levels.version };

export function createLevelsRepository(db: DbOrTx) {
  return {
    ...namedListRepository(db, {
      table: levels,
      /** Order ascending; equal orders keep creation order so the list never jitters. */
      select: (on, where): Promise<Level[]> =>
        on.select(columns).from(levels).where(where).orderBy(asc(levels.order), asc(levels.id)),
    }),
    existingIds: (ids: number[], tx: DbOrTx = db): Promise<Set<number>> => existingIds(tx, levels, ids),
    countEmployees: (levelId: number, tx: DbOrTx = db): Promise<number> =>
      countRows(tx, employees, eq(employees.levelId, levelId)),
    countBaseSalaries: (levelId: number, tx: DbOrTx = db): Promise<number> =>
      countRows(tx, baseSalaries, eq(baseSalaries.levelId, levelId)),
  };
}

export type LevelsRepository = ReturnType<typeof createLevelsRepository>;
