import { todayIn } from '@salary/shared/common/calendar-day';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { company, employeeVersions, ruleVersions } from '../../db/schema.ts';
import { idIn } from '../../db/sql-arrays.ts';
import { serverTimeZone } from '../../lib/time-zone.ts';

/*
 * What back pay reads besides the priced employees: the days within a period on which a
 * dated version starts (a figure may move that day), and the company's today.
 */
export function createBackPayRepository(db: DbOrTx) {
  return {
    /**
     * The days after `from` and before `to` on which an employee's version starts (only those
     * of `ids` when given), each with its employee.
     */
    async employeeDays(
      from: string,
      to: string,
      ids?: readonly number[],
    ): Promise<{ day: string; id: number }[]> {
      return db
        .select({ day: employeeVersions.effectiveFrom, id: employeeVersions.employeeId })
        .from(employeeVersions)
        .where(
          and(
            sql`${employeeVersions.effectiveFrom} > ${from}::date`,
            sql`${employeeVersions.effectiveFrom} < ${to}::date`,
            ids ? idIn(employeeVersions.employeeId, ids) : undefined,
          ),
        );
    },

    /**
     * The days after `from` and before `to` on which anyone's figures may move: a dated rule's
     * first day (docs/decisions/0026).
     */
    async changeDays(from: string, to: string): Promise<string[]> {
      const rows = await db
        .selectDistinct({ day: ruleVersions.effectiveFrom })
        .from(ruleVersions)
        .where(
          and(
            sql`${ruleVersions.effectiveFrom} > ${from}::date`,
            sql`${ruleVersions.effectiveFrom} < ${to}::date`,
          ),
        );
      return rows.map((r) => r.day);
    },

    /** The company's today (the day in its time zone). */
    async today(): Promise<string> {
      const rows = await db.select({ timeZone: company.timeZone }).from(company).where(eq(company.id, 1));
      return todayIn(rows[0]?.timeZone || serverTimeZone());
    },
  };
}

export type BackPayRepository = ReturnType<typeof createBackPayRepository>;
