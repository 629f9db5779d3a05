import {
  changePasswordBody,
  endedSessionsData,
  loginBody,
  sessionData,
  sessionListData,
} from '@salary/shared/auth/auth.contract';
import { emptyEnvelope, envelopeOf } from '@salary/shared/common/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.auth;
  const tags = ['auth'];
  const session = { 200: envelopeOf(sessionData) };

  app.post(
    '/auth/login',
    {
      schema: { tags, summary: 'Sign in (starts a session)', body: loginBody, response: session },
      // No write scope: a refused sign-in must keep the failure it counted (the throttle).
      config: { public: true, writeScope: 'none' },
    },
    async (request) => ok(await service.login(request.body, request), 'Login successful'),
  );

  app.get(
    '/auth/me',
    {
      schema: { tags, summary: "Who am I (a fresh token, within the session's lifetime)", response: session },
    },
    async (request) => ok(await service.me(request.actor)),
  );

  app.post(
    '/auth/logout',
    {
      schema: { tags, summary: 'End my session', response: { 200: emptyEnvelope } },
      config: { audit: false },
    },
    async (request) => {
      await service.logout(request.actor);
      return ok(null, 'Logged out successfully');
    },
  );

  app.get(
    '/auth/sessions',
    { schema: { tags, summary: 'My live sessions', response: { 200: envelopeOf(sessionListData) } } },
    async (request) => ok({ sessions: await service.listSessions(request.actor) }),
  );

  app.delete(
    '/auth/sessions',
    {
      schema: {
        tags,
        summary: 'End every session of mine but this one',
        response: { 200: envelopeOf(endedSessionsData) },
      },
      config: { audit: false },
    },
    async (request) =>
      ok({ ended: await service.endOtherSessions(request.actor) }, 'Signed out of every other session'),
  );

  app.post(
    '/auth/change-password',
    {
      schema: {
        tags,
        summary: 'Change my password (ends my other sessions)',
        body: changePasswordBody,
        response: session,
      },
      // No write scope around it: a wrong current password must keep the failure it counted;
      // the password write itself runs in a scope of its own.
      config: { writeScope: 'none' },
    },
    async (request) =>
      ok(await service.changePassword(request.actor, request.body, request), 'Password changed successfully'),
  );
};
