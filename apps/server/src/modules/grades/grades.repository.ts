import type { Grade } from '@salary/shared/grades/grades.contract';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { grades } from '../../db/schema.ts';

const columns = { id: grades.id, name: grades.name, order: grades.order };

export function createGradesRepository(db: DbOrTx) {
  return {
    /** Order ascending; equal orders keep creation order so the list never jitters. */
    async list(): Promise<Grade[]> {
      return db.select(columns).from(grades).orderBy(asc(grades.order), asc(grades.id));
    },
    async findById(id: number): Promise<Grade | undefined> {
      const [row] = await db.select(columns).from(grades).where(eq(grades.id, id)).limit(1);
      return row;
    },
    /** Case-insensitive, as the unique index compares names. */
    async findByName(name: string, exceptId?: number): Promise<Grade | undefined> {
      const [row] = await db
        .select(columns)
        .from(grades)
        .where(
          and(
            sql`lower(${grades.name}) = lower(${name})`,
            exceptId === undefined ? undefined : ne(grades.id, exceptId),
          ),
        )
        .limit(1);
      return row;
    },
    async count(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(grades);
      return row?.n ?? 0;
    },
    async existingIds(ids: number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db.select({ id: grades.id }).from(grades).where(inArray(grades.id, ids));
      return new Set(rows.map((r) => r.id));
    },
    async insert(input: { name: string; order: number }): Promise<Grade> {
      const [row] = await db.insert(grades).values(input).returning(columns);
      return row!;
    },
    async update(id: number, input: { name?: string; order?: number }): Promise<Grade | undefined> {
      const [row] = await db.update(grades).set(input).where(eq(grades.id, id)).returning(columns);
      return row;
    },
  };
}

export type GradesRepository = ReturnType<typeof createGradesRepository>;
