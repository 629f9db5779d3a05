import type { User } from '@salary/shared/auth/auth.contract';
import { grantedKeys, type Permissions, permissionsOf } from '@salary/shared/common/permissions';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { countRows, lockedVersion } from '../../lib/table.repository.ts';

export type UserRow = typeof users.$inferSelect;

/** What a request needs to know about its user: no hash, no timestamps. */
export type SignedInRow = Omit<UserRow, 'passwordHash' | 'createdAt' | 'updatedAt' | 'version'>;

/** A user as the user list and its writes answer: with the version the admin's form reads. */
export const toUserRecord = (row: UserRow): User => ({ ...toUser(row), version: row.version });

export function toUser(row: SignedInRow): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    isAdmin: row.isAdmin,
    role: row.isAdmin ? 'admin' : 'user',
    permissions: permissionsOf(row.permissions),
    employeeId: row.employeeId ?? null,
  };
}

export function createUsersRepository(db: DbOrTx) {
  return {
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
    count: (): Promise<number> => countRows(db, users),
    async insert(input: {
      email: string;
      name: string;
      passwordHash: string;
      isAdmin: boolean;
      permissions: Permissions;
      employeeId?: number | null;
    }): Promise<UserRow> {
      const [row] = await db
        .insert(users)
        .values({
          email: input.email,
          name: input.name,
          passwordHash: input.passwordHash,
          isAdmin: input.isAdmin,
          permissions: grantedKeys(input.permissions),
          employeeId: input.employeeId ?? null,
        })
        .returning();
      return row!;
    },
    async update(
      id: number,
      input: { name: string; permissions: Permissions; employeeId?: number | null },
    ): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({
          name: input.name,
          permissions: grantedKeys(input.permissions),
          ...(input.employeeId !== undefined && { employeeId: input.employeeId }),
          updatedAt: new Date(),
          version: sql`${users.version} + 1`,
        })
        .where(eq(users.id, id))
        .returning();
      return row;
    },
    /** The user's version, locked until the write's transaction ends. */
    lockedVersion: (id: number) => lockedVersion(db, users, id),
    async setPassword(id: number, passwordHash: string): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ passwordHash, updatedAt: new Date() })
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
