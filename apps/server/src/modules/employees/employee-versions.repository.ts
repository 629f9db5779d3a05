import type { PayComponent } from '@salary/salary-engine/pay-components';
import type { EmployeeInput } from '@salary/shared/employees/employee.contract';
import { EMPLOYEE_FIELDS, type EmployeeField } from '@salary/shared/employees/employee-fields';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type ExtraColumn, unnestRows } from '../../db/employee-arrays.ts';
import { company, employees, employeeVersions } from '../../db/schema.ts';
import { idIn, jsonTextArray, numberArray } from '../../db/sql-arrays.ts';

/*
 * The employee's versions (docs/decisions/0025): the dated fields, one row per day they change.
 * The `employees` row holds the version in force today; every statement here keeps it so.
 */

/** The kinds of field that are dated: job, position, grade, level, the typed years, the flags, the hours. */
export const DATED_KINDS: ReadonlySet<EmployeeField['kind']> = new Set([
  'reference',
  'years',
  'flag',
  'hours',
]);
/** The fields that are dated. */
export const DATED_FIELDS: readonly EmployeeField[] = EMPLOYEE_FIELDS.filter((f) => DATED_KINDS.has(f.kind));
/** Numbers kept as exact numeric(5,2). */
const isDecimal = (f: EmployeeField) => f.kind === 'years' || f.kind === 'hours';
/** Their columns, and the custom multipliers and the employee's own pay components (dated too). */
const DATED_COLUMNS = [
  ...DATED_FIELDS.map((f) => f.column),
  'custom_multipliers',
  'pay_components',
  'excluded_benefits',
];
const COLUMNS = sql.raw(DATED_COLUMNS.join(', '));
const FROM_ROW = sql.raw(DATED_COLUMNS.map((c) => `e.${c}`).join(', '));
const FROM_VERSION = sql.raw(DATED_COLUMNS.map((c) => `v.${c}`).join(', '));
const SET_FROM_VERSION = sql.raw(DATED_COLUMNS.map((c) => `${c} = v.${c}`).join(', '));
const SET_EXCLUDED = sql.raw(DATED_COLUMNS.map((c) => `${c} = excluded.${c}`).join(', '));
const FROM_PREVIOUS = sql.raw(DATED_COLUMNS.map((c) => `p.${c}`).join(', '));

/**
 * A version's values from the unnested rows `v`: a field a row leaves out keeps its value in
 * `p`, the version in force that day (the hours with none: the company's standard).
 */
const FROM_WRITE_OR_DAY = sql.raw(
  [
    ...DATED_FIELDS.map(
      (f) => `coalesce(v.${f.column}, p.${f.column}${'sqlDefault' in f ? `, (${f.sqlDefault})` : ''})`,
    ),
    `coalesce(v.custom_multipliers::jsonb, p.custom_multipliers, '[]'::jsonb)`,
    `coalesce(v.pay_components::jsonb, p.pay_components, '[]'::jsonb)`,
    `coalesce(v.excluded_benefits::jsonb, p.excluded_benefits, '[]'::jsonb)`,
  ].join(', '),
);

/** Rows per statement of a write of many versions (one array per column each). */
const VERSION_CHUNK = 20_000;

/**
 * One employee's dated write: its id and the fields it sets (a field left out, the custom
 * multipliers or the own pay components, keeps the value in force that day).
 */
export interface DatedWrite {
  id: number;
  input: Partial<Omit<EmployeeInput, 'customMultiplierIds'>> & {
    customMultiplierIds?: string[];
    payComponents?: readonly PayComponent[];
    /** The company benefits not received, by name. */
    excludedBenefits?: readonly string[];
  };
}

/** The first version's day: before any other (PostgreSQL's date '-infinity'). */
export const FIRST_DAY = '-infinity';

/** The version of each employee in force on `day` (its latest version from that day or before). */
export const inForceOn = (day: string | SQL, where: SQL) => sql`(
  select distinct on (employee_id) * from ${employeeVersions}
  where effective_from <= ${day}::date and ${where}
  order by employee_id, effective_from desc)`;

/** One version as read: its day ('-infinity' for the first) and its dated fields. */
export interface VersionRow {
  id: number;
  employeeId: number;
  effectiveFrom: string;
  values: Record<string, unknown>;
  applied: boolean;
  recordedBy: string | null;
  recordedAt: string;
}

/**
 * A version as a delete keeps it (the delete entry's `details.versions`) and a restore puts it
 * back: its day, dated fields, whether the row had taken it, who recorded it and when.
 */
export type KeptVersion = Omit<VersionRow, 'id' | 'employeeId'>;

