import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

/** Exposes the database handle; closing the app closes the database (graceful shutdown). */
export default fp(async function database(
  app: FastifyInstance,
  opts: { database: Database; closeOnShutdown: boolean },
) {
  app.decorate('database', opts.database);
  app.decorate('db', opts.database.db);
  if (opts.closeOnShutdown) app.addHook('onClose', async () => opts.database.close());
});
