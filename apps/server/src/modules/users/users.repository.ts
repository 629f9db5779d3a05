import type { User } from '@salary/shared/auth/auth.contract';
import type { Permissions } from '@salary/shared/common/permissions';
import { asc, count, eq, getTableColumns, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { currentSnapshot } from '../calculator/snapshot-cache.ts';

export type UserRow = typeof users.$inferSelect;

/** What a request needs to know about its user: no hash, no timestamps. */
export type SignedInRow = Omit<UserRow, 'passwordHash' | 'createdAt' | 'updatedAt'>;

export function toUser(row: SignedInRow): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    isAdmin: row.isAdmin,
    role: row.isAdmin ? 'admin' : 'user',
    permissions: {
      showSettings: row.showSettings,
      manageSettings: row.manageSettings,
      showSalary: row.showSalary,
      showCost: row.showCost,
      manageEmployee: row.manageEmployee,
      deleteEmployee: row.deleteEmployee,
    },
  };
}

export function createUsersRepository(db: DbOrTx) {
  // Built once: it runs on every signed-in request, and building the query each time costs
  // about as much as PGlite takes to run it.
  let signedInLookup: ReturnType<typeof prepareSignedInLookup> | undefined;
  function prepareSignedInLookup() {
    const {
      passwordHash: _hash,
      createdAt: _created,
      updatedAt: _updated,
      ...columns
    } = getTableColumns(users);
    return db
      .select({ ...columns, snapshot: currentSnapshot })
      .from(users)
      .where(sql`${users.id} = any(${sql.placeholder('ids')}::int[])`)
      .prepare('users_signed_in_lookup');
  }

  return {
    /**
     * Several users in one statement, with the snapshot that statement read at (undefined
     * when none of them exists): the sign-in check of every request, batched.
     */
    async findManyWithSnapshot(
      ids: number[],
    ): Promise<{ rows: SignedInRow[]; snapshot: string | undefined }> {
      signedInLookup ??= prepareSignedInLookup();
      const found = await signedInLookup.execute({ ids });
      const rows = found.map(({ snapshot: _, ...row }) => row);
      return { rows, snapshot: found[0]?.snapshot };
    },

    async findById(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },
    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
      return row;
    },
    async list(): Promise<UserRow[]> {
      return db.select().from(users).orderBy(asc(users.id));
    },
    async count(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(users);
      return row?.n ?? 0;
    },
    async insert(input: {
      email: string;
      name: string;
      passwordHash: string;
      isAdmin: boolean;
      permissions: Permissions;
    }): Promise<UserRow> {
      const [row] = await db
        .insert(users)
        .values({
          email: input.email,
          name: input.name,
          passwordHash: input.passwordHash,
          isAdmin: input.isAdmin,
          ...input.permissions,
        })
        .returning();
      return row!;
    },
    async update(
      id: number,
      input: { name: string; permissions: Permissions },
    ): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ name: input.name, ...input.permissions, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row;
    },
    async setPassword(id: number, passwordHash: string): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row;
    },
    async delete(id: number): Promise<boolean> {
      const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
      return rows.length > 0;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
