import type { Session, User } from '@salary/shared/auth/auth.contract';
import { type Actor, PERMISSION_LABELS } from '@salary/shared/common/permissions';
import type { createUserBody, updateUserBody } from '@salary/shared/users/users.contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { requireAdmin } from '../../lib/authorize.ts';
import { hashPassword, requireGoodPassword } from '../../lib/passwords.ts';
import { PG_UNIQUE_VIOLATION, pgConstraint, pgErrorCode } from '../../lib/pg-errors.ts';
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
const USER_LABELS: Record<string, string> = {
  name: 'Name',
  email: 'Email',
  employee: 'Employee',
  ...PERMISSION_LABELS,
};
const NO_SUCH_EMPLOYEE = 'Employee must be an employee of the directory';
const ALREADY_LINKED = 'That employee is already linked to another user';

/** What the users' service reads of employees: the name of the one a user is linked to. */
export interface LinkedEmployees {
  nameOf(tx: DbOrTx | undefined, id: number): Promise<string | undefined>;
}

export function createUsersService(deps: {
  users: RepositoryOn<UsersRepository>;
  /** Their sessions, listed and ended (auth's: services.ts hands them in). */
  sessions: UserSessions;
  audit: Pick<AuditService, 'record' | 'staleVersion'>;
  employees: LinkedEmployees;
}) {
  const users = deps.users();
  const { audit, sessions } = deps;
  /** A user as the entries show it: never a password or its hash. */
  const view = (u: User, employee: string | null) => ({
    email: u.email,
    name: u.name,
    isAdmin: u.isAdmin,
    employee,
    ...u.permissions,
  });
  /** The linked employee's name (null: none); a 400 on the field when no such employee exists. */
  async function employeeName(tx: DbOrTx, id: number | null | undefined): Promise<string | null> {
    if (id === null || id === undefined) return null;
    const name = await deps.employees.nameOf(tx, id);
    if (name === undefined)
      throw badRequest(NO_SUCH_EMPLOYEE, [{ field: 'employeeId', message: NO_SUCH_EMPLOYEE }]);
    return name;
  }
  /** A unique violation of the link's index: that employee is another user's. */
  const linkTaken = (error: unknown) =>
    pgErrorCode(error) === PG_UNIQUE_VIOLATION && pgConstraint(error) === 'users_employee_uq';
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

  /** The linked employee's name as stored (null: none). */
  const employeeNameOrGone = async (tx: DbOrTx, id: number | null) =>
    id === null ? null : ((await deps.employees.nameOf(tx, id)) ?? null);

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
      const employee = await employeeName(uow.tx, input.employeeId);
      try {
        const row = await users.insert({
          email: input.email,
          name: input.name,
          passwordHash: await hashPassword(input.password),
          isAdmin: false,
          permissions: input.permissions,
          employeeId: input.employeeId,
        });
        const user = toUserRecord(row);
        await audit.record(uow, {
          action: 'create',
          entityType: 'user',
          entityId: user.id,
          label: label(user),
          changes: diffFields(null, view(user, employee)),
        });
        return user;
      } catch (error) {
        if (linkTaken(error)) throw conflict(ALREADY_LINKED);
        // Two admins creating the same email at once: the unique index decides.
        if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw duplicate(input.email);
        throw error;
      }
    },

    async update(uow: UnitOfWork, actor: Actor, id: number, input: UpdateInput): Promise<User> {
      requireAdmin(actor, ADMINS_ONLY);
      const existing = await findAtVersion(uow, id, input.version);
      if (existing.isAdmin) throw forbidden('Administrator accounts cannot be edited');
      const wasLinked = await employeeNameOrGone(uow.tx, existing.employeeId);
      const linked =
        input.employeeId === undefined ? wasLinked : await employeeName(uow.tx, input.employeeId);
      let row: UserRow | undefined;
      try {
        row = await deps.users(uow.tx).update(id, input);
      } catch (error) {
        if (linkTaken(error)) throw conflict(ALREADY_LINKED);
        throw error;
      }
      if (!row) throw notFound('User not found');
      const user = toUserRecord(row);
      await audit.record(uow, {
        action: 'update',
        entityType: 'user',
        entityId: id,
        label: label(user),
        changes: diffFields(view(toUser(existing), wasLinked), view(user, linked)),
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
        changes: diffFields(
          view(toUser(existing), await employeeNameOrGone(uow.tx, existing.employeeId)),
          null,
        ),
      });
    },
  };
}
