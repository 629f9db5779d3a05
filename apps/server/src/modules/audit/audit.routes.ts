import { auditPageSchema, auditQuery, payHistoryRowSchema } from '@salary/shared/audit/audit.contract';
import { idParam } from '@salary/shared/common/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { routeDoc } from '../../lib/route-doc.ts';

/** Read-only: entries and history rows are never changed or deleted through the API. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.audit;
  const doc = routeDoc('audit');

  app.get(
    '/audit',
    doc(
      'The audit trail, newest first, filtered, keyset pages (?before=<cursor>&limit=) (admin)',
      auditPageSchema,
      { querystring: auditQuery },
    ),
    async (request) => ok(await service.list(request.actor, request.query)),
  );

  app.get(
    '/employees/:id/history',
    routeDoc('employees')(
      "An employee's pay history, oldest first: gross with showSalary, cost with showCost",
      z.array(payHistoryRowSchema),
      { params: idParam },
    ),
    async (request) => ok(await service.history(request.actor, request.params.id)),
  );
};
