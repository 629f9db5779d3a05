import {
  changePasswordBody,
  endedSessionsData,
  loginBody,
  sessionData,
  sessionListData,
} from '@salary/shared/auth/auth.contract';
import { emptyEnvelope } from '@salary/shared/common/envelope';
import { moduleRoutes } from '../../lib/module-routes.ts';
import { ok } from '../../lib/reply.ts';

export const authRoutes = moduleRoutes('auth', 'auth', (app, service, doc) => {
  app.post(
    '/auth/login',
    doc('Sign in (starts a session)', sessionData, {
      body: loginBody,
      // No write scope: a refused sign-in must keep the failure it counted (the throttle).
      config: { public: true, writeScope: 'none' },
    }),
    async (request) => ok(await service.login(request.body, request), 'Login successful'),
  );

  app.get(
    '/auth/me',
    doc("Who am I (a fresh token, within the session's lifetime)", sessionData),
    async (request) => ok(await service.me(request.actor)),
  );

  app.post(
    '/auth/logout',
    doc('End my session', { 200: emptyEnvelope }, { config: { audit: false } }),
    async (request) => {
      await service.logout(request.unitOfWork, request.actor);
      return ok(null, 'Logged out successfully');
    },
  );

  app.get('/auth/sessions', doc('My live sessions', sessionListData), async (request) =>
    ok({ sessions: await service.listSessions(request.actor) }),
  );

  app.delete(
    '/auth/sessions',
    doc('End every session of mine but this one', endedSessionsData, { config: { audit: false } }),
    async (request) =>
      ok(
        { ended: await service.endOtherSessions(request.unitOfWork, request.actor) },
        'Signed out of every other session',
      ),
  );

  app.post(
    '/auth/change-password',
    doc('Change my password (ends my other sessions)', sessionData, {
      body: changePasswordBody,
      // Its unit of work opens once the password checked out: a wrong current password must
      // keep the failure it counted (written outside any transaction).
      config: { writeScope: 'deferred' },
    }),
    async (request) =>
      ok(
        await service.changePassword(request.openUnitOfWork, request.actor, request.body, request),
        'Password changed successfully',
      ),
  );
});
