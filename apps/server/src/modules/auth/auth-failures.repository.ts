import { and, gt, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { authFailures } from '../../db/schema.ts';

export interface FailureCount {
  key: string;
  count: number;
  /** Seconds until the key's window ends. */
  retryAfter: number;
}

export function createAuthFailuresRepository(db: DbOrTx) {
  const retryAfter = sql<number>`greatest(1, ceil(extract(epoch from ${authFailures.resetAt} - now())))::int`;
  return {
    /** The current counts of the keys whose window is still open. */
    async current(keys: string[]): Promise<FailureCount[]> {
      return db
        .select({ key: authFailures.key, count: authFailures.count, retryAfter })
        .from(authFailures)
        .where(and(inArray(authFailures.key, keys), gt(authFailures.resetAt, sql`now()`)));
    },

    /**
     * Counts one failure for each key in one statement: a key whose window has ended starts
     * a new one of `windowSeconds`. Concurrent failures on any replica add up exactly.
     */
    async record(entries: Array<{ key: string; windowSeconds: number }>): Promise<void> {
      if (entries.length === 0) return;
      await db
        .insert(authFailures)
        .values(
          entries.map((e) => ({
            key: e.key,
            count: 1,
            resetAt: sql`now() + make_interval(secs => ${e.windowSeconds})`,
          })),
        )
        .onConflictDoUpdate({
          target: authFailures.key,
          set: {
            count: sql`case when ${authFailures.resetAt} <= now() then 1 else ${authFailures.count} + 1 end`,
            resetAt: sql`case when ${authFailures.resetAt} <= now() then excluded.reset_at else ${authFailures.resetAt} end`,
          },
        });
    },

    async deleteExpired(): Promise<void> {
      await db.delete(authFailures).where(lte(authFailures.resetAt, sql`now()`));
    },
  };
}

export type AuthFailuresRepository = ReturnType<typeof createAuthFailuresRepository>;
