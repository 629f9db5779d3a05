import type { Cents } from '@salary/shared/common/money';
import { BASE_MULTIPLIERS, type MultiplierType } from '@salary/shared/settings/settings.contract';
import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { driverRows } from '../../db/driver-query.ts';
import { auditEmployeeChanges, auditEntries, payHistory, users } from '../../db/schema.ts';
import { numberArray, textArray } from '../../db/sql-arrays.ts';
import { parsedJson } from '../../lib/parsed-json.ts';
import { emptyNames, type Names } from './change-words.model.ts';

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** What an entry says; `at` and `id` come from the database. */
export interface NewAuditEntry {
  actorId: number | null;
  actorEmail: string;
  action: string;
  entityType: string;
  entityId: string | null;
  changes: { field: string; before: unknown; after: unknown }[];
  details: Record<string, unknown> | null;
}

export type AuditEntryRow = typeof auditEntries.$inferSelect;

const INSERT_ENTRY = {
  name: 'audit-insert-entry',
  text: `insert into audit_entries (actor_id, actor_email, action, entity_type, entity_id, changes, details)
    values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb) returning id`,
};

/** The same with an id reserved before (reserveId): an entry whose rows went in first. */
const INSERT_RESERVED_ENTRY = {
  name: 'audit-insert-reserved-entry',
  text: `insert into audit_entries (actor_id, actor_email, action, entity_type, entity_id, changes, details, id)
    values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8) returning id`,
};

/** One figure move, in cents; null = no base salary / no employee. */
export interface PayMove {
  employeeId: number;
  grossBefore: Cents | null;
  grossAfter: Cents | null;
  costBefore: Cents | null;
  costAfter: Cents | null;
}

export interface AuditFilters {
  entityType?: string;
  entityId?: string;
  /** Part of the entry's label (the record's name as it was then), any letter case. */
  record?: string;
  actorId?: number;
  actorEmail?: string;
  from?: Date;
  to?: Date;
  before?: number;
  limit: number;
}

export interface PayHistoryRead {
  id: number;
  at: Date;
  auditId: number;
  grossBefore: Cents | null;
  grossAfter: Cents | null;
  costBefore: Cents | null;
  costAfter: Cents | null;
  entry: AuditEntryRow;
}

/**
 * History rows go in as one statement per chunk (five array parameters). Chunks of 10,000
 * history rows and of 5,000 change rows (below), instead of 50,000 and 20,000: each
 * statement's text is a few hundred KB instead of several MB, and the 100,000-employee create
 * import peaked at +188–225 MB above idle instead of +230–266 (PGlite, three pairs, 25 Nov), in
 * the same time.
 */
const HISTORY_CHUNK = 10_000;

/** One employee an import (or revert) created or changed, with its field changes. */
export interface EmployeeChanges {
  id: number;
  name: string;
  changes: { field: string; before: unknown; after: unknown }[];
}

/** Employee change rows go in as one statement per chunk: three array parameters. */
const CHANGES_CHUNK = 5_000;

/*
 * An employee's changes as stored, compact: the bytes are most of the cost (PGlite takes
 * ~25 ms per MB a statement carries, so 100,000 created employees written as
 * {field, before, after} objects — 72 MB — took 3.5–4.5 s). Fields are numbered by the entry's
 * `details.employeeFields`; a created employee (every `before` null) is {"a": [after of each
 * field, null where it has none]}, a changed one [[field number, before, after], …].
 */
type StoredChanges = { a: unknown[] } | [number, unknown, unknown][];

/** One employee's changes encoded for its row (employeeChangesEncoder). */
export interface StoredEmployeeChanges {
  id: number;
  name: string;
  /** The compact JSON text. */
  changes: string;
}

/** Encodes change lists for rows numbered by `fields` (the entry's `details.employeeFields`). */
export function employeeChangesEncoder(
  fields: readonly string[],
): (changes: EmployeeChanges['changes']) => string {
  const index = new Map(fields.map((f, i) => [f, i]));
  return (changes) => JSON.stringify(encodeChanges(changes, index));
}

