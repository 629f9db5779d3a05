import { envelopeOf } from '@salary/shared/common/envelope';
import { healthData, healthDownData } from '@salary/shared/health/health.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { routeDoc } from '../../lib/route-doc.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.services.health;
  app.get(
    '/health',
    routeDoc('health')(
      'Liveness and database readiness',
      { 200: envelopeOf(healthData), 503: envelopeOf(healthDownData) },
      {
        description: 'A 503 says the server runs but its database did not answer a query.',
        config: { public: true },
      },
    ),
    async (_request, reply) => {
      const database = app.database.kind;
      try {
        await repo.ping();
      } catch (error) {
        app.log.warn({ err: error }, 'health check: the database did not answer');
        return reply.status(503).send({
          success: false,
          message: 'The database is not reachable',
          error: 'DATABASE_UNAVAILABLE',
          data: { status: 'database unavailable' as const, database },
        });
      }
      return ok({ status: 'ok' as const, database }, 'Healthy');
    },
  );
};
