import { idParam } from '@salary/shared/common/envelope';
import { createUserBody, updateUserBody } from '@salary/shared/users/users.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.users;
  const tags = ['users'];

  app.get('/auth/users', { schema: { tags, summary: 'List users (admin)' } }, async (request) =>
    ok({ users: await service.list(request.actor) }),
  );
  app.post(
    '/auth/users',
    { schema: { tags, summary: 'Create a user (admin)', body: createUserBody } },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok(await service.create(request.actor, request.body), 'User created successfully')),
  );
  app.put(
    '/auth/users/:id',
    {
      schema: { tags, summary: 'Update name and permissions (admin)', params: idParam, body: updateUserBody },
    },
    async (request) =>
      ok(await service.update(request.actor, request.params.id, request.body), 'User updated successfully'),
  );
  app.delete(
    '/auth/users/:id',
    { schema: { tags, summary: 'Delete a user (admin)', params: idParam } },
    async (request) => {
      await service.remove(request.actor, request.params.id);
      return ok(null, 'User deleted successfully');
    },
  );
  app.get(
    '/auth/users/:id/sessions',
    { schema: { tags, summary: "A user's live sessions (admin)", params: idParam } },
    async (request) => ok({ sessions: await service.listSessions(request.actor, request.params.id) }),
  );
  app.delete(
    '/auth/users/:id/sessions',
    { schema: { tags, summary: 'Sign a user out everywhere (admin)', params: idParam } },
    async (request) =>
      ok({ ended: await service.endSessions(request.actor, request.params.id) }, 'Signed out everywhere'),
  );
};
