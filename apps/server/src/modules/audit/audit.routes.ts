import { auditPageSchema, auditQuery, payHistoryRowSchema } from '@salary/shared/audit/audit.contract';
import { envelopeOf, idParam } from '@salary/shared/common/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';

/** Read-only: entries and history rows are never changed or deleted through the API. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.audit;

  app.get(
    '/audit',
    {
      schema: {
        tags: ['audit'],
        summary: 'The audit trail, newest first, filtered, keyset pages (?before=<cursor>&limit=) (admin)',
        querystring: auditQuery,
        response: { 200: envelopeOf(auditPageSchema) },
      },
    },
    async (request) => ok(await service.list(request.actor, request.query)),
  );

  app.get(
    '/employees/:id/history',
    {
      schema: {
        tags: ['employees'],
        summary: "An employee's pay history, oldest first: gross with showSalary, cost with showCost",
        params: idParam,
        response: { 200: envelopeOf(z.array(payHistoryRowSchema)) },
      },
    },
    async (request) => ok(await service.history(request.actor, request.params.id)),
  );
};
