import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { collectGarbage } from '../lib/collect-garbage.ts';
import { MIGRATIONS_DIR } from '../paths.ts';
import * as schema from './schema.ts';
import { SerialClient } from './serial-queries.ts';
import { installWriteNotices, type WriteEpoch, watchWrites } from './write-epoch.ts';

export type { WriteEpoch };

/** One typed handle for both drivers: repositories never know which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle has the same query API as the database handle. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * The drivers `db` runs on, for what needs the driver itself. PGlite: its instance (tests
   * dump it as a template). PostgreSQL: the pool (a read that holds one connection, see
   * modules/pricing/snapshot-reads.repository.ts).
   */
  pglite?: PGlite;
  pool?: pg.Pool;
  /**
   * PGlite only: counts committed writes, notified by the database itself (write-epoch.ts).
   * Undefined on PostgreSQL, where other replicas write too.
   */
  writeEpoch?: WriteEpoch;
  /**
   * Runs `work` while holding the start-up lock, so replicas starting together on one empty
   * database migrate, create the first admin and seed one at a time (PostgreSQL: a session
   * advisory lock on a dedicated connection; PGlite has one process, so it just runs).
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The advisory lock key of start-up work: any fixed bigint no other code uses. */
const STARTUP_LOCK_KEY = '7310482215093377';

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob | File };

/**
 * PGlite's buffer pool. Its default, PostgreSQL's 128 MB, is resident in the server's memory
 * from the start, and it only copies pages the operating system already caches (PGlite reads
 * its data directory through ordinary files) or, in memory, pages that are already in memory.
 * At 16 MB a server with 100,000 employees idled at 320–335 MB instead of 445–465 MB, and the
 * list, insights and pay-report reads at 100,000 took the same time (`npm run bench`, 25 Nov).
 */
const PGLITE_SHARED_BUFFERS = '16MB';

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // Each connection queues its statements (serial-queries.ts).
      Client: SerialClient,
    });
    // An idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
    pool.on('connect', (client) => {
      // A connection lost while a request holds it (the pool listens only while it is idle):
      // its statements fail, the request answers 503 (error-handler.plugin.ts) and, released, the
      // connection leaves the pool. Without a listener the 'error' event ends the process.
      client.on('error', () => undefined);
    });
    // NUMERIC stays a string (exact); the repositories convert with the money module.
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const exclusive = async <T>(work: () => Promise<T>): Promise<T> => {
      // Its own connection, outside the pool: the lock lives as long as this session, and
      // `work` may use every pooled connection (a crash ends the session and frees the lock).
      const holder = new pg.Client({ connectionString: options.url });
      // Lost, its next statement fails and start-up stops with that error, not an 'error' event.
      holder.on('error', () => undefined);
      await holder.connect();
      try {
        await holder.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        try {
          return await work();
        } finally {
          await holder.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
        }
      } finally {
        await holder.end();
      }
    };
    return { db, kind: 'postgres', pool, exclusive, close: () => pool.end() };
  }
  let dataDir: string | undefined;
  let fresh = false;
  if (options.dataDir) {
    dataDir = path.join(options.dataDir, 'pgdata');
    mkdirSync(dataDir, { recursive: true });
    fresh = !existsSync(path.join(dataDir, 'PG_VERSION'));
  }
  const create = () =>
    PGlite.create(dataDir, {
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
  let client = await create();
  if (fresh) {
    // Creating the database (initdb) grows PGlite's WebAssembly memory to ~570 MB, which an
    // instance never gives back: a first `npm start` idled at ~800 MB, a restart at ~300 MB.
    // Opened again, the files are the same and the memory is the size the data needs.
    await client.close();
    client = await create();
    // The closed instance's memory goes back only when collected, which an idle server may
    // not do for a long time (a first start idled at 380 or at 730 MB, run to run).
    collectGarbage();
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    writeEpoch: await watchWrites(client),
    exclusive: (work) => work(),
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

export async function migrateDatabase(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (database.kind === 'postgres') {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the driver-specific handle
    await migratePg(database.db as any, config);
  } else {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the driver-specific handle
    await migratePglite(database.db as any, config);
    // Every table, old and new, notifies its committed writes (write-epoch.ts).
    await installWriteNotices(database.pglite!);
  }
}
