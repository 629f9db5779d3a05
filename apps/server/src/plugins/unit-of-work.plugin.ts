import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import {
  nestedUnitOfWork,
  type OpenUnitOfWork,
  runUnitOfWork,
  type UnitOfWork,
  type UnitOptions,
} from '../lib/unit-of-work.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * How a write route (POST, PUT, PATCH, DELETE) runs: 'transaction' (the default) opens
     * its unit of work around the handler (`request.unitOfWork`); 'deferred' lets the handler
     * open it when ready (`request.openUnitOfWork`: an upload is read first); 'none' for
     * routes that open a unit of their own making (a preview) or none at all (sign-in).
     */
    writeScope?: 'transaction' | 'deferred' | 'none';
    /** false: the route writes only what is not audited (sessions at sign-in and sign-out). */
    audit?: boolean;
    /** A dated rule write: its `?effectiveFrom=` becomes the unit of work's (modules/rule-calendar). */
    dated?: boolean;
  }
  interface FastifyRequest {
    /**
     * The unit of work of a write route ('transaction'), handed by the route to its service:
     * every statement of the write runs on its transaction. Set on write routes only.
     */
    unitOfWork: UnitOfWork;
    /** A 'deferred' write route opens its unit of work with this, once. Set on those routes only. */
    openUnitOfWork: OpenUnitOfWork;
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The header an injected request carries to run in a preview's unit of work (`joinable`). */
const JOIN_HEADER = 'x-salary-unit-of-work';

type JoinedActor = FastifyRequest['actor'];

/** The units of work open to injected requests, by one-time token; each only while its preview runs. */
const joinable = new Map<string, { uow: UnitOfWork; actor: JoinedActor }>();

/**
 * Lets the requests `work` injects (a preview runs the real write route: impact.routes.ts) run
 * in `uow`, signed in as `actor` (the preview's own caller): `work` gets the headers to send.
 * The token is random and forgotten when `work` ends, so no other request can join.
 */
export async function joinableUnitOfWork<T>(
  uow: UnitOfWork,
  actor: JoinedActor,
  work: (headers: Record<string, string>) => Promise<T>,
): Promise<T> {
  const token = randomBytes(24).toString('base64url');
  joinable.set(token, { uow, actor });
  try {
    return await work({ [JOIN_HEADER]: token });
  } finally {
    joinable.delete(token);
  }
}

/** The preview's unit of work this (injected) request runs in, with its caller; undefined for any other. */
export function joinedUnitOfWork(
  request: FastifyRequest,
): { uow: UnitOfWork; actor: JoinedActor } | undefined {
  const token = request.headers[JOIN_HEADER];
  return typeof token === 'string' ? joinable.get(token) : undefined;
}

/**
 * Registered in the /api scope before its routes: every write route gets its unit of work
 * (lib/unit-of-work.ts), opened around its handler or, deferred, by the handler itself, so
 * the change, its audit entry and its pay-history rows commit together or not at all, and a
 * handler that changed data without an audit entry is refused (when `requireAudit`). A
 * request a preview injected runs in a savepoint of the preview's unit instead.
 */
export default fp(async function unitOfWorkPlugin(
  app: FastifyInstance,
  opts: {
    db: Db;
    requireAudit: boolean;
    /** PostgreSQL: every audited write takes the company-wide write lock (lib/unit-of-work.ts). */
    serializeWrites: boolean;
  },
) {
  app.decorateRequest('unitOfWork', null as unknown as UnitOfWork);
  app.decorateRequest('openUnitOfWork', null as unknown as OpenUnitOfWork);
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat().map(String);
    if (!methods.some((m) => WRITE_METHODS.has(m))) return;
    const mode = route.config?.writeScope ?? 'transaction';
    if (mode === 'none') return;
    const handler = route.handler as RouteHandlerMethod;
    const label = `${methods.join(',')} ${route.url}`;
    const audited = opts.requireAudit && route.config?.audit !== false;
    // Sign-in and sign-out write only sessions: they never wait behind an import.
    const serialize = opts.serializeWrites && route.config?.audit !== false;
    const dated = route.config?.dated === true;
    route.handler = async function handlerInUnitOfWork(request, reply) {
      const actor = request.actor ? { id: request.actor.id, email: request.actor.email } : null;
      const effectiveFrom = dated ? (request.query as { effectiveFrom?: string }).effectiveFrom : undefined;
      const options: UnitOptions = { actor, label, audited, serialize, effectiveFrom };
      const joined = joinedUnitOfWork(request);
      const open: OpenUnitOfWork = joined
        ? (work) => nestedUnitOfWork(joined.uow, options, work)
        : (work) => runUnitOfWork(opts.db, options, work);
      if (mode === 'deferred') {
        request.openUnitOfWork = open;
        return handler.call(this, request, reply);
      }
      return open(async (uow) => {
        request.unitOfWork = uow;
        return handler.call(this, request, reply);
      });
    };
  });
});
