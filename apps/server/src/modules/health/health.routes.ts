import { envelopeOf } from '@salary/shared/common/envelope';
import { healthData } from '@salary/shared/health/health.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.services.health;
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database readiness',
        response: { 200: envelopeOf(healthData) },
      },
      config: { public: true },
    },
    async () => {
      await repo.ping();
      return ok({ status: 'ok', database: app.database.kind }, 'Healthy');
    },
  );
};
