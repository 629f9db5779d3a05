import type { Session, User } from '@salary/shared/auth/auth.contract';
import { type Actor, PERMISSION_LABELS } from '@salary/shared/common/permissions';
import type { createUserBody, updateUserBody } from '@salary/shared/users/users.contract';
import type { z } from 'zod';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { requireAdmin } from '../../lib/authorize.ts';
import { hashPassword, requireGoodPassword } from '../../lib/passwords.ts';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../lib/pg-errors.ts';
import type { RepositoryOn, UnitOfWork } from '../../lib/unit-of-work.ts';
import { requireVersion } from '../../lib/versions.ts';
import { diffFields } from '../audit/audit.diff.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { UserSessions } from './user-sessions.model.ts';
import { toUser, toUserRecord, type UserRow, type UsersRepository } from './users.repository.ts';

type CreateInput = z.output<typeof createUserBody>;
type UpdateInput = z.output<typeof updateUserBody>;

const ADMINS_ONLY = 'Only administrators can manage users';
/** The user form's labels of the fields an entry names. */
const USER_LABELS: Record<string, string> = { name: 'Name', email: 'Email', ...PERMISSION_LABELS };

export function createUsersService(deps: {
  users: RepositoryOn<UsersRepository>;
  /** Their sessions, listed and ended (auth's: services.ts hands them in). */
  sessions: UserSessions;
  audit: Pick<AuditService, 'record' | 'staleVersion'>;
}) {
  const users = deps.users();
  const { audit, sessions } = deps;
  /** A user as the entries show it: never a password or its hash. */
  const view = (u: User) => ({ email: u.email, name: u.name, isAdmin: u.isAdmin, ...u.permissions });
  const label = (u: { email: string }) => `User ${u.email}`;
  const duplicate = (email: string) => conflict(`A user with the email ${email} already exists`);

  /** The user, locked, if `version` (when sent) is still theirs; else the 409 naming who changed them. */
  async function findAtVersion(uow: UnitOfWork, id: number, version: number | undefined): Promise<UserRow> {
    const users = deps.users(uow.tx);
    const stored = await users.lockedVersion(id);
    const existing = stored === undefined ? undefined : await users.findById(id);
    if (stored === undefined || !existing) throw notFound('User not found');
    await requireVersion(
      uow,
      audit,
      { entityType: 'user', entityId: id, label: label(existing), labels: USER_LABELS },
      version,
      stored,
    );
    return existing;
  }

  return {
    async list(actor: Actor): Promise<User[]> {
      requireAdmin(actor, ADMINS_ONLY);
      return (await users.list()).map(toUserRecord);
    },

    async create(uow: UnitOfWork, actor: Actor, input: CreateInput): Promise<User> {
      requireAdmin(actor, ADMINS_ONLY);
      const users = deps.users(uow.tx);
      if (await users.findByEmail(input.email)) throw duplicate(input.email);
      await requireGoodPassword(input.password, { email: input.email, name: input.name }, 'password');
      try {
        const row = await users.insert({
          email: input.email,
          name: input.name,
          passwordHash: await hashPassword(input.password),
          isAdmin: false,
          permissions: input.permissions,
        });
        const user = toUserRecord(row);
        await audit.record(uow, {
          action: 'create',
          entityType: 'user',
          entityId: user.id,
          label: label(user),
          changes: diffFields(null, view(user)),
        });
        return user;
      } catch (error) {
        // Two admins creating the same email at once: the unique index decides.
        if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw duplicate(input.email);
        throw error;
      }
    },

    async update(uow: UnitOfWork, actor: Actor, id: number, input: UpdateInput): Promise<User> {
      requireAdmin(actor, ADMINS_ONLY);
      const existing = await findAtVersion(uow, id, input.version);
      if (existing.isAdmin) throw forbidden('Administrator accounts cannot be edited');
      const row = await deps.users(uow.tx).update(id, input);
      if (!row) throw notFound('User not found');
      const user = toUserRecord(row);
      await audit.record(uow, {
        action: 'update',
        entityType: 'user',
        entityId: id,
        label: label(user),
        changes: diffFields(view(toUser(existing)), view(user)),
      });
      return user;
    },

    async listSessions(actor: Actor, id: number): Promise<Session[]> {
      requireAdmin(actor, ADMINS_ONLY);
      if (!(await users.findById(id))) throw notFound('User not found');
      return sessions.live(id);
    },

    /** Signs the user out everywhere: every session ends at its next request. */
    async endSessions(uow: UnitOfWork, actor: Actor, id: number): Promise<number> {
      requireAdmin(actor, ADMINS_ONLY);
      const user = await deps.users(uow.tx).findById(id);
      if (!user) throw notFound('User not found');
      const ended = await sessions.endAll(uow, id);
      await audit.record(uow, {
        action: 'end-sessions',
        entityType: 'user',
        entityId: id,
        label: label(user),
        details: { ended },
      });
      return ended;
    },

    async remove(uow: UnitOfWork, actor: Actor, id: number, version?: number): Promise<void> {
      requireAdmin(actor, ADMINS_ONLY);
      if (id === actor.id) throw badRequest('You cannot delete your own account');
      const existing = await findAtVersion(uow, id, version);
      if (existing.isAdmin) throw forbidden('Administrator accounts cannot be deleted');
      if (!(await deps.users(uow.tx).delete(id))) throw notFound('User not found');
      await audit.record(uow, {
        action: 'delete',
        entityType: 'user',
        entityId: id,
        label: label(existing),
        changes: diffFields(view(toUser(existing)), null),
      });
    },
  };
}