function encodeChanges(changes: EmployeeChanges['changes'], index: Map<string, number>): StoredChanges {
  // The short form keeps the field order of the entry's list: used when the row's is the same.
  if (
    changes.every(
      (c, i) => c.before === null && (i === 0 || index.get(changes[i - 1]!.field)! < index.get(c.field)!),
    )
  ) {
    const a: unknown[] = new Array(index.size).fill(null);
    for (const c of changes) a[index.get(c.field)!] = c.after;
    return { a };
  }
  return changes.map((c) => [index.get(c.field)!, c.before, c.after]);
}

function decodeChanges(stored: StoredChanges, fields: readonly string[]): EmployeeChanges['changes'] {
  if (Array.isArray(stored))
    return stored.map(([i, before, after]) => ({ field: fields[i] ?? String(i), before, after }));
  const changes: EmployeeChanges['changes'] = [];
  stored.a.forEach((after, i) => {
    if (after !== null) changes.push({ field: fields[i] ?? String(i), before: null, after });
  });
  return changes;
}

/** Append-only: nothing here updates or deletes an entry or a history row. */
/** A pay-history row as read, with the entry that caused it. */
const HISTORY_READ = {
  id: payHistory.id,
  at: payHistory.at,
  auditId: payHistory.auditId,
  grossBefore: payHistory.grossBefore,
  grossAfter: payHistory.grossAfter,
  costBefore: payHistory.costBefore,
  costAfter: payHistory.costAfter,
  entry: auditEntries,
};

