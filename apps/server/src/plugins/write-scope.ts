import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { runDeferredScope, runWriteScope } from '../lib/write-scope.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * How a write route (POST, PUT, PATCH, DELETE) runs: 'transaction' (the default) wraps
     * the handler in one write scope; 'deferred' lets the handler open it when ready (an
     * upload is read first); 'none' for routes that write through a scope of their own
     * making (a preview).
     */
    writeScope?: 'transaction' | 'deferred' | 'none';
    /** false: the route writes only what is not audited (sessions at sign-in and sign-out). */
    audit?: boolean;
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Registered in the /api scope before its routes: every write route's handler runs inside
 * one write scope (lib/write-scope.ts), so the change, its audit entry and its pay-history
 * rows commit together or not at all, and a handler that changed data without an audit
 * entry is refused (when `requireAudit`).
 */
export default fp(async function writeScopePlugin(
  app: FastifyInstance,
  opts: {
    db: Db;
    requireAudit: boolean;
    /** PostgreSQL: every audited write takes the company-wide write lock (lib/write-scope.ts). */
    serializeWrites: boolean;
  },
) {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat().map(String);
    if (!methods.some((m) => WRITE_METHODS.has(m))) return;
    const mode = route.config?.writeScope ?? 'transaction';
    if (mode === 'none') return;
    const handler = route.handler as RouteHandlerMethod;
    const label = `${methods.join(',')} ${route.url}`;
    const unaudited = !opts.requireAudit || route.config?.audit === false;
    // Sign-in and sign-out write only sessions: they never wait behind an import.
    const serialize = opts.serializeWrites && route.config?.audit !== false;
    route.handler = async function scopedHandler(request, reply) {
      const actor = request.actor ? { id: request.actor.id, email: request.actor.email } : null;
      const run = async () => handler.call(this, request, reply);
      return mode === 'deferred'
        ? runDeferredScope(run, { actor, label, unaudited })
        : runWriteScope(opts.db, run, { actor, label, unaudited, serialize });
    };
  });
});
