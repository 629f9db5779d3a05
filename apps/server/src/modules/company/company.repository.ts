import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { company } from '../../db/schema.ts';

export type CompanyRow = typeof company.$inferSelect;

/** What a save writes; a null name or zone keeps following COMPANY_NAME and the server's zone. */
export interface CompanyValues {
  name: string | null;
  currency: string;
  locale: string;
  timeZone: string | null;
  /** numeric(5,2) as text. */
  standardWeeklyHours: string;
}

const COMPANY_ID = 1;

/** The company record: one row, created by the first save (migration 0011). */
export function createCompanyRepository(db: DbOrTx) {
  const byId = eq(company.id, COMPANY_ID);
  return {
    /** The stored row, or undefined before the first save. */
    async get(): Promise<CompanyRow | undefined> {
      const [row] = await db.select().from(company).where(byId).limit(1);
      return row;
    },

    /**
     * Writes the record and bumps `version` in one compare-and-set statement: of two saves from
     * the same version exactly one matches. Before the first save the record reads as version
     * 1, so the missing row is created at version 1 first. Undefined when `expectedVersion` is
     * not the stored one; without it the save always applies.
     */
    async update(values: CompanyValues, expectedVersion?: number): Promise<CompanyRow | undefined> {
      await db.insert(company).values({ id: COMPANY_ID }).onConflictDoNothing();
      const where = expectedVersion === undefined ? byId : and(byId, eq(company.version, expectedVersion));
      const [row] = await db
        .update(company)
        .set({ ...values, version: sql`${company.version} + 1`, updatedAt: new Date() })
        .where(where)
        .returning();
      return row;
    },
  };
}

export type CompanyRepository = ReturnType<typeof createCompanyRepository>;
