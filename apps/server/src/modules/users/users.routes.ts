import { endedSessionsData, sessionListData, userSchema } from '@salary/shared/auth/auth.contract';
import { emptyEnvelope, envelopeOf, idParam } from '@salary/shared/common/envelope';
import { createUserBody, updateUserBody, userListData } from '@salary/shared/users/users.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.users;
  const tags = ['users'];
  const user = envelopeOf(userSchema);

  app.get(
    '/auth/users',
    { schema: { tags, summary: 'List users (admin)', response: { 200: envelopeOf(userListData) } } },
    async (request) => ok({ users: await service.list(request.actor) }),
  );
  app.post(
    '/auth/users',
    { schema: { tags, summary: 'Create a user (admin)', body: createUserBody, response: { 201: user } } },
    // Answered after the handler's write scope commits (a sent reply would go out before).
    async (request, reply) => {
      const created = await service.create(request.actor, request.body);
      reply.status(201);
      return ok(created, 'User created successfully');
    },
  );
  app.put(
    '/auth/users/:id',
    {
      schema: {
        tags,
        summary: 'Update name and permissions (admin)',
        params: idParam,
        body: updateUserBody,
        response: { 200: user },
      },
    },
    async (request) =>
      ok(await service.update(request.actor, request.params.id, request.body), 'User updated successfully'),
  );
  app.delete(
    '/auth/users/:id',
    { schema: { tags, summary: 'Delete a user (admin)', params: idParam, response: { 200: emptyEnvelope } } },
    async (request) => {
      await service.remove(request.actor, request.params.id);
      return ok(null, 'User deleted successfully');
    },
  );
  app.get(
    '/auth/users/:id/sessions',
    {
      schema: {
        tags,
        summary: "A user's live sessions (admin)",
        params: idParam,
        response: { 200: envelopeOf(sessionListData) },
      },
    },
    async (request) => ok({ sessions: await service.listSessions(request.actor, request.params.id) }),
  );
  app.delete(
    '/auth/users/:id/sessions',
    {
      schema: {
        tags,
        summary: 'Sign a user out everywhere (admin)',
        params: idParam,
        response: { 200: envelopeOf(endedSessionsData) },
      },
    },
    async (request) =>
      ok({ ended: await service.endSessions(request.actor, request.params.id) }, 'Signed out everywhere'),
  );
};
