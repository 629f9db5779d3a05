import type { Level } from '@salary/shared/levels/levels.contract';
import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { levels } from '../../db/schema.ts';
import { namedListRepository } from '../../lib/named-list.repository.ts';

const columns = { id: levels.id, name: levels.name };

export function createLevelsRepository(db: DbOrTx) {
  return namedListRepository(db, {
    table: levels,
    /** Creation order: levels have no order column, and people add them junior to senior. */
    select: (on, where): Promise<Level[]> =>
      on.select(columns).from(levels).where(where).orderBy(asc(levels.id)),
  });
}

export type LevelsRepository = ReturnType<typeof createLevelsRepository>;
