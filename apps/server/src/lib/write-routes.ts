import { emptyEnvelope, envelopeOf, idParam } from '@salary/shared/common/envelope';
import type { Actor } from '@salary/shared/common/permissions';
import { versionQuery } from '@salary/shared/common/stale-version';
import { effectiveFromQuery } from '@salary/shared/employees/dated.contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from './reply.ts';
import { routeDoc } from './route-doc.ts';
import type { UnitOfWork } from './unit-of-work.ts';

/*
 * The writes of a resource kept by id (create, update, delete; reorder for a list with an
 * order of its own), each with its schemas and summary, handed straight to the service with
 * the route's unit of work (plugins/unit-of-work.plugin.ts) and answered "<Noun> created successfully"
 * and so on: the rule lists, users and employees. The module's routes file registers each one
 * under its own method and path, so the path is spelled where the route lives:
 *
 *   const writes = writeRoutes('jobs', 'Job', jobSchema);
 *   app.post('/jobs', writes.create('Create a job (manageSettings)', createJobBody, service.create));
 *   app.put('/jobs/:id', writes.update('Rename a job (manageSettings)', updateJobBody, service.update));
 *   app.delete('/jobs/:id', writes.remove('Delete a job … (manageSettings)', service.remove));
 *
 * Each answers the route's options with its handler (`app.post(path, options)`). A resource
 * without a delete registers none: the path answers 404.
 */

/** What a write reads, with its query string when it takes one. */
const withQuery = <R extends { body: z.ZodType }>(
  reads: R,
  querystring?: z.ZodType,
): R & { querystring?: z.ZodType } => (querystring ? { ...reads, querystring } : reads);

const idOf = (request: FastifyRequest) => (request.params as z.output<typeof idParam>).id;

/** The service call a write hands its request to: the unit of work and the actor, then what the route read. */
type WriteRun<Reads extends unknown[], Answer> = (
  uow: UnitOfWork,
  actor: Actor,
  ...reads: Reads
) => Promise<Answer>;

/** The body and query string a write read, as its schemas validated them. */
const bodyAndQuery = <Body extends z.ZodType, Query extends z.ZodType>(request: FastifyRequest) =>
  [request.body as z.output<Body>, request.query as z.output<Query>] as const;

export function writeRoutes<Item extends z.ZodType>(
  tag: string,
  noun: string,
  item: Item,
  /** Dated rule writes: each takes `?effectiveFrom=`, the day it takes effect from (modules/rule-calendar). */
  options: { dated?: boolean } = {},
) {
  const base = routeDoc(tag);
  const dated = options.dated === true;
  // A dated write reads `?effectiveFrom=` beside whatever query it takes, and says so to the unit of work.
  const doc: typeof base = (summary, answer, more) => {
    if (!dated) return base(summary, answer, more);
    const reads = (more ?? {}) as { querystring?: z.ZodObject };
    const querystring = reads.querystring
      ? reads.querystring.extend(effectiveFromQuery.shape)
      : effectiveFromQuery;
    return base(summary, answer, { ...more, querystring, config: { dated: true } } as unknown as typeof more);
  };
  // Widened: the handlers' types come from `run`; the schemas only validate and document.
  const row: z.ZodType = item;
  return {
    /** POST <path>: 201 "<Noun> created successfully". */
    create<Body extends z.ZodType, Query extends z.ZodType = z.ZodType>(
      summary: string,
      body: Body,
      run: WriteRun<[input: z.output<Body>, query: z.output<Query>], z.output<Item>>,
      /** The route's query string, when it takes one (`?effectiveFrom=`). */
      querystring?: Query,
    ) {
      return {
        ...doc(summary, { 201: envelopeOf(row) }, withQuery({ body }, querystring)),
        // Answered after the handler's unit of work commits (a sent reply would go out before).
        handler: async (request: FastifyRequest, reply: FastifyReply) => {
          const created = await run(request.unitOfWork, request.actor, ...bodyAndQuery<Body, Query>(request));
          reply.status(201);
          return ok(created, `${noun} created successfully`);
        },
      };
    },
    /** PUT <path>/:id: "<Noun> updated successfully". */
    update<Body extends z.ZodType, Query extends z.ZodType = z.ZodType>(
      summary: string,
      body: Body,
      run: WriteRun<[id: number, input: z.output<Body>, query: z.output<Query>], z.output<Item>>,
      /** The route's query string, when it takes one (`?effectiveFrom=`). */
      querystring?: Query,
    ) {
      return {
        ...doc(summary, row, withQuery({ params: idParam, body }, querystring)),
        handler: async (request: FastifyRequest) =>
          ok(
            await run(
              request.unitOfWork,
              request.actor,
              idOf(request),
              ...bodyAndQuery<Body, Query>(request),
            ),
            `${noun} updated successfully`,
          ),
      };
    },
    /**
     * POST <path>/reorder of a list with an order of its own (grades, levels): the list in its
     * new order, "<plural> reordered successfully".
     */
    reorder<Body extends z.ZodType>(
      summary: string,
      plural: string,
      body: Body,
      run: WriteRun<[input: z.output<Body>], Array<z.output<Item>>>,
    ) {
      return {
        ...doc(summary, z.array(row), { body: body as z.ZodType }),
        handler: async (request: FastifyRequest) =>
          ok(
            await run(request.unitOfWork, request.actor, request.body as z.output<Body>),
            `${plural} reordered successfully`,
          ),
      };
    },
    /**
     * DELETE <path>/:id: "<Noun> deleted successfully". `version` is the `?version=` the row
     * was read at (a stale one answers 409 STALE_VERSION).
     */
    remove(summary: string, run: WriteRun<[id: number, version?: number], void>) {
      return {
        ...doc(summary, { 200: emptyEnvelope }, { params: idParam, querystring: versionQuery }),
        handler: async (request: FastifyRequest) => {
          const { version } = request.query as z.output<typeof versionQuery>;
          await run(request.unitOfWork, request.actor, idOf(request), version);
          return ok(null, `${noun} deleted successfully`);
        },
      };
    },
  };
}
