import { envelopeOf } from '@salary/shared/common/envelope';
import { healthData, healthDownData } from '@salary/shared/health/health.contract';
import { moduleRoutes } from '../../lib/module-routes.ts';
import { ok } from '../../lib/reply.ts';

export const healthRoutes = moduleRoutes('health', 'health', (app, repo, doc) => {
  app.get(
    '/health',
    doc(
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
});
