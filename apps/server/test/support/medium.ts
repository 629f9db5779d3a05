import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Actor, NO_PERMISSIONS, type Permissions } from '@salary/shared/common/permissions';
import {
  type EmployeeFilters,
  employeeListQuery,
  toEmployeeFilters,
} from '@salary/shared/employees/employee.contract';
import type { FastifyBaseLogger } from 'fastify';
import { type Config, loadConfig } from '../../src/config.ts';
import type { Database } from '../../src/db/client.ts';
import { createTokenService } from '../../src/lib/tokens.ts';
import { type OpenUnitOfWork, runUnitOfWork, type UnitOfWork } from '../../src/lib/unit-of-work.ts';
import { createUsersRepository } from '../../src/modules/users/users.repository.ts';
import { buildServices, type Services } from '../../src/services.ts';
import { type DbFactories, factoriesOn } from './factories.ts';
import { createTestDatabase } from './test-database.ts';

/*
 * The medium tier: the services as the composition root builds them (services.ts), on a fresh
 * copy of the migrated template database (test-database.ts), called directly — no HTTP app, no
 * token, no envelope. For tests whose subject is a query or a rule: figures, aggregates, plans,
 * descriptions. What the HTTP layer adds (status codes, envelopes, authentication, the access
 * matrix) stays in the server tier.
 *
 * Every write a medium test makes goes through `asActor`, the one place that knows how a write
 * is run (a unit of work of lib/unit-of-work.ts, opened as a write route's is).
 */

/** A user the services act for, with the email the audit trail names. */
export type MediumActor = Actor & { email: string; name: string };

export interface MediumContext extends DbFactories {
  services: Services;
  database: Database;
  config: Config;
  /** The administrator every medium database starts with. */
  admin: MediumActor;
  /** A non-admin user with these permissions (a row in users, as the audit trail needs). */
  newActor(permissions?: Partial<Permissions>): Promise<MediumActor>;
  /**
   * Runs `work` as one write of `actor`, committed as a write route commits it: in one unit of
   * work (`uow`, handed to the service as a route hands it), which must have recorded an audit
   * entry if it changed anything. With 'when-ready', as a deferred write route runs (the
   * import reads its upload first): no unit is open around `work`, which is handed `open` to
   * open it itself. With `{ effectiveFrom }`, as a dated write route runs (`?effectiveFrom=`).
   */
  asActor<T>(actor: MediumActor, work: (services: Services, uow: UnitOfWork) => Promise<T>): Promise<T>;
  asActor<T>(
    actor: MediumActor,
    dated: { effectiveFrom: string },
    work: (services: Services, uow: UnitOfWork) => Promise<T>,
  ): Promise<T>;
  asActor<T>(
    actor: MediumActor,
    mode: 'when-ready',
    work: (services: Services, open: OpenUnitOfWork) => Promise<T>,
  ): Promise<T>;
  close(): Promise<void>;
}

/** A logger that says nothing: the services log only on failures the tests look at otherwise. */
const noop = () => {};
const silentLogger = {
  level: 'silent',
  fatal: noop,
  error: noop,
  warn: noop,
  info: noop,
  debug: noop,
  trace: noop,
  silent: noop,
  child: () => silentLogger,
} as unknown as FastifyBaseLogger;

let userCounter = 0;

/**
 * The employee list's filters as its routes read them from a query string
 * (`technologyId=3&name=muller`): the contract's own parsing, so a medium test filters with
 * the same words an HTTP one does.
 */
export function listFilters(query: string): EmployeeFilters {
  return toEmployeeFilters(employeeListQuery.parse(Object.fromEntries(new URLSearchParams(query))));
}

export async function buildMediumServices(configOverrides: Partial<Config> = {}): Promise<MediumContext> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'salary-medium-'));
  const config: Config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
    ...configOverrides,
  };
  const database = await createTestDatabase();
  const rootDb = database.db;
  const users = createUsersRepository(rootDb);
  // No one signs in here: the hash is never checked.
  const insertUser = async (email: string, name: string, isAdmin: boolean, permissions: Permissions) => {
    const row = await users.insert({ email, name, passwordHash: 'not-a-hash', isAdmin, permissions });
    return { id: row.id, email, name, isAdmin, permissions };
  };
  const admin = await insertUser('admin@example.com', 'Administrator', true, NO_PERMISSIONS);
  const services = buildServices(rootDb, {
    config,
    tokens: createTokenService(config.jwtSecret!),
    lifetimes: { idleSeconds: config.jwtTtlSeconds, maxSeconds: config.sessionMaxSeconds },
    log: silentLogger,
    databaseKind: database.kind,
  });
  const serialize = database.kind === 'postgres';

  return {
    ...factoriesOn(rootDb),
    services,
    database,
    config,
    admin,
    async newActor(permissions = {}) {
      userCounter += 1;
      return insertUser(`medium${userCounter}-${Date.now()}@example.com`, `User ${userCounter}`, false, {
        ...NO_PERMISSIONS,
        ...permissions,
      });
    },
    asActor<T>(
      actor: MediumActor,
      ...args:
        | [work: (services: Services, uow: UnitOfWork) => Promise<T>]
        | [mode: 'when-ready', work: (services: Services, open: OpenUnitOfWork) => Promise<T>]
        | [dated: { effectiveFrom: string }, work: (services: Services, uow: UnitOfWork) => Promise<T>]
    ): Promise<T> {
      const options = {
        actor: { id: actor.id, email: actor.email },
        label: `a medium test's write as ${actor.email}`,
        serialize,
      };
      if (args.length === 1) return runUnitOfWork(rootDb, options, (uow) => args[0](services, uow));
      if (typeof args[0] === 'object') {
        const [dated, work] = args as [
          { effectiveFrom: string },
          (s: Services, uow: UnitOfWork) => Promise<T>,
        ];
        return runUnitOfWork(rootDb, { ...options, effectiveFrom: dated.effectiveFrom }, (uow) =>
          work(services, uow),
        );
      }
      const [, work] = args as [string, (services: Services, open: OpenUnitOfWork) => Promise<T>];
      return work(services, (w) => runUnitOfWork(rootDb, options, w));
    },
    async close() {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