export function createAuditRepository(db: DbOrTx) {
  return {
    /** `id`: one from reserveId, else the next. */
    async insert(entry: NewAuditEntry, id?: number): Promise<number> {
      // Every audited write runs this once: a fixed statement, not the query builder
      // (db/driver-query.ts; bench/audit.ts, "single-row write").
      const values = [
        entry.actorId,
        entry.actorEmail,
        entry.action,
        entry.entityType,
        entry.entityId,
        JSON.stringify(entry.changes),
        entry.details === null ? null : JSON.stringify(entry.details),
      ];
      const [row] = await driverRows<{ id: number | string }>(
        db,
        id === undefined ? INSERT_ENTRY : INSERT_RESERVED_ENTRY,
        id === undefined ? values : [...values, id],
      );
      if (!row) throw new Error('audit insert: no row');
      return Number(row.id);
    },

    /**
     * An entry id taken now for an entry inserted later (`insert(entry, id)`): its employee
     * change rows (no foreign key) can go in before it. Pay-history rows must follow it.
     */
    async reserveId(): Promise<number> {
      const result = await db.execute(
        sql`select nextval(pg_get_serial_sequence('audit_entries', 'id'))::text as id`,
      );
      return Number((result as unknown as { rows: Array<{ id: string }> }).rows[0]!.id);
    },

    async insertHistory(auditId: number, moves: PayMove[]): Promise<void> {
      // Five array literals (one bind parameter each) unnested: no per-row JSON to parse.
      const array = numberArray;
      for (let i = 0; i < moves.length; i += HISTORY_CHUNK) {
        const chunk = moves.slice(i, i + HISTORY_CHUNK);
        await db.execute(sql`
          insert into ${payHistory} (employee_id, gross_before, gross_after, cost_before, cost_after, audit_id)
          select e, gb, ga, cb, ca, ${auditId}
          from unnest(${array(chunk.map((m) => m.employeeId))}::int[],
            ${array(chunk.map((m) => m.grossBefore))}::bigint[], ${array(chunk.map((m) => m.grossAfter))}::bigint[],
            ${array(chunk.map((m) => m.costBefore))}::bigint[], ${array(chunk.map((m) => m.costAfter))}::bigint[])
            as v(e, gb, ga, cb, ca)
        `);
      }
    },

    async insertEmployeeChanges(auditId: number, employees: readonly StoredEmployeeChanges[]): Promise<void> {
      for (let i = 0; i < employees.length; i += CHANGES_CHUNK) {
        const chunk = employees.slice(i, i + CHANGES_CHUNK);
        await db.execute(sql`
          insert into ${auditEmployeeChanges} (audit_id, employee_id, name, changes)
          select ${auditId}, e, n, c::json
          from unnest(${numberArray(chunk.map((e) => e.id))}::int[],
            ${textArray(chunk.map((e) => e.name))}::text[],
            ${textArray(chunk.map((e) => e.changes))}::text[]) as v(e, n, c)
        `);
      }
    },

    /**
     * The employees each entry created or changed, by id; at most `limit` per entry (the Audit
     * Log shows the first ones), all of them without.
     */
    async employeeChangesOf(auditIds: number[], limit?: number): Promise<Map<number, EmployeeChanges[]>> {
      const found = new Map<number, EmployeeChanges[]>();
      if (!auditIds.length) return found;
      const rows = (await db.execute(sql`
        select a.id as "auditId", a.details->'employeeFields' as "fields",
          c.employee_id as "id", c.name, c.changes
        from ${auditEntries} a
        cross join lateral (
          select employee_id, name, changes from ${auditEmployeeChanges}
          where audit_id = a.id order by employee_id ${limit === undefined ? sql`` : sql`limit ${limit}`}
        ) c
        where a.id = any(${numberArray(auditIds)}::bigint[])
        order by a.id, c.employee_id
      `)) as unknown as {
        rows: Array<{
          auditId: number | string;
          fields: unknown;
          id: number;
          name: string;
          changes: unknown;
        }>;
      };
      for (const r of rows.rows) {
        const auditId = Number(r.auditId);
        const fields = parsedJson(r.fields as string[], []);
        const list = found.get(auditId) ?? [];
        list.push({
          id: r.id,
          name: r.name,
          changes: decodeChanges(parsedJson(r.changes as StoredChanges, []), fields),
        });
        found.set(auditId, list);
      }
      return found;
    },

    /**
     * The last `count` changes of one record, newest first: who made each, when, and the
     * fields it changed (the API's names). An employee's are its own entries and the imports
     * and reverts that changed it (kept beside their entries); a rule's, its entries, and with
     * `grouped` the entries of writes of many rows at once (a grid save, a reorder) that list
     * the record in `details.ids`: they changed its `grouped` field. What a stale save's 409
     * says changed since the form was read (each write bumps the version once).
     */
    async changesOf(
      record: { entityType: string; entityId: number; grouped?: string },
      count: number,
    ): Promise<Array<{ by: string; at: Date; fields: string[] }>> {
      if (count <= 0) return [];
      const own = sql`select a.id, a.actor_email, a.at, a.changes, null::json as "employeeChanges",
          null::jsonb as "employeeFields"
        from ${auditEntries} a
        where a.entity_type = ${record.entityType} and a.entity_id = ${String(record.entityId)}`;
      const viaImports =
        record.entityType === 'employee'
          ? sql` union all select a.id, a.actor_email, a.at, null::jsonb, c.changes, a.details->'employeeFields'
              from ${auditEmployeeChanges} c join ${auditEntries} a on a.id = c.audit_id
              where c.employee_id = ${record.entityId}`
          : sql``;
      const viaGroups = record.grouped
        ? sql` union all select a.id, a.actor_email, a.at,
              jsonb_build_array(jsonb_build_object('field', ${record.grouped}::text)), null::json, null::jsonb
            from ${auditEntries} a
            where a.entity_type = ${record.entityType} and a.entity_id is null
              and a.details->'ids' @> to_jsonb(${record.entityId}::int)`
        : sql``;
      const rows = (await db.execute(
        sql`select * from (${own}${viaImports}${viaGroups}) r order by id desc limit ${count}`,
      )) as unknown as {
        rows: Array<{
          actor_email: string;
          at: Date | string;
          changes: unknown;
          employeeChanges: unknown;
          employeeFields: unknown;
        }>;
      };
      return rows.rows.map((r) => {
        const changes =
          r.employeeChanges !== null && r.employeeChanges !== undefined
            ? decodeChanges(
                parsedJson(r.employeeChanges as StoredChanges, []),
                parsedJson(r.employeeFields as string[], []),
              )
            : parsedJson(r.changes as Array<{ field: string }>, []);
        return { by: r.actor_email, at: new Date(r.at), fields: [...new Set(changes.map((c) => c.field))] };
      });
    },

    /**
     * The names changes refer to by id, as they are now (one statement): jobs, positions,
     * grades, levels, custom multipliers (title, type) and the base multipliers' types.
     */
    async names(): Promise<Omit<Names, 'format'>> {
      const result = (await db.execute(sql`
        select 'jobs' as kind, id::text as key, name, null as type from jobs
        union all select 'positions', id::text, name, null from positions
        union all select 'grades', id::text, name, null from grades
        union all select 'levels', id::text, name, null from levels
        union all select 'custom', m->>'id', m->>'title', m->>'type'
          from settings s cross join lateral jsonb_array_elements(s.custom_multipliers) m
        union all select 'type', t.key, null, t.value
          from settings s cross join lateral jsonb_each_text(
            jsonb_build_object(${sql.join(
              BASE_MULTIPLIERS.map((m) => sql`${m.key}::text, ${sql.identifier(snake(m.typeKey))}`),
              sql`, `,
            )})) t
      `)) as unknown as {
        rows: Array<{ kind: string; key: string; name: string | null; type: string | null }>;
      };
      const { format: _default, ...names } = emptyNames();
      for (const r of result.rows) {
        if (r.kind === 'custom')
          names.customMultipliers.set(r.key, { title: r.name ?? '', type: r.type as MultiplierType });
        else if (r.kind === 'type') names.multiplierTypes[r.key] = r.type as MultiplierType;
        else names[r.kind as 'jobs'].set(Number(r.key), r.name ?? '');
      }
      return names;
    },

    /** The id of the user with this email (any letter case), to use the actor index. */
    /** One entry by its id, or undefined. */
    async entry(id: number): Promise<AuditEntryRow | undefined> {
      const [row] = await db.select().from(auditEntries).where(eq(auditEntries.id, id));
      return row;
    },

    async userIdByEmail(email: string): Promise<number | undefined> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
      return row?.id;
    },

    /**
     * Newest first, keyset on (at, id) — each filter's index ends in those two (schema.ts) —
     * `limit + 1` rows so the caller knows whether more follow. No count of the table.
     */
    async list(filters: AuditFilters): Promise<AuditEntryRow[]> {
      const where: (SQL | undefined)[] = [];
      if (filters.entityType) where.push(eq(auditEntries.entityType, filters.entityType));
      if (filters.entityId) where.push(eq(auditEntries.entityId, filters.entityId));
      if (filters.record)
        where.push(sql`strpos(lower(${auditEntries.details}->>'label'), lower(${filters.record})) > 0`);
      if (filters.actorId !== undefined) where.push(eq(auditEntries.actorId, filters.actorId));
      if (filters.actorEmail)
        where.push(sql`lower(${auditEntries.actorEmail}) = lower(${filters.actorEmail})`);
      if (filters.from) where.push(gte(auditEntries.at, filters.from));
      if (filters.to) where.push(lt(auditEntries.at, filters.to));
      // Older than the cursor's entry in (at, id): one row comparison the indexes range-scan.
      // A cursor that names no entry ("entries before id N", as the pay history's links to a
      // cause ask: ?before=<its id + 1>) takes the time of the newest entry below it.
      if (filters.before !== undefined)
        where.push(
          sql`(${auditEntries.at}, ${auditEntries.id}) < (coalesce((select c.at from ${auditEntries} c where c.id = ${filters.before}), (select c.at from ${auditEntries} c where c.id < ${filters.before} order by c.id desc limit 1)), ${filters.before})`,
        );
      return db
        .select()
        .from(auditEntries)
        .where(and(...where))
        .orderBy(desc(auditEntries.at), desc(auditEntries.id))
        .limit(filters.limit + 1);
    },

    /** An employee's pay history, oldest first, each row with the entry that caused it. */
    async historyOf(employeeId: number): Promise<PayHistoryRead[]> {
      const rows = await db
        .select(HISTORY_READ)
        .from(payHistory)
        .innerJoin(auditEntries, eq(auditEntries.id, payHistory.auditId))
        .where(eq(payHistory.employeeId, employeeId))
        .orderBy(payHistory.id);
      return rows;
    },

    /** Pay history of many employees (the export's second sheet), by employee then time. */
    async historyOfMany(employeeIds: number[]): Promise<(PayHistoryRead & { employeeId: number })[]> {
      if (!employeeIds.length) return [];
      return db
        .select({ ...HISTORY_READ, employeeId: payHistory.employeeId })
        .from(payHistory)
        .innerJoin(auditEntries, eq(auditEntries.id, payHistory.auditId))
        .where(
          sql`${payHistory.employeeId} in (select json_array_elements_text(${JSON.stringify(employeeIds)}::json)::int)`,
        )
        .orderBy(payHistory.employeeId, payHistory.id);
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
