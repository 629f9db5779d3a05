import type { ChangePasswordBody, LoginBody, SessionData } from '@salary/shared/auth/auth.contract';
import type { Actor } from '@salary/shared/common/permissions';
import { PASSWORD_LOGIN_OFF_MESSAGE } from '@salary/shared/oidc/oidc.contract';
import { badRequest, forbidden, unauthorized } from '../../lib/app-error.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { TokenService } from '../../lib/tokens.ts';
import { toUser, type UsersRepository } from '../users/users.repository.ts';

export const INVALID_CREDENTIALS = 'Invalid email or password';

export function createAuthService(deps: {
  users: UsersRepository;
  tokens: TokenService;
  /** false (PASSWORD_LOGIN=off): only administrators sign in with a password; everyone else uses SSO. */
  passwordLogin?: boolean;
}) {
  const { users, tokens, passwordLogin = true } = deps;
  return {
    async login(body: LoginBody): Promise<SessionData> {
      const row = await users.findByEmail(body.email);
      // Same work and the same message for an unknown email and a wrong password.
      const valid = await verifyPassword(row?.passwordHash ?? (await dummyPasswordHash()), body.password);
      if (!row || !valid) throw unauthorized(INVALID_CREDENTIALS);
      // Checked after the password, so the refusal tells nothing to someone who does not know it.
      if (!passwordLogin && !row.isAdmin) throw forbidden(PASSWORD_LOGIN_OFF_MESSAGE);
      const token = await tokens.sign({ userId: row.id, tokenVersion: row.tokenVersion });
      return { token, user: toUser(row) };
    },

    async me(actor: Actor): Promise<SessionData> {
      const row = await users.findById(actor.id);
      if (!row) throw unauthorized('Invalid or expired token');
      const token = await tokens.sign({ userId: row.id, tokenVersion: row.tokenVersion });
      return { token, user: toUser(row) };
    },

    /** Answers a fresh token: the old ones (this session's included) stop working. */
    async changePassword(actor: Actor, body: ChangePasswordBody): Promise<SessionData> {
      const row = await users.findById(actor.id);
      if (!row) throw unauthorized('Invalid or expired token');
      if (!(await verifyPassword(row.passwordHash, body.currentPassword)))
        throw badRequest('Current password is incorrect', [
          { field: 'currentPassword', message: 'Current password is incorrect' },
        ]);
      if (body.currentPassword === body.newPassword)
        throw badRequest('New password must be different from the current password', [
          { field: 'newPassword', message: 'New password must be different from the current password' },
        ]);
      const updated = await users.setPassword(row.id, await hashPassword(body.newPassword));
      if (!updated) throw unauthorized('Invalid or expired token');
      const token = await tokens.sign({ userId: updated.id, tokenVersion: updated.tokenVersion });
      return { token, user: toUser(updated) };
    },
  };
}
