import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditEntries, payHistory, users } from '../../db/schema.ts';

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

/** One figure move; money as numbers (two decimals), null = no base salary / no employee. */
export interface PayMove {
  employeeId: number;
  grossBefore: number | null;
  grossAfter: number | null;
  costBefore: number | null;
  costAfter: number | null;
}

export interface AuditFilters {
  entityType?: string;
  entityId?: string;
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
  grossBefore: string | null;
  grossAfter: string | null;
  costBefore: string | null;
  costAfter: string | null;
  entry: AuditEntryRow;
}

/** History rows go in as one statement per chunk (a json array of arrays). */
const HISTORY_CHUNK = 50_000;

/** Append-only: nothing here updates or deletes an entry or a history row. */
export function createAuditRepository(db: DbOrTx) {
  return {
    async insert(entry: NewAuditEntry): Promise<number> {
      const [row] = await db.insert(auditEntries).values(entry).returning({ id: auditEntries.id });
      if (!row) throw new Error('audit insert: no row');
      return row.id;
    },

    async insertHistory(auditId: number, moves: PayMove[]): Promise<void> {
      // Five array literals (one bind parameter each) unnested: no per-row JSON to parse.
      const array = (values: (number | null)[]) =>
        `{${values.map((v) => (v === null ? 'NULL' : v)).join(',')}}`;
      for (let i = 0; i < moves.length; i += HISTORY_CHUNK) {
        const chunk = moves.slice(i, i + HISTORY_CHUNK);
        await db.execute(sql`
          insert into ${payHistory} (employee_id, gross_before, gross_after, cost_before, cost_after, audit_id)
          select e, gb, ga, cb, ca, ${auditId}
          from unnest(${array(chunk.map((m) => m.employeeId))}::int[],
            ${array(chunk.map((m) => m.grossBefore))}::numeric[], ${array(chunk.map((m) => m.grossAfter))}::numeric[],
            ${array(chunk.map((m) => m.costBefore))}::numeric[], ${array(chunk.map((m) => m.costAfter))}::numeric[])
            as v(e, gb, ga, cb, ca)
        `);
      }
    },

    /** The id of the user with this email (any letter case), to use the actor index. */
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
        .select({
          id: payHistory.id,
          at: payHistory.at,
          auditId: payHistory.auditId,
          grossBefore: payHistory.grossBefore,
          grossAfter: payHistory.grossAfter,
          costBefore: payHistory.costBefore,
          costAfter: payHistory.costAfter,
          entry: auditEntries,
        })
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
        .select({
          id: payHistory.id,
          employeeId: payHistory.employeeId,
          at: payHistory.at,
          auditId: payHistory.auditId,
          grossBefore: payHistory.grossBefore,
          grossAfter: payHistory.grossAfter,
          costBefore: payHistory.costBefore,
          costAfter: payHistory.costAfter,
          entry: auditEntries,
        })
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
