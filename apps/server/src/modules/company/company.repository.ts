import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { company } from '../../db/schema.ts';
import { saveSingleRecord } from '../../lib/table.repository.ts';

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

    /** The record written, version bumped (lib/table.repository.ts); undefined on a stale `expectedVersion`. */
    update(values: CompanyValues, expectedVersion?: number): Promise<CompanyRow | undefined> {
      return saveSingleRecord(db, company, COMPANY_ID, values, expectedVersion);
    },
  };
}

export type CompanyRepository = ReturnType<typeof createCompanyRepository>;
