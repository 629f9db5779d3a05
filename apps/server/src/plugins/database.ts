import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client.ts';
import { scopedDb } from '../lib/write-scope.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database, or the current write scope's transaction (see write-scope.ts). */
    db: Db;
    /** The database itself: for opening transactions and scopes. */
    rootDb: Db;
    database: Database;
  }
}

/**
 * Exposes the database handle — scoped: each statement runs on the current write scope's
 * transaction when there is one — and closes the database with the app (graceful shutdown).
 */
export default fp(async function database(
  app: FastifyInstance,
  opts: { database: Database; closeOnShutdown: boolean },
) {
  app.decorate('database', opts.database);
  app.decorate('rootDb', opts.database.db);
  app.decorate('db', scopedDb(opts.database.db));
  if (opts.closeOnShutdown) app.addHook('onClose', async () => opts.database.close());
});