/** A waiting version with the one it replaces (the one in force the day before), for the list. */
export interface WaitingVersion extends VersionRow {
  employeeName: string;
  before: Record<string, unknown> | null;
}

/** A column of a chunk's JSON values, one a write (null: it keeps the value in force that day). */
const jsonColumn = (
  column: string,
  writes: readonly DatedWrite[],
  pick: (input: DatedWrite['input']) => unknown,
): ExtraColumn => ({
  column,
  type: 'text',
  values: jsonTextArray(
    writes.map((w) => {
      const value = pick(w.input);
      return value === undefined ? null : JSON.stringify(value);
    }),
  ),
});

type Raw = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Raw[] }).rows;

/** The dated fields of a version row (the API's names, years as numbers). */
function valuesOf(row: Raw, prefix = ''): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of DATED_FIELDS) {
    const v = row[`${prefix}${f.column}`];
    out[f.input] = isDecimal(f) && v !== null && v !== undefined ? Number(v) : v;
  }
  out.customMultiplierIds = row[`${prefix}custom_multipliers`];
  out.payComponents = row[`${prefix}pay_components`];
  out.excludedBenefits = row[`${prefix}excluded_benefits`];
  return out;
}

function versionOf(row: Raw): VersionRow {
  return {
    id: row.id as number,
    employeeId: row.employee_id as number,
    effectiveFrom: String(row.effective_from),
    values: valuesOf(row),
    applied: row.applied as boolean,
    recordedBy: (row.recorded_by as string | null) ?? null,
    recordedAt: new Date(row.recorded_at as string).toISOString(),
  };
}

/**
 * The dated fields of an input as SQL values, in DATED_COLUMNS' order. Hours not given (a
 * version kept before there were hours): the company's standard.
 */
function datedValues(
  input: EmployeeInput & { payComponents?: readonly PayComponent[]; excludedBenefits?: readonly string[] },
): SQL {
  const values = DATED_FIELDS.map((f) => {
    const v = input[f.input];
    if (v === undefined && 'sqlDefault' in f) return sql.raw(`(${f.sqlDefault})`);
    return isDecimal(f) ? sql`${(v as number).toFixed(2)}::numeric` : sql`${v}`;
  });
  values.push(sql`${JSON.stringify(input.customMultiplierIds)}::jsonb`);
  // A version kept before there were pay components has none.
  values.push(sql`${JSON.stringify(input.payComponents ?? [])}::jsonb`);
  // A version kept before there was a benefit choice receives every benefit.
  values.push(sql`${JSON.stringify(input.excludedBenefits ?? [])}::jsonb`);
  return sql.join(values, sql`, `);
}

