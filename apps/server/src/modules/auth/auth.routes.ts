import { changePasswordBody, loginBody } from '@salary/shared/auth/auth.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.auth;
  const tags = ['auth'];

  app.post(
    '/auth/login',
    { schema: { tags, summary: 'Sign in (starts a session)', body: loginBody }, config: { public: true } },
    async (request) => ok(await service.login(request.body, request), 'Login successful'),
  );

  app.get(
    '/auth/me',
    { schema: { tags, summary: "Who am I (a fresh token, within the session's lifetime)" } },
    async (request) => ok(await service.me(request.actor)),
  );

  app.post('/auth/logout', { schema: { tags, summary: 'End my session' } }, async (request) => {
    await service.logout(request.actor);
    return ok(null, 'Logged out successfully');
  });

  app.get('/auth/sessions', { schema: { tags, summary: 'My live sessions' } }, async (request) =>
    ok({ sessions: await service.listSessions(request.actor) }),
  );

  app.delete(
    '/auth/sessions',
    { schema: { tags, summary: 'End every session of mine but this one' } },
    async (request) =>
      ok({ ended: await service.endOtherSessions(request.actor) }, 'Signed out of every other session'),
  );

  app.post(
    '/auth/change-password',
    { schema: { tags, summary: 'Change my password (ends my other sessions)', body: changePasswordBody } },
    async (request) =>
      ok(await service.changePassword(request.actor, request.body, request), 'Password changed successfully'),
  );
};
