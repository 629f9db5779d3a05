import { envelopeOf } from '@salary/shared/common/envelope';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from './reply.ts';
import { type App, registerWriteRoutes, type WriteRoutes } from './write-routes.ts';

/*
 * The four calls every rule list answers: its list, then the three writes (write-routes.ts),
 * each declared with its schemas and summary and handed straight to the service: one place
 * says what a rule route looks like, the domain says only its path, noun, schemas and calls.
 */

export interface RuleRoutes<Item extends z.ZodType, Create extends z.ZodType, Update extends z.ZodType>
  extends WriteRoutes<Item, Create, Update> {
  list: {
    summary: string;
    querystring?: z.ZodType;
    run(request: FastifyRequest): Promise<z.output<Item>[]>;
  };
}

export function registerRuleRoutes<
  Item extends z.ZodType,
  Create extends z.ZodType,
  Update extends z.ZodType,
>(app: App, spec: RuleRoutes<Item, Create, Update>): void {
  // Widened: the handler's type comes from the spec; the schema only validates and documents.
  const list: z.ZodType = envelopeOf(z.array(spec.item));
  app.get(
    spec.path,
    {
      schema: {
        tags: [spec.tag],
        summary: spec.list.summary,
        ...(spec.list.querystring ? { querystring: spec.list.querystring } : {}),
        response: { 200: list },
      },
    },
    async (request) => ok(await spec.list.run(request)),
  );
  registerWriteRoutes(app, spec);
}