export function createEmployeeVersionsRepository(db: DbOrTx) {
  async function onDay(employeeId: number, day: string): Promise<VersionRow | undefined> {
    const result = await db.execute(sql`
      select id, employee_id, effective_from::text as effective_from, ${COLUMNS}, applied, recorded_by, recorded_at
      from ${inForceOn(day, sql`employee_id = ${employeeId}`)} v`);
    const row = rowsOf(result)[0];
    return row ? versionOf(row) : undefined;
  }

  return {
    /**
     * The earliest day a waiting version starts (null: none waits) and the company's time zone,
     * in one statement: what a request checks before it reads (plugins/scheduled-versions.plugin.ts).
     */
    async nextWaiting(): Promise<{ next: string | null; timeZone: string | null }> {
      const result = await db.execute(sql`
        select (select min(effective_from)::text from ${employeeVersions} where not applied) as next,
               (select ${company.timeZone} from ${company} where ${company.id} = 1) as time_zone`);
      const row = rowsOf(result)[0] ?? {};
      return {
        next: (row.next as string | null) ?? null,
        timeZone: (row.time_zone as string | null) ?? null,
      };
    },

    /**
     * A version of each of these employees from `day` on: a version already starting that day
     * is replaced, the others (before and after) stay. `applied`: whether the rows take it now.
     * Set-based: one statement per 20,000 employees, each column one array.
     */
    async writeManyAt(
      rows: readonly DatedWrite[],
      day: string,
      by: string | null,
      applied: boolean,
    ): Promise<void> {
      for (let i = 0; i < rows.length; i += VERSION_CHUNK) {
        const chunk = rows.slice(i, i + VERSION_CHUNK);
        const ids = { column: 'id', type: 'int', values: numberArray(chunk.map((r) => r.id)) };
        const custom = jsonColumn('custom_multipliers', chunk, (input) => input.customMultiplierIds);
        const components = jsonColumn('pay_components', chunk, (input) => input.payComponents);
        const excluded = jsonColumn('excluded_benefits', chunk, (input) => input.excludedBenefits);
        await db.execute(sql`
          insert into ${employeeVersions} (employee_id, effective_from, ${COLUMNS}, applied, recorded_by)
          select v.id, ${day}::date, ${FROM_WRITE_OR_DAY}, ${applied}, ${by}::text
          from ${unnestRows(
            chunk.map((r) => r.input as EmployeeInput),
            ids,
            [custom, components, excluded],
            DATED_FIELDS,
          )}
          left join lateral (select * from ${employeeVersions} p
            where p.employee_id = v.id and p.effective_from <= ${day}::date
            order by p.effective_from desc limit 1) p on true
          on conflict (employee_id, effective_from) do update set ${SET_EXCLUDED},
            applied = excluded.applied, recorded_by = excluded.recorded_by, recorded_at = now()`);
      }
    },

    /** One employee's version from `day` on (`writeManyAt` of one: the demo seed's history). */
    writeAt(employeeId: number, day: string, input: EmployeeInput, by: string | null, applied: boolean) {
      return this.writeManyAt([{ id: employeeId, input }], day, by, applied);
    },

    /**
     * The dated write of these employees from `day` (docs/decisions/0025), the one path of every
     * dated employee write — one employee's (PUT /employees/{id}?effectiveFrom=) and an import's:
     * a version each from that day up to the next one (`writeManyAt`), waiting when the day is
     * still to come; from a past day the rows then take their version in force `today` (a later
     * version already come keeps holding). The undated fields are the caller's to write.
     * `bump`: from today or a past day, the rows take their version in force today as a write of
     * their own (their version moves, `updated_by` is the version's author; `applyToRows`), once.
     */
    async writeFrom(
      rows: readonly DatedWrite[],
      day: string,
      today: string,
      by: string | null,
      bump = false,
    ): Promise<void> {
      if (!rows.length) return;
      await this.writeManyAt(rows, day, by, day <= today);
      if (day < today || (bump && day === today))
        await this.applyToRows(
          rows.map((r) => r.id),
          today,
          bump,
        );
    },

    /**
     * Removes the versions of these employees starting on `day` that change nothing (the same
     * fields as the version before them): what a revert leaves where an import added a version.
     * Answers how many went.
     */
    async dropUnchanged(ids: readonly number[], day: string): Promise<number> {
      if (!ids.length) return 0;
      const result = await db.execute(sql`
        delete from ${employeeVersions} w
        where ${idIn(sql`w.employee_id`, ids)} and w.effective_from = ${day}::date
          and exists (select 1 from (select * from ${employeeVersions} p
              where p.employee_id = w.employee_id and p.effective_from < w.effective_from
              order by p.effective_from desc limit 1) p
            where (${sql.raw(DATED_COLUMNS.map((c) => `w.${c}`).join(', '))}) is not distinct from (${FROM_PREVIOUS}))
        returning 1`);
      return rowsOf(result).length;
    },

    /** The first version of each of these employees, from their rows (a create, the import's inserts). */
    async firstVersions(ids: readonly number[], by: string | null): Promise<void> {
      if (!ids.length) return;
      await db.execute(sql`
        insert into ${employeeVersions} (employee_id, effective_from, ${COLUMNS}, recorded_by)
        select e.id, ${FIRST_DAY}::date, ${FROM_ROW}, ${by}::text from ${employees} e
        where ${idIn(sql`e.id`, ids)}
        on conflict (employee_id, effective_from) do nothing`);
    },

    /**
     * After a write of the rows themselves (the import's updates, a revert): where a row's
     * dated fields are no longer those of its version in force `today`, they become its version
     * from `today` (versions still to come stay).
     */
    async recordRows(ids: readonly number[], today: string, by: string | null): Promise<void> {
      if (!ids.length) return;
      await db.execute(sql`
        insert into ${employeeVersions} (employee_id, effective_from, ${COLUMNS}, recorded_by)
        select e.id, case when v.employee_id is null then ${FIRST_DAY}::date else ${today}::date end,
          ${FROM_ROW}, ${by}::text
        from ${employees} e
        left join ${inForceOn(today, idIn(sql`employee_id`, ids))} v on v.employee_id = e.id
        where ${idIn(sql`e.id`, ids)} and (v.employee_id is null or (${FROM_ROW}) is distinct from (${FROM_VERSION}))
        on conflict (employee_id, effective_from) do update set ${SET_EXCLUDED},
          applied = true, recorded_by = excluded.recorded_by, recorded_at = now()`);
    },

    /**
     * Copies into the rows of these employees their version in force `today`; `bump`: a write
     * of its own (the version moves, `updated_by` is the version's author). Answers the ids.
     */
    async applyToRows(ids: readonly number[], today: string, bump: boolean): Promise<number[]> {
      if (!ids.length) return [];
      const result = await db.execute(sql`
        update ${employees} e set ${SET_FROM_VERSION}${
          bump ? sql`, version = e.version + 1, updated_at = now(), updated_by = v.recorded_by` : sql``
        }
        from ${inForceOn(today, idIn(sql`employee_id`, ids))} v
        where e.id = v.employee_id
        returning e.id`);
      return rowsOf(result).map((r) => r.id as number);
    },

    /** The employees with a waiting version whose day has come by `today`. */
    async dueIds(today: string): Promise<number[]> {
      const result = await db.execute(sql`
        select distinct employee_id from ${employeeVersions} where not applied and effective_from <= ${today}::date
        order by employee_id`);
      return rowsOf(result).map((r) => r.employee_id as number);
    },

    /** Marks the waiting versions whose day has come by `today` as taken by the rows. */
    async markApplied(today: string): Promise<number> {
      const result = await db.execute(sql`
        update ${employeeVersions} set applied = true where not applied and effective_from <= ${today}::date
        returning 1`);
      return rowsOf(result).length;
    },

    /** The version of one employee in force on `day` (undefined: none). */
    onDay,

    /**
     * The versions of a restored employee exactly as its delete kept them (day, fields,
     * applied, who and when), in place of the first version its insert gave it.
     */
    async putBack(employeeId: number, kept: readonly KeptVersion[]): Promise<void> {
      if (!kept.length) return;
      await db.execute(sql`delete from ${employeeVersions} where employee_id = ${employeeId}`);
      const rows = kept.map(
        (
          v,
        ) => sql`(${employeeId}, ${v.effectiveFrom}::date, ${datedValues(v.values as unknown as EmployeeInput)},
          ${v.applied}, ${v.recordedBy}::text, ${v.recordedAt}::timestamptz)`,
      );
      await db.execute(sql`
        insert into ${employeeVersions} (employee_id, effective_from, ${COLUMNS}, applied, recorded_by, recorded_at)
        values ${sql.join(rows, sql`, `)}`);
    },

    /** Every version of one employee, oldest first. */
    async ofEmployee(employeeId: number): Promise<VersionRow[]> {
      const result = await db.execute(sql`
        select id, employee_id, effective_from::text as effective_from, ${COLUMNS}, applied, recorded_by, recorded_at
        from ${employeeVersions} where employee_id = ${employeeId} order by effective_from`);
      return rowsOf(result).map(versionOf);
    },

    /** The versions still waiting for their day, each with the one in force the day before it. */
    async waiting(): Promise<WaitingVersion[]> {
      const result = await db.execute(sql`
        select w.id, w.employee_id, w.effective_from::text as effective_from, ${sql.raw(
          DATED_COLUMNS.map((c) => `w.${c}`).join(', '),
        )}, w.applied, w.recorded_by, w.recorded_at, e.name as employee_name,
          ${sql.raw(DATED_COLUMNS.map((c) => `p.${c} as before_${c}`).join(', '))}, p.id as before_id
        from ${employeeVersions} w
        join ${employees} e on e.id = w.employee_id
        left join lateral (
          select * from ${employeeVersions} p
          where p.employee_id = w.employee_id and p.effective_from < w.effective_from
          order by p.effective_from desc limit 1) p on true
        where not w.applied
        order by w.effective_from, e.name, w.id`);
      return rowsOf(result).map((row) => ({
        ...versionOf(row),
        employeeName: row.employee_name as string,
        before: row.before_id === null ? null : valuesOf(row, 'before_'),
      }));
    },

    /** Deletes a version still waiting for its day; answers it (undefined: no such waiting version). */
    async cancelWaiting(id: number, today: string): Promise<VersionRow | undefined> {
      const result = await db.execute(sql`
        delete from ${employeeVersions} where id = ${id} and not applied and effective_from > ${today}::date
        returning id, employee_id, effective_from::text as effective_from, ${COLUMNS}, applied, recorded_by, recorded_at`);
      const row = rowsOf(result)[0];
      return row ? versionOf(row) : undefined;
    },

    /** A version by id, waiting or not (undefined: none). */
    async byId(id: number): Promise<VersionRow | undefined> {
      const result = await db.execute(sql`
        select id, employee_id, effective_from::text as effective_from, ${COLUMNS}, applied, recorded_by, recorded_at
        from ${employeeVersions} where id = ${id}`);
      const row = rowsOf(result)[0];
      return row ? versionOf(row) : undefined;
    },
  };
}

export type EmployeeVersionsRepository = ReturnType<typeof createEmployeeVersionsRepository>;
