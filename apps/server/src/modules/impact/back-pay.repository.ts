import { todayIn } from '@salary/shared/common/calendar-day';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { company, employees, employeeVersions, ruleVersions } from '../../db/schema.ts';
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

    /**
     * The employees who were ever on one of these (grade, level) or (job, position) pairs, today
     * or in any version (a superset of those a base salary's or factor's write can move), and the
     * pairs of the stored rows `baseSalaryIds` and `factorIds`. Ids ascending.
     */
    async employeesOn(pairs: {
      gradeLevels: Array<[number, number]>;
      jobPositions: Array<[number, number]>;
      baseSalaryIds: number[];
      factorIds: number[];
    }): Promise<number[]> {
      const gl = sql.join(
        [
          ...pairs.gradeLevels.map(([g, l]) => sql`(v.grade_id = ${g} and v.level_id = ${l})`),
          ...pairs.baseSalaryIds.map(
            (id) =>
              sql`(v.grade_id, v.level_id) in (select grade_id, level_id from base_salaries where id = ${id})`,
          ),
          ...pairs.jobPositions.map(([j, p]) => sql`(v.job_id = ${j} and v.position_id = ${p})`),
          ...pairs.factorIds.map(
            (id) =>
              sql`(v.job_id, v.position_id) in (select job_id, position_id from adjustment_factors where id = ${id})`,
          ),
          sql`false`,
        ],
        sql` or `,
      );
      // Today's row and every version (an employee never changed on a day may have none).
      const result = (await db.execute(
        sql`select v.id from ${employees} v where ${gl}
          union select v.employee_id from ${employeeVersions} v where ${gl} order by 1`,
      )) as unknown as { rows: Array<{ id: number }> };
      return result.rows.map((r) => Number(r.id));
    },

    /** The company's today (the day in its time zone). */
    async today(): Promise<string> {
      const rows = await db.select({ timeZone: company.timeZone }).from(company).where(eq(company.id, 1));
      return todayIn(rows[0]?.timeZone || serverTimeZone());
    },
  };
}

export type BackPayRepository = ReturnType<typeof createBackPayRepository>;
