import { impactRequestSchema, impactSchema } from '@salary/shared/impact/impact.contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { routeDoc } from '../../lib/route-doc.ts';

const DESCRIPTION = [
  'Runs a proposed rule write — POST/PUT/DELETE of a base salary or an adjustment factor, or',
  'PUT /settings — through its own route inside a transaction that always rolls back, and',
  'answers what it does to every employee: how many are affected, total gross and total cost',
  'before/after/delta/delta %, the same split by job and by grade, and the 50 largest changes.',
  'Gross figures only with showSalary, cost figures only with showCost (admins see both).',
  'A write its route would refuse (400, 403, 404, 409) is refused here with the same status and',
  'envelope; any other write answers 400. Nothing is saved.',
].join(' ');

export const impactRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.impact;
  app.post(
    '/impact',
    routeDoc('impact')(
      'Preview what a rule change does to everyone’s pay (admin or manageSettings)',
      impactSchema,
      {
        description: DESCRIPTION,
        body: impactRequestSchema,
        // The preview opens its own scope, one that always rolls back.
        config: { writeScope: 'none' },
      },
    ),
    async (request, reply) => {
      const outcome = await service.preview(request.actor, request.body, async (write) => {
        const res = await request.server.inject({
          method: write.method,
          url: `/api${write.path}`,
          headers: { authorization: request.headers.authorization ?? '' },
          ...(write.body === undefined ? {} : { payload: write.body as object }),
        });
        return { statusCode: res.statusCode, body: res.body ? res.json() : null };
      });
      if ('refused' in outcome)
        // The route's own refusal, as it is: its status and its envelope (not this route's schema).
        return (reply as FastifyReply)
          .code(outcome.refused.statusCode)
          .header('cache-control', 'no-store')
          .send(outcome.refused.body);
      return ok(outcome.impact);
    },
  );
};
