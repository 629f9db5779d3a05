import type {
  ChangePasswordBody,
  LoginBody,
  Session,
  SessionData,
  User,
} from '@salary/shared/auth/auth.contract';
import { PASSWORD_LOGIN_OFF_MESSAGE } from '@salary/shared/oidc/oidc.contract';
import type { FastifyRequest } from 'fastify';
import { badRequest, forbidden, unauthorized } from '../../lib/app-error.ts';
import { dummyPasswordHash, hashPassword, requireGoodPassword, verifyPassword } from '../../lib/passwords.ts';
import type { TokenService } from '../../lib/tokens.ts';
import type { OpenUnitOfWork, RepositoryOn, UnitOfWork } from '../../lib/unit-of-work.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import { toSessionView } from './session-views.service.ts';
import type { SessionsRepository } from './sessions.repository.ts';
import { type SessionLifetimes, tokenExpiry } from './sign-in.model.ts';
import type { SignInThrottle } from './sign-in-throttle.service.ts';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect';

type SignedInActor = FastifyRequest['actor'];

export function createAuthService(deps: {
  users: RepositoryOn<UsersRepository>;
  sessions: RepositoryOn<SessionsRepository>;
  tokens: TokenService;
  throttle: SignInThrottle;
  lifetimes: SessionLifetimes;
  signInUser: FastifyRequest['server']['signInUser'];
  /** false (PASSWORD_LOGIN=off): only administrators sign in with a password; everyone else uses SSO. */
  passwordLogin?: boolean;
  audit: Pick<AuditService, 'record'>;
}) {
  const { tokens, throttle, lifetimes, passwordLogin = true } = deps;
  const users = deps.users();
  const sessions = deps.sessions();

  const userOf = (actor: SignedInActor): User => ({
    id: actor.id,
    email: actor.email,
    name: actor.name,
    isAdmin: actor.isAdmin,
    role: actor.isAdmin ? 'admin' : 'user',
    permissions: actor.permissions,
    employeeId: actor.employeeId ?? null,
  });

  /** A fresh token for the caller's own session, never past its absolute end. */
  const renew = async (actor: SignedInActor): Promise<SessionData> => ({
    token: await tokens.sign(
      { userId: actor.id, sessionId: actor.sessionId },
      tokenExpiry(actor.sessionExpiresAt, lifetimes.idleSeconds),
    ),
    user: userOf(actor),
  });

  return {
    async login(body: LoginBody, request: FastifyRequest): Promise<SessionData> {
      await throttle.check(request.ip, body.email, 'Too many sign-in attempts.');
      const row = await users.findByEmail(body.email);
      // Same work and the same message for an unknown email and a wrong password.
      const valid = await verifyPassword(row?.passwordHash ?? (await dummyPasswordHash()), body.password);
      if (!row || !valid) {
        await throttle.fail(request.ip, body.email);
        throw unauthorized(INVALID_CREDENTIALS);
      }
      // Checked after the password, so the refusal tells nothing to someone who does not know it.
      if (!passwordLogin && !row.isAdmin) throw forbidden(PASSWORD_LOGIN_OFF_MESSAGE);
      return deps.signInUser(row, request);
    },

    /** Who am I, with a renewed token: inside the session's absolute lifetime only. */
    me: renew,

    /** In the route's unit of work (its writes are sessions only: no audit entry). */
    async logout(uow: UnitOfWork, actor: SignedInActor): Promise<void> {
      await deps.sessions(uow.tx).delete(actor.sessionId);
    },

    async listSessions(actor: SignedInActor): Promise<Session[]> {
      const rows = await sessions.listLive(actor.id, lifetimes.idleSeconds);
      return rows.map((row) => toSessionView(row, actor.sessionId));
    },

    /** Signs out everywhere else: every session of the caller but this one ends. */
    async endOtherSessions(uow: UnitOfWork, actor: SignedInActor): Promise<number> {
      return deps.sessions(uow.tx).deleteForUser(actor.id, actor.sessionId);
    },

    /**
     * The caller's session goes on (with a fresh token); every other session ends. The unit of
     * work opens once the password checked out (`open`): a failure before keeps its throttle count.
     */
    async changePassword(
      open: OpenUnitOfWork,
      actor: SignedInActor,
      body: ChangePasswordBody,
      request: FastifyRequest,
    ): Promise<SessionData> {
      await throttle.check(request.ip, actor.email, 'Too many password attempts.');
      const row = await users.findById(actor.id);
      if (!row) throw unauthorized('Invalid or expired token');
      if (!(await verifyPassword(row.passwordHash, body.currentPassword))) {
        await throttle.fail(request.ip, actor.email);
        throw badRequest(CURRENT_PASSWORD_INCORRECT, [
          { field: 'currentPassword', message: CURRENT_PASSWORD_INCORRECT },
        ]);
      }
      if (body.currentPassword === body.newPassword)
        throw badRequest('New password must be different from the current password', [
          { field: 'newPassword', message: 'New password must be different from the current password' },
        ]);
      await requireGoodPassword(body.newPassword, { email: row.email, name: row.name }, 'newPassword');
      const hash = await hashPassword(body.newPassword);
      await open(async (uow) => {
        const updated = await deps.users(uow.tx).setPassword(row.id, hash);
        if (!updated) throw unauthorized('Invalid or expired token');
        await deps.sessions(uow.tx).deleteForUser(row.id, actor.sessionId);
        // Never the password or its hash: only that it changed.
        await deps.audit.record(uow, {
          action: 'password',
          entityType: 'user',
          entityId: row.id,
          label: `User ${row.email}`,
        });
      });
      return renew(actor);
    },
  };
}
