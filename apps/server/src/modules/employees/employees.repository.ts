import type { EmployeeInput } from '@salary/shared/employees/employee.contract';
import { EMPLOYEE_FIELDS, type EmployeeField } from '@salary/shared/employees/employee-fields';
import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { KEEP_DAY, unnestRows } from '../../db/employee-arrays.ts';
import { employees } from '../../db/schema.ts';
import { numberArray, textArray } from '../../db/sql-arrays.ts';
import { currentSnapshot } from '../../lib/snapshot.repository.ts';
import { countRows, lockedVersion } from '../../lib/table.repository.ts';
import { companyToday, type EmployeeRecord, listSnapshot, recordsOf } from './employee.model.ts';
import { companyTimeZone, type ListPage, listColumns, type RowFilters } from './employee-list.repository.ts';
import { createEmployeeVersionsRepository } from './employee-versions.repository.ts';

const FIELDS = EMPLOYEE_FIELDS;

/** Optional fields (gender): absent on a write keeps the stored value, or takes the default. */
const isOptional = (f: EmployeeField) => !f.required;
const defaultLiteral = (f: EmployeeField) =>
  'sqlDefault' in f ? `(${f.sqlDefault})` : `'${String(f.formDefault).replace(/'/g, "''")}'`;

/** A field's value as the database takes it (years as exact numeric text). */
function dbValue(field: EmployeeField, input: EmployeeInput): unknown {
  const value = input[field.input];
  if (field.kind === 'years') return (value as number).toFixed(2);
  if (field.kind === 'hours') return value === undefined ? undefined : (value as number).toFixed(2);
  return value;
}

// Column lists built once from the field list; the identifiers are ours, never input.
const INSERT_COLUMNS = sql.raw([...FIELDS.map((f) => f.column), 'custom_multipliers'].join(', '));
/** The unnested columns' values: optional ones left out take their default. */
const INSERT_VALUES = sql.raw(
  [
    ...FIELDS.map((f) =>
      f.kind === 'date'
        ? `nullif(v.${f.column}, '${KEEP_DAY}')`
        : isOptional(f)
          ? `coalesce(v.${f.column}, ${defaultLiteral(f)})`
          : `v.${f.column}`,
    ),
    'v.custom_multipliers::jsonb',
  ].join(', '),
);
/** The SET list of a set-based update writing `fields` (the rest keep their values). */
const updateSet = (fields: readonly EmployeeField[]) =>
  sql.raw(
    fields
      .map((f) =>
        f.kind === 'date'
          ? `${f.column} = case when v.${f.column} = '${KEEP_DAY}' then employees.${f.column} else v.${f.column} end`
          : isOptional(f)
            ? `${f.column} = coalesce(v.${f.column}, employees.${f.column})`
            : `${f.column} = v.${f.column}`,
      )
      .join(', '),
  );

/**
 * The fields an update of these rows must write: those some row lists as changed, when every
 * row lists them; every field otherwise.
 */
function changedFields(rows: ReadonlyArray<{ changed?: ReadonlyArray<{ field: string }> }>): EmployeeField[] {
  const named = new Set<string>();
  for (const r of rows) {
    if (!r.changed) return [...FIELDS];
    for (const c of r.changed) named.add(c.field);
  }
  return FIELDS.filter((f) => named.has(f.wire));
}

/** Rows per insert or update statement (insertMany, updateMany). */
const INSERT_CHUNK = 20_000;

const values = (input: EmployeeInput) =>
  ({
    ...Object.fromEntries(FIELDS.map((f) => [f.input, dbValue(f, input)])),
    customMultipliers: input.customMultiplierIds,
  }) as typeof employees.$inferInsert;

/** A new employee's fields whose default is the company's (the hours), where `input` leaves them out. */
const defaultsOf = (input: EmployeeInput) =>
  Object.fromEntries(
    FIELDS.flatMap((f) =>
      'sqlDefault' in f && input[f.input] === undefined ? [[f.input, sql.raw(`(${f.sqlDefault})`)]] : [],
    ),
  ) as Partial<typeof employees.$inferInsert>;

