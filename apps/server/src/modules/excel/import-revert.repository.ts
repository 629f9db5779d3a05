import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditEmployeeChanges, auditEntries, employees } from '../../db/schema.ts';
import { lockAuditEntry } from '../audit/entry-revert.repository.ts';

/*
 * What "Revert this import" reads from the audit trail and writes to the employees. The
 * trail is only read here (the audit repository stays the one writer of entries); the
 * row locks keep a concurrent revert or employee edit from slipping in between the check
 * and the write on PostgreSQL (PGlite has one connection: they are no-ops there).
 */

/** A later entry that touched one of the import's employees. */
export interface LaterTouch {
  employeeId: number;
  entryId: number;
  at: Date;
  actorEmail: string;
  action: string;
}

const CHUNK = 10_000;

export function createImportRevertRepository(db: DbOrTx) {
  return {
    /** The import's entry, locked for this transaction (a second revert of it waits). */
    lockEntry: (id: number) => lockAuditEntry(db, id),

    /** The entry that reverted this import, if one did (the entity index: type, id). */
    async revertOf(importId: number): Promise<{ id: number; at: Date; actorEmail: string } | undefined> {
      const [row] = await db
        .select({ id: auditEntries.id, at: auditEntries.at, actorEmail: auditEntries.actorEmail })
        .from(auditEntries)
        .where(
          and(
            eq(auditEntries.entityType, 'import'),
            eq(auditEntries.entityId, String(importId)),
            eq(auditEntries.action, 'revert'),
          ),
        )
        .orderBy(auditEntries.id)
        .limit(1);
      return row;
    },

    /** Locks these employees' rows until the revert commits (an edit in between waits). */
    async lockEmployees(ids: number[]): Promise<void> {
      for (let i = 0; i < ids.length; i += CHUNK)
        await db
          .select({ id: employees.id })
          .from(employees)
          .where(inArray(employees.id, ids.slice(i, i + CHUNK)))
          .for('update');
    },

    /**
     * Every entry after `afterId` about one of these employees, oldest first: an edit or
     * delete of the employee itself, or a later import or revert whose per-employee changes
     * name it. Rule writes (base salaries, factors, settings) are not about an employee's record.
     */
    async laterTouches(
      afterId: number,
      ids: number[],
      /**
       * Leave out a scheduled change taking effect (the system's entry on its day): a dated
       * import is checked against the employees as on its day, which that does not move.
       */
      options: { ignoreApplied?: boolean } = {},
    ): Promise<LaterTouch[]> {
      if (!ids.length) return [];
      const json = JSON.stringify(ids);
      const result = await db.execute(sql`
        with ids as (select json_array_elements_text(${json}::json)::int as id)
        select a.id as "entryId", a.at, a.actor_email as "actorEmail", a.action,
          a.entity_id::int as "employeeId"
        from ${auditEntries} a
        where a.entity_type = 'employee' and a.id > ${afterId}
          and a.entity_id in (select id::text from ids)${
            options.ignoreApplied ? sql` and a.details->'scheduledChangeApplied' is null` : sql``
          }
        union all
        select a.id, a.at, a.actor_email, a.action, (e.value->>'id')::int
        from ${auditEntries} a
          cross join lateral jsonb_array_elements(
            case when jsonb_typeof(a.details->'employees') = 'array' then a.details->'employees'
              else '[]'::jsonb end) e
        where a.entity_type = 'import' and a.id > ${afterId}
          and (e.value->>'id')::int in (select id from ids)
        union all
        select a.id, a.at, a.actor_email, a.action, c.employee_id
        from ${auditEmployeeChanges} c
          join ${auditEntries} a on a.id = c.audit_id
        where c.audit_id > ${afterId} and c.employee_id in (select id from ids)
        order by 1
      `);
      return (result as unknown as { rows: Array<Omit<LaterTouch, 'at'> & { at: Date | string }> }).rows.map(
        (r) => ({
          employeeId: Number(r.employeeId),
          entryId: Number(r.entryId),
          at: r.at instanceof Date ? r.at : new Date(r.at),
          actorEmail: r.actorEmail,
          action: r.action,
        }),
      );
    },

    /** Deletes these employees (the ones an import created); answers how many went. */
    async deleteMany(ids: number[]): Promise<number> {
      let deleted = 0;
      for (let i = 0; i < ids.length; i += CHUNK) {
        const rows = await db
          .delete(employees)
          .where(inArray(employees.id, ids.slice(i, i + CHUNK)))
          .returning({ id: employees.id });
        deleted += rows.length;
      }
      return deleted;
    },
  };
}

export type ImportRevertRepository = ReturnType<typeof createImportRevertRepository>;
