import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { migrateDatabase, openDatabase } from './db/client.ts';
import { ensureFirstAdmin } from './modules/users/first-admin.service.ts';
import { createUsersRepository } from './modules/users/users.repository.ts';
import { runDemoSeed } from './seed/demo.ts';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env, process.argv.slice(2));
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl }
        : { kind: 'pglite', dataDir: config.dataDir },
    );
  } catch (error) {
    if (config.databaseUrl) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    console.error(
      `Salary System could not open its database in ${config.dataDir} (${reason}). ` +
        'Check that this directory is writable and its disk is not full, then start again.',
    );
    process.exit(1);
  }
  // Replicas starting together take turns: the first migrates, creates the admin and seeds;
  // the others then find it all done.
  await database.exclusive(async () => {
    await migrateDatabase(database);
    await ensureFirstAdmin(createUsersRepository(database.db), {
      email: config.adminEmail,
      password: config.adminPassword,
      print: (line) => console.log(line),
    });
    if (config.demo) {
      const outcome = await runDemoSeed(database.db);
      console.log(outcome.message);
    }
  });

  const app = await buildApp({ config, database });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  console.log(
    `Salary System is running on http://localhost:${config.port} (${database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`})`,
  );
}

main().catch((error) => {
  console.error('Salary System failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
