import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';

/** The advisory lock key of writes that move pay: any fixed bigint no other code uses. */
export const WRITE_LOCK_KEY = '7310482215093378';

/**
 * Takes the company-wide write lock in `tx` (PostgreSQL's `pg_advisory_xact_lock`): held until
 * the transaction commits or rolls back, so writes that take it run one at a time.
 */
export async function takeWriteLock(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${WRITE_LOCK_KEY})`);
}
