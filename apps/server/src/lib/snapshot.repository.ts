import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

/**
 * The database snapshot a statement reads at, as `xmin:xmax:xip-list`. Two equal snapshots
 * see exactly the same committed data, and any write anywhere — this replica or another —
 * assigns a transaction id and so changes it: an exact cache key with no invalidation hooks
 * (see SnapshotCache). Repositories add it as a column of the statement whose data they cache.
 */
export const currentSnapshot = sql<string>`pg_current_snapshot()::text`;

/** The snapshot the database is at now, on its own. */
export async function readSnapshot(db: DbOrTx): Promise<string> {
  const [row] = await db.select({ snapshot: currentSnapshot }).from(sql`(select 1) as one`);
  return row!.snapshot;
}

/** Whether the current transaction has written anything (an xid is assigned on its first write). */
export async function transactionWrote(db: DbOrTx): Promise<boolean> {
  const [row] = await db
    .select({ xid: sql<string | null>`pg_current_xact_id_if_assigned()::text` })
    .from(sql`(select 1) as one`);
  return row?.xid != null;
}
