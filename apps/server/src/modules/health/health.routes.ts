import { healthData } from '@salary/shared/health/health.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { routeDoc } from '../../lib/route-doc.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.services.health;
  app.get(
    '/health',
    routeDoc('health')('Liveness and database readiness', healthData, { config: { public: true } }),
    async () => {
      await repo.ping();
      return ok({ status: 'ok' as const, database: app.database.kind }, 'Healthy');
    },
  );
};
