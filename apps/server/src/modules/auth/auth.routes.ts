import { changePasswordBody, loginBody } from '@salary/shared/auth/auth.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { ok } from '../../lib/reply.ts';
import { createUsersRepository } from '../users/users.repository.ts';
import { createAuthService } from './auth.service.ts';

export const authRoutes: FastifyPluginAsyncZod<{ loginRateLimit: number; passwordLogin: boolean }> = async (
  app,
  opts,
) => {
  const service = createAuthService({
    users: createUsersRepository(app.db),
    tokens: app.tokens,
    passwordLogin: opts.passwordLogin,
  });

  app.post(
    '/auth/login',
    {
      schema: { tags: ['auth'], summary: 'Sign in', body: loginBody },
      config: {
        public: true,
        rateLimit: {
          max: opts.loginRateLimit,
          timeWindow: '1 minute',
          // Per address and email: one person mistyping does not lock out the office.
          keyGenerator: (request) => {
            const email = (request.body as { email?: unknown } | undefined)?.email;
            return `${request.ip}|${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
          },
          errorResponseBuilder: (_request, context) =>
            new AppError(
              429,
              'TOO_MANY_REQUESTS',
              `Too many sign-in attempts. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
            ),
        },
      },
    },
    async (request) => ok(await service.login(request.body), 'Login successful'),
  );

  app.get(
    '/auth/me',
    { schema: { tags: ['auth'], summary: 'Who am I (answers a fresh token)' } },
    async (request) => ok(await service.me(request.actor)),
  );

  app.post(
    '/auth/change-password',
    { schema: { tags: ['auth'], summary: 'Change my password', body: changePasswordBody } },
    async (request) =>
      ok(await service.changePassword(request.actor, request.body), 'Password changed successfully'),
  );
};
