import { emptyEnvelope, envelopeOf, idParam } from '@salary/shared/common/envelope';
import type { Actor } from '@salary/shared/common/permissions';
import { versionQuery } from '@salary/shared/common/stale-version';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ok } from './reply.ts';
import { routeDoc } from './route-doc.ts';
import type { UnitOfWork } from './unit-of-work.ts';

/*
 * The three writes of a resource kept by id (create, update, delete), each declared with its
 * schemas and summary and handed straight to the service with the route's unit of work
 * (plugins/unit-of-work.ts), answered "<Noun> created successfully" and so on: the rule lists
 * (rule-routes.ts), users and employees.
 */

export type App = Parameters<FastifyPluginAsyncZod>[0];

export interface WriteRoutes<Item extends z.ZodType, Create extends z.ZodType, Update extends z.ZodType> {
  /** '/jobs': created there, updated and deleted at '/jobs/:id'. */
  path: string;
  tag: string;
  /** As messages start: 'Job' → "Job created successfully". */
  noun: string;
  item: Item;
  create: {
    summary: string;
    body: Create;
    run(uow: UnitOfWork, actor: Actor, input: z.output<Create>): Promise<z.output<Item>>;
  };
  update: {
    summary: string;
    body: Update;
    run(uow: UnitOfWork, actor: Actor, id: number, input: z.output<Update>): Promise<z.output<Item>>;
  };
  /**
   * Left out where the resource has no delete: the path answers 404. `version` is the
   * `?version=` the row was read at (a stale one answers 409 STALE_VERSION).
   */
  remove?: {
    summary: string;
    run(uow: UnitOfWork, actor: Actor, id: number, version?: number): Promise<void>;
  };
}

export function registerWriteRoutes<
  Item extends z.ZodType,
  Create extends z.ZodType,
  Update extends z.ZodType,
>(app: App, spec: WriteRoutes<Item, Create, Update>): void {
  const doc = routeDoc(spec.tag);
  // Widened: the handlers' types come from the spec; the schemas only validate and document.
  const item: z.ZodType = spec.item;
  const byId = `${spec.path}/:id`;
  const idOf = (request: FastifyRequest) => (request.params as z.output<typeof idParam>).id;

  app.post(
    spec.path,
    doc(spec.create.summary, { 201: envelopeOf(item) }, { body: spec.create.body as z.ZodType }),
    // Answered after the handler's unit of work commits (a sent reply would go out before).
    async (request, reply) => {
      const created = await spec.create.run(
        request.unitOfWork,
        request.actor,
        request.body as z.output<Create>,
      );
      reply.status(201);
      return ok(created, `${spec.noun} created successfully`);
    },
  );
  app.put(
    byId,
    doc(spec.update.summary, item, { params: idParam, body: spec.update.body as z.ZodType }),
    async (request) =>
      ok(
        await spec.update.run(
          request.unitOfWork,
          request.actor,
          idOf(request),
          request.body as z.output<Update>,
        ),
        `${spec.noun} updated successfully`,
      ),
  );
  const { remove } = spec;
  if (remove) {
    app.delete(
      byId,
      doc(remove.summary, { 200: emptyEnvelope }, { params: idParam, querystring: versionQuery }),
      async (request) => {
        const { version } = request.query as z.output<typeof versionQuery>;
        await remove.run(request.unitOfWork, request.actor, idOf(request), version);
        return ok(null, `${spec.noun} deleted successfully`);
      },
    );
  }
}
