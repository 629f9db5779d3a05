import { endedSessionsData, sessionListData, userSchema } from '@salary/shared/auth/auth.contract';
import { idParam } from '@salary/shared/common/envelope';
import { createUserBody, updateUserBody, userListData } from '@salary/shared/users/users.contract';
import { moduleRoutes } from '../../lib/module-routes.ts';
import { ok } from '../../lib/reply.ts';
import { writeRoutes } from '../../lib/write-routes.ts';

export const usersRoutes = moduleRoutes('users', 'users', (app, service, doc) => {
  const writes = writeRoutes('users', 'User', userSchema);

  app.get('/auth/users', doc('List users (admin)', userListData), async (request) =>
    ok({ users: await service.list(request.actor) }),
  );
  app.post('/auth/users', writes.create('Create a user (admin)', createUserBody, service.create));
  app.put(
    '/auth/users/:id',
    writes.update('Update name and permissions (admin)', updateUserBody, service.update),
  );
  app.delete('/auth/users/:id', writes.remove('Delete a user (admin)', service.remove));
  app.get(
    '/auth/users/:id/sessions',
    doc("A user's live sessions (admin)", sessionListData, { params: idParam }),
    async (request) => ok({ sessions: await service.listSessions(request.actor, request.params.id) }),
  );
  app.delete(
    '/auth/users/:id/sessions',
    doc('Sign a user out everywhere (admin)', endedSessionsData, { params: idParam }),
    async (request) =>
      ok(
        { ended: await service.endSessions(request.unitOfWork, request.actor, request.params.id) },
        'Signed out everywhere',
      ),
  );
});
