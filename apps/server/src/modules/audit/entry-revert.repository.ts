import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditEmployeeChanges, auditEntries } from '../../db/schema.ts';

/*
 * What reverting one audit entry reads from the trail: the entry itself (locked, so a second
 * revert of it waits for the first and then sees its entry), the later writes of the same
 * record, and the last entry of a record that is gone (it names it). The trail is only read
 * here: entries are written by the audit repository alone.
 */

export interface RevertedEntry {
  id: number;
  at: Date;
  actorEmail: string;
  action: string;
  entityType: string;
  entityId: string | null;
  changes: unknown;
  details: unknown;
}

/** A later write of the same record. */
export interface LaterWrite {
  id: number;
  at: Date;
  actorEmail: string;
  action: string;
}

type Row = { id: number | string; at: Date | string; actorEmail: string; action: string };

const toWrite = (r: Row): LaterWrite => ({
  id: Number(r.id),
  at: r.at instanceof Date ? r.at : new Date(r.at),
  actorEmail: r.actorEmail,
  action: r.action,
});

/**
 * Audit entry `id`, locked for this transaction: a second revert of the same entry (or the same
 * import) waits here until the first commits, then finds its revert. On PostgreSQL; PGlite has
 * one connection, where the lock is a no-op.
 */
export async function lockAuditEntry(db: DbOrTx, id: number): Promise<RevertedEntry | undefined> {
  const [row] = await db
    .select({
      id: auditEntries.id,
      at: auditEntries.at,
      actorEmail: auditEntries.actorEmail,
      action: auditEntries.action,
      entityType: auditEntries.entityType,
      entityId: auditEntries.entityId,
      changes: auditEntries.changes,
      details: auditEntries.details,
    })
    .from(auditEntries)
    .where(eq(auditEntries.id, id))
    .for('update');
  return row;
}

export function createEntryRevertRepository(db: DbOrTx) {
  return {
    lockEntry: (id: number) => lockAuditEntry(db, id),

    /**
     * Every write of the record after entry `afterId`, oldest first: its own entries (by type
     * and id; settings have no id), the saves of many rows that name it in `details.ids` (the
     * base-salary grid, a reorder), and for an employee the imports and import reverts whose
     * per-employee changes name it. (The entry of scheduled rule changes applied lists
     * versions in its `ids`, not rows: not a write of the row.)
     */
    async laterWrites(
      record: { entityType: string; entityId: string | null },
      afterId: number,
    ): Promise<LaterWrite[]> {
      const { entityType, entityId } = record;
      const own =
        entityId === null
          ? sql`a.entity_type = ${entityType} and a.entity_id is null`
          : sql`a.entity_type = ${entityType} and a.entity_id = ${entityId}`;
      const numeric = entityId !== null && /^\d+$/.test(entityId);
      const grouped = numeric
        ? sql` union all select a.id, a.at, a.actor_email as "actorEmail", a.action from ${auditEntries} a
            where a.id > ${afterId} and a.entity_type = ${entityType} and a.entity_id is null
              and a.details->'ids' @> to_jsonb(${Number(entityId)}::int)
              and a.details->'scheduledChangeApplied' is null`
        : sql``;
      const viaImports =
        numeric && entityType === 'employee'
          ? sql` union all select a.id, a.at, a.actor_email, a.action
              from ${auditEmployeeChanges} c join ${auditEntries} a on a.id = c.audit_id
              where c.audit_id > ${afterId} and c.employee_id = ${Number(entityId)}`
          : sql``;
      const result = await db.execute(sql`
        select * from (
          select a.id, a.at, a.actor_email as "actorEmail", a.action from ${auditEntries} a
          where a.id > ${afterId} and ${own}${grouped}${viaImports}
        ) r order by id limit 20`);
      return (result as unknown as { rows: Row[] }).rows.map(toWrite);
    },

    /**
     * Every entry after `afterId` that wrote a version of one of these dated rules (its
     * `details.ruleVersions` names the rule: a create, update, delete or grid save of it, a
     * settings save, a scheduled change cancelled, a revert), oldest first.
     */
    async laterRuleWrites(
      rules: ReadonlyArray<{ kind: string; key: Record<string, number> }>,
      afterId: number,
    ): Promise<LaterWrite[]> {
      if (!rules.length) return [];
      const wanted = JSON.stringify(rules.map((r) => ({ kind: r.kind, key: r.key })));
      const result = await db.execute(sql`
        select a.id, a.at, a.actor_email as "actorEmail", a.action from ${auditEntries} a
        where a.id > ${afterId} and a.entity_type in ('baseSalary', 'adjustmentFactor', 'settings')
          and jsonb_typeof(a.details->'ruleVersions') = 'array'
          and exists (
            select 1 from jsonb_array_elements(a.details->'ruleVersions') v, jsonb_array_elements(${wanted}::jsonb) w
            where v @> w)
        order by a.id limit 20`);
      return (result as unknown as { rows: Row[] }).rows.map(toWrite);
    },

    /** The newest entry about a record (a deleted job's delete names it), if any. */
    async lastEntryOf(
      entityType: string,
      entityId: number,
    ): Promise<{ changes: unknown; details: unknown } | undefined> {
      const [row] = await db
        .select({ changes: auditEntries.changes, details: auditEntries.details })
        .from(auditEntries)
        .where(
          sql`${auditEntries.entityType} = ${entityType} and ${auditEntries.entityId} = ${String(entityId)}`,
        )
        .orderBy(desc(auditEntries.id))
        .limit(1);
      return row;
    },
  };
}

export type EntryRevertRepository = ReturnType<typeof createEntryRevertRepository>;
