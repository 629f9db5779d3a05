import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database; a write runs on its unit of work's transaction (lib/unit-of-work.ts). */
    db: Db;
    database: Database;
  }
}

/** Exposes the database handle, and closes the database with the app (graceful shutdown). */
export default fp(async function database(
  app: FastifyInstance,
  opts: { database: Database; closeOnShutdown: boolean },
) {
  app.decorate('database', opts.database);
  app.decorate('db', opts.database.db);
  if (opts.closeOnShutdown) app.addHook('onClose', async () => opts.database.close());
});
