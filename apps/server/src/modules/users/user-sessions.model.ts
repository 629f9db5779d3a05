import type { Session } from '@salary/shared/auth/auth.contract';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';

/*
 * What the users' service asks of sessions, declared here: signing in (the auth slice) reads
 * users' rows, so the users' slice names what it needs and services.ts hands it auth's
 * sessions (auth/session-views.service.ts). The two slices then never import each other.
 */
export interface UserSessions {
  /** The user's live sessions, as an administrator's list shows them. */
  live(userId: number): Promise<Session[]>;
  /** Ends every session of the user, in the write's unit of work: answers how many ended. */
  endAll(uow: UnitOfWork, userId: number): Promise<number>;
}
