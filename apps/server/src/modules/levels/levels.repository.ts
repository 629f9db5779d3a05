import type { Level } from '@salary/shared/levels/levels.contract';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { levels } from '../../db/schema.ts';

const columns = { id: levels.id, name: levels.name };

export function createLevelsRepository(db: DbOrTx) {
  return {
    /** Creation order: levels have no order column, and people add them junior to senior. */
    async list(): Promise<Level[]> {
      return db.select(columns).from(levels).orderBy(asc(levels.id));
    },
    async findById(id: number): Promise<Level | undefined> {
      const [row] = await db.select(columns).from(levels).where(eq(levels.id, id)).limit(1);
      return row;
    },
    /** Case-insensitive, as the unique index compares names. */
    async findByName(name: string, exceptId?: number): Promise<Level | undefined> {
      const [row] = await db
        .select(columns)
        .from(levels)
        .where(
          and(
            sql`lower(${levels.name}) = lower(${name})`,
            exceptId === undefined ? undefined : ne(levels.id, exceptId),
          ),
        )
        .limit(1);
      return row;
    },
    async insert(name: string): Promise<Level> {
      const [row] = await db.insert(levels).values({ name }).returning(columns);
      return row!;
    },
    async rename(id: number, name: string): Promise<Level | undefined> {
      const [row] = await db.update(levels).set({ name }).where(eq(levels.id, id)).returning(columns);
      return row;
    },
  };
}

export type LevelsRepository = ReturnType<typeof createLevelsRepository>;
