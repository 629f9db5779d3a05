import { and, desc, eq, getTableColumns, gt, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';
import { currentSnapshot } from '../../lib/snapshot.repository.ts';
import type { SignedInRow } from '../users/users.repository.ts';

export type SessionRow = typeof sessions.$inferSelect;

/** A live session with its user, as the sign-in check of a request reads it. */
export interface LiveSession {
  sessionId: string;
  expiresAt: Date;
  /** last_used_at is more than TOUCH_SECONDS old: the request should record its use. */
  needsTouch: boolean;
  /** last_used_at in epoch milliseconds (the sign-in check re-checks idle expiry with it). */
  lastUsedMs: number;
  user: SignedInRow;
}

/** Milliseconds since the epoch of a timestamp column or expression, as a JS number. */
const epochMs = (value: unknown) => sql<number>`(extract(epoch from ${value}) * 1000)::float8`;

/** last_used_at is written at most this often per session: idle expiry is exact to a minute. */
export const TOUCH_SECONDS = 60;

export function createSessionsRepository(db: DbOrTx) {
  /** Live: inside its absolute lifetime and used within the idle time. */
  const live = (idleSeconds: number) =>
    and(
      gt(sessions.expiresAt, sql`now()`),
      gt(sessions.lastUsedAt, sql`now() - make_interval(secs => ${idleSeconds})`),
    );

  // Built once: it runs on every signed-in request, and building the query each time costs
  // about as much as PGlite takes to run it.
  let signedInLookup: ReturnType<typeof prepareSignedInLookup> | undefined;
  function prepareSignedInLookup() {
    const {
      passwordHash: _hash,
      createdAt: _created,
      updatedAt: _updated,
      ...userColumns
    } = getTableColumns(users);
    return db
      .select({
        ...userColumns,
        sessionId: sessions.id,
        expiresAt: sessions.expiresAt,
        needsTouch: sql<boolean>`${sessions.lastUsedAt} < now() - make_interval(secs => ${TOUCH_SECONDS})`,
        lastUsedMs: epochMs(sessions.lastUsedAt),
        snapshot: currentSnapshot,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          sql`${sessions.id} = any(${sql.placeholder('ids')}::text[])`,
          gt(sessions.expiresAt, sql`now()`),
          gt(sessions.lastUsedAt, sql`now() - make_interval(secs => ${sql.placeholder('idle')}::int)`),
        ),
      )
      .prepare('sessions_signed_in_lookup');
  }

  let stateQuery: ReturnType<typeof prepareState> | undefined;
  function prepareState() {
    return db
      .select({ snapshot: currentSnapshot, nowMs: epochMs(sql`now()`) })
      .from(sql`(select 1) as one`)
      .prepare('sessions_database_state');
  }

  return {
    /**
     * Several live sessions with their users in one statement, with the snapshot that
     * statement read at (undefined when none is live): the sign-in check of every request,
     * batched. Nothing about a session is cached, so a revocation counts on the next request.
     */
    async findLiveWithUsers(
      ids: string[],
      idleSeconds: number,
    ): Promise<{ rows: LiveSession[]; snapshot: string | undefined }> {
      // A prepared statement keeps the handle it was prepared on: this repository's.
      signedInLookup ??= prepareSignedInLookup();
      const found = await signedInLookup.execute({ ids, idle: idleSeconds });
      const rows = found.map(({ snapshot: _, sessionId, expiresAt, needsTouch, lastUsedMs, ...user }) => ({
        sessionId,
        expiresAt: new Date(expiresAt),
        needsTouch: Boolean(needsTouch),
        lastUsedMs: Number(lastUsedMs),
        user,
      }));
      return { rows, snapshot: found[0]?.snapshot };
    },

    /**
     * The snapshot the database is at and its clock, in one cheap statement (no table): an
     * unchanged snapshot means nothing was committed since, on any replica (see
     * snapshot.repository.ts), so sessions read at it are still exact.
     */
    async state(): Promise<{ snapshot: string; nowMs: number }> {
      stateQuery ??= prepareState();
      const [row] = await stateQuery.execute();
      return { snapshot: row!.snapshot, nowMs: Number(row!.nowMs) };
    },

    async insert(input: {
      id: string;
      userId: number;
      expiresAt: Date;
      userAgent: string | null;
      address: string | null;
    }): Promise<SessionRow> {
      const [row] = await db.insert(sessions).values(input).returning();
      return row!;
    },

    async touch(id: string): Promise<void> {
      await db.update(sessions).set({ lastUsedAt: sql`now()` }).where(eq(sessions.id, id));
    },

    async findLive(id: string, idleSeconds: number): Promise<SessionRow | undefined> {
      const [row] = await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.id, id), live(idleSeconds)))
        .limit(1);
      return row;
    },

    async listLive(userId: number, idleSeconds: number): Promise<SessionRow[]> {
      return db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), live(idleSeconds)))
        .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
    },

    async delete(id: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, id));
    },

    /** Ends every session of the user, or every one but `keepId`; answers how many ended. */
    async deleteForUser(userId: number, keepId?: string): Promise<number> {
      const rows = await db
        .delete(sessions)
        .where(
          keepId ? and(eq(sessions.userId, userId), ne(sessions.id, keepId)) : eq(sessions.userId, userId),
        )
        .returning({ id: sessions.id });
      return rows.length;
    },

    /** Removes sessions that can no longer be used (housekeeping; they are refused anyway). */
    async deleteDead(idleSeconds: number): Promise<void> {
      await db
        .delete(sessions)
        .where(
          or(
            lte(sessions.expiresAt, sql`now()`),
            lte(sessions.lastUsedAt, sql`now() - make_interval(secs => ${idleSeconds})`),
          ),
        );
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
