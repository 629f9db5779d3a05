import type { Session } from '@salary/shared/auth/auth.contract';
import type { RepositoryOn } from '../../lib/unit-of-work.ts';
import type { UserSessions } from '../users/user-sessions.model.ts';
import type { SessionRow, SessionsRepository } from './sessions.repository.ts';

/** A session as the API shows it; `current`: the caller's own. */
export function toSessionView(row: SessionRow, currentId?: string): Session {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    userAgent: row.userAgent,
    address: row.address,
    current: row.id === currentId,
  };
}

/** Any user's sessions, for the users' service (an administrator lists them or ends them all). */
export function createUserSessions(deps: {
  sessions: RepositoryOn<SessionsRepository>;
  /** A session unused this long has ended (JWT_TTL_SECONDS). */
  idleSeconds: number;
}): UserSessions {
  const { sessions, idleSeconds } = deps;
  return {
    async live(userId) {
      return (await sessions().listLive(userId, idleSeconds)).map((row) => toSessionView(row));
    },
    endAll: (uow, userId) => sessions(uow.tx).deleteForUser(userId),
  };
}