export function createEmployeesRepository(db: DbOrTx) {
  /** Every write of a row keeps the employee's versions in step (employee-versions.repository.ts). */
  const versions = createEmployeeVersionsRepository(db);
  return {
    /** All matching employees, ordered by id, in ONE statement (one snapshot). */
    async list(filters: RowFilters = {}): Promise<EmployeeRecord[]> {
      return (await this.listAt(filters)).employees;
    },

    /** The list and the snapshot it was read at. */
    async listAt(
      filters: RowFilters = {},
      page?: ListPage,
    ): Promise<{ employees: EmployeeRecord[]; snapshot: string }> {
      const [row] = await db.select(listColumns(filters, page)).from(sql`(select 1) as one`);
      return { employees: recordsOf(row, filters.asOf), snapshot: listSnapshot(row!) };
    },

    /**
     * The snapshot the database is at now, with the company's today (see SnapshotCache and
     * `listSnapshot`): what a list read now would answer.
     */
    async snapshot(): Promise<string> {
      const [row] = await db
        .select({ snapshot: currentSnapshot, timeZone: companyTimeZone })
        .from(sql`(select 1) as one`);
      return listSnapshot(row!);
    },

    /** The company's today, the day derived years count to (the import's records). */
    async today(): Promise<string> {
      const [row] = await db.select({ timeZone: companyTimeZone }).from(sql`(select 1) as one`);
      return companyToday(row?.timeZone);
    },

    async findById(id: number): Promise<EmployeeRecord | undefined> {
      const [row] = await this.list({ id });
      return row;
    },

    async exists(id: number): Promise<boolean> {
      const [row] = await db
        .select({ id: employees.id })
        .from(employees)
        .where(eq(employees.id, id))
        .limit(1);
      return Boolean(row);
    },

    /**
     * The employee's version, locked until the transaction ends (`FOR UPDATE`): a save that
     * checks it writes before anyone else can move it. Undefined when there is no such employee.
     */
    lockedVersion: (id: number) => lockedVersion(db, employees, id),

    /** The employee's version as stored now (what a form reads with the record). */
    async versionOf(id: number): Promise<number | undefined> {
      const [row] = await db
        .select({ version: employees.version })
        .from(employees)
        .where(eq(employees.id, id));
      return row?.version;
    },

    /** A new employee starts at version 1; `by` is the email of who created it. */
    async insert(input: EmployeeInput, by: string | null = null): Promise<number> {
      const [row] = await db
        .insert(employees)
        .values({ ...values(input), ...defaultsOf(input), version: 1, updatedBy: by })
        .returning({ id: employees.id });
      await versions.firstVersions([row!.id], by);
      return row!.id;
    },

    /**
     * `count` new employee ids from the table's sequence, ascending, in one statement (one
     * text value, not `count` rows): the import knows its new employees' ids before it writes
     * them, so it can work out their pay and audit rows while the insert runs.
     */
    async newIds(count: number): Promise<number[]> {
      if (count <= 0) return [];
      const result = await db.execute(sql`
        select string_agg(nextval(pg_get_serial_sequence('employees', 'id'))::text, ',') as ids
        from generate_series(1, ${count}::int)
      `);
      const text = (result as unknown as { rows: Array<{ ids: string }> }).rows[0]!.ids;
      return text
        .split(',')
        .map(Number)
        .sort((a, b) => a - b);
    },

    /**
     * Many employees set-based, one statement per 20,000 (the Excel import, the demo seed):
     * each statement's rows travel as one array per column (no per-row bind parameters, no
     * 65k-parameter limit). Each starts at version 1, `by` (an email) as its author. The ids
     * are `ids` (from `newIds`, in the inputs' order) or new ones; answers them.
     */
    async insertMany(inputs: EmployeeInput[], by: string | null = null, ids?: number[]): Promise<number[]> {
      const all = ids ?? (await this.newIds(inputs.length));
      if (all.length !== inputs.length) throw new Error('insertMany: one id per employee');
      // 20,000 rows a statement: one 100,000-row parameter grew PGlite's memory (which
      // never shrinks) by ~150 MB for the statement's parse.
      for (let i = 0; i < inputs.length; i += INSERT_CHUNK) {
        const rows = inputs.slice(i, i + INSERT_CHUNK);
        const id = { column: 'id', type: 'int', values: numberArray(all.slice(i, i + INSERT_CHUNK)) };
        const custom = {
          column: 'custom_multipliers',
          type: 'text',
          values: textArray(rows.map((e) => JSON.stringify(e.customMultiplierIds))),
        };
        await db.execute(sql`
          insert into ${employees} (id, ${INSERT_COLUMNS}, version, updated_by)
          select v.id, ${INSERT_VALUES}, 1, ${by}::text
          from ${unnestRows(rows, id, custom)}
        `);
        await versions.firstVersions(all.slice(i, i + INSERT_CHUNK), by);
      }
      return all;
    },

    /** Every update bumps the employee's version and records who made it (`by`, an email). */
    async update(id: number, input: EmployeeInput, by: string | null = null): Promise<boolean> {
      const rows = await db
        .update(employees)
        .set({
          ...values(input),
          updatedAt: new Date(),
          version: sql`${employees.version} + 1`,
          updatedBy: by,
        })
        .where(eq(employees.id, id))
        .returning({ id: employees.id });
      return rows.length > 0;
    },

    /**
     * Many updates in a few statements (the Excel import): each chunk of 20,000 travels as
     * one array per column. The rows go by id, and each statement names its chunk's id range,
     * so the database joins the chunk with that range of employees, not with all of them (on
     * PGlite it hashed all 100,000 employees once per chunk: ~0.35 s of updating 100,000).
     * A row may say which of its fields differ from the stored ones (`changed`, the API's
     * names, as the import's plan lists them): when every row of a chunk does, only the
     * columns some row changes are sent and written, the others keep what they hold (which
     * is what those rows say). Custom multipliers are left as they are; each version is
     * bumped and `by` (an email) recorded. Answers how many were updated.
     */
    async updateMany(
      rows: Array<{
        id: number;
        employee: Omit<EmployeeInput, 'customMultiplierIds'>;
        changed?: ReadonlyArray<{ field: string }>;
      }>,
      by: string | null = null,
    ): Promise<number> {
      let updated = 0;
      const byId = [...rows].sort((a, b) => a.id - b.id);
      const today = byId.length ? await this.today() : '';
      for (let i = 0; i < byId.length; i += INSERT_CHUNK) {
        const chunk = byId.slice(i, i + INSERT_CHUNK);
        const fields = changedFields(chunk);
        const ids = { column: 'id', type: 'int', values: numberArray(chunk.map((r) => r.id)) };
        const result = await db.execute(sql`
          with written as (
            update ${employees} set ${fields.length ? sql`${updateSet(fields)}, ` : sql``}updated_at = now(),
              version = ${employees.version} + 1, updated_by = ${by}::text
            from ${unnestRows(
              chunk.map((r) => r.employee),
              ids,
              null,
              fields,
            )}
            where ${employees.id} = v.id
              and ${employees.id} between ${chunk[0]!.id} and ${chunk[chunk.length - 1]!.id}
            returning 1
          )
          select count(*)::int as n from written
        `);
        updated += (result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0;
        // What the rows now hold is their version from today on (a version still to come stays).
        if (fields.length)
          await versions.recordRows(
            chunk.map((r) => r.id),
            today,
            by,
          );
      }
      return updated;
    },

    async delete(id: number): Promise<boolean> {
      const rows = await db.delete(employees).where(eq(employees.id, id)).returning({ id: employees.id });
      return rows.length > 0;
    },

    count: (): Promise<number> => countRows(db, employees),

    async existingIds(ids: number[]): Promise<Set<number>> {
      const found = new Set<number>();
      for (let i = 0; i < ids.length; i += 10_000) {
        const rows = await db
          .select({ id: employees.id })
          .from(employees)
          .where(inArray(employees.id, ids.slice(i, i + 10_000)));
        for (const r of rows) found.add(r.id);
      }
      return found;
    },
  };
}

export type EmployeesRepository = ReturnType<typeof createEmployeesRepository>;
