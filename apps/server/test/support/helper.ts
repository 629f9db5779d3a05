import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { User } from '@salary/shared/auth/auth.contract';
import type { Envelope } from '@salary/shared/common/envelope';
import { NO_PERMISSIONS, PERMISSION_KEYS, type Permissions } from '@salary/shared/common/permissions';
import type {
  FastifyInstance,
  FastifyServerOptions,
  InjectOptions,
  LightMyRequestResponse,
  RouteOptions,
} from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { hashPassword } from '../../src/lib/passwords.ts';
import { createUsersRepository } from '../../src/modules/users/users.repository.ts';
import { type DbFactories, factoriesOn } from './factories.ts';
import { createTestDatabase } from './test-database.ts';

/** The administrator every test app starts with. */
export const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' } as const;
export const USER_PASSWORD = 'Kettle-harbor-58';
/** Every permission a non-admin user can hold. */
/** Every grant; Own team only is a limit, not a grant, so it stays off. */
export const ALL_PERMISSIONS = Object.fromEntries(
  PERMISSION_KEYS.map((key) => [key, key !== 'ownTeamOnly']),
) as Permissions;

/** The app, its database, an admin's token, and the factories bound to that database (`t.newJob()`). */
export interface TestContext extends DbFactories {
  app: FastifyInstance;
  database: Database;
  config: Config;
  adminToken: string;
  /** app.inject with an optional bearer token; answers the parsed envelope too. */
  call<T = unknown>(
    options: InjectOptions & { token?: string },
  ): Promise<LightMyRequestResponse & { body: string; envelope: Envelope<T> }>;
  /** `call` with the administrator's token (unless `options` name another). */
  callAsAdmin: TestContext['call'];
  /** Creates a non-admin user with the given permissions and answers a token for it. */
  createUser(
    permissions?: Partial<Permissions>,
    /** `employeeId`: the employee the user is (Own team only reads that one's reports). */
    overrides?: { email?: string; name?: string; employeeId?: number },
  ): Promise<{
    user: User;
    token: string;
    email: string;
  }>;
  login(email: string, password: string): Promise<string>;
  /**
   * A second app instance on the same database — on PostgreSQL through its own connection
   * pool, as another replica would be; it shares nothing in memory with the first.
   */
  replica(configOverrides?: Partial<Config>): Promise<Pick<TestContext, 'app' | 'call' | 'close'>>;
  close(): Promise<void>;
}

let userCounter = 0;

/**
 * The real app on a fresh database (migrated template) with one administrator. Tests
 * call it through `inject`; nothing of ours is mocked.
 */
export async function buildTestApp(
  configOverrides: Partial<Config> = {},
  options: { logger?: FastifyServerOptions['logger']; onRoute?: (route: RouteOptions) => void } = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'salary-app-'));
  const config: Config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
    loginRateLimit: 1000,
    ...configOverrides,
  };
  const database = await createTestDatabase();
  const users = createUsersRepository(database.db);
  await users.insert({
    email: ADMIN.email,
    name: 'Administrator',
    passwordHash: await hashPassword(ADMIN.password),
    isAdmin: true,
    permissions: NO_PERMISSIONS,
  });
  const app = await buildApp({
    config,
    database,
    logger: options.logger ?? false,
    closeDatabaseOnShutdown: false,
    onRoute: options.onRoute,
  });
  await app.ready();

  const call: TestContext['call'] = callOf(app);

  const login = async (email: string, password: string) => {
    const res = await call<{ token: string }>({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
    });
    if (res.statusCode !== 200) throw new Error(`login failed for ${email}: ${res.body}`);
    return res.envelope.data.token;
  };

  const adminToken = await login(ADMIN.email, ADMIN.password);
  const callAsAdmin: TestContext['call'] = (options) => call({ token: adminToken, ...options });

  return {
    ...factoriesOn(database.db),
    app,
    database,
    config,
    adminToken,
    call,
    callAsAdmin,
    login,
    async createUser(permissions = {}, overrides = {}) {
      userCounter += 1;
      const email = overrides.email ?? `user${userCounter}-${Date.now()}@example.com`;
      const res = await call<User>({
        method: 'POST',
        url: '/api/auth/users',
        token: adminToken,
        payload: {
          email,
          name: overrides.name ?? `User ${userCounter}`,
          password: USER_PASSWORD,
          permissions: { ...NO_PERMISSIONS, ...permissions },
          ...(overrides.employeeId !== undefined && { employeeId: overrides.employeeId }),
        },
      });
      if (res.statusCode !== 201) throw new Error(`createUser failed: ${res.body}`);
      return { user: res.envelope.data, token: await login(email, USER_PASSWORD), email };
    },
    async replica(overrides = {}) {
      const second = database.url
        ? await openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 })
        : database;
      const replicaApp = await buildApp({
        config: { ...config, ...overrides },
        database: second,
        logger: false,
        closeDatabaseOnShutdown: false,
      });
      await replicaApp.ready();
      return {
        app: replicaApp,
        call: callOf(replicaApp),
        async close() {
          await replicaApp.close();
          if (second !== database) await second.close();
        },
      };
    },
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The test app of one file, built before its first test and closed after its last
 * (`const t = testAppForFile()` at the top). The object is filled in by the hook, so read it in
 * hooks and tests only; the file's own `beforeAll` hooks, registered after, already see it.
 */
export function testAppForFile(configOverrides: Partial<Config> = {}): TestContext {
  const t = {} as TestContext;
  beforeAll(async () => {
    Object.assign(t, await buildTestApp(configOverrides));
  });
  // A failed build leaves nothing to close.
  afterAll(async () => t.close?.());
  return t;
}

/** app.inject with an optional bearer token, answering the parsed envelope too. */
function callOf(app: FastifyInstance): TestContext['call'] {
  return async (options) => {
    const { token, ...rest } = options;
    const headers = { ...(rest.headers ?? {}) } as Record<string, string>;
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await app.inject({ ...rest, headers } as InjectOptions);
    let envelope: Envelope<never>;
    try {
      envelope = JSON.parse(response.body);
    } catch {
      envelope = undefined as unknown as Envelope<never>;
    }
    return Object.assign(response, { envelope });
  };
}

/** A second instance of the test app on its database (see `TestContext.replica`). */
export type Replica = Awaited<ReturnType<TestContext['replica']>>;

/** The test app and a replica of it sharing its database. */
export async function buildTestAppAndReplica(): Promise<{ t: TestContext; replica: Replica }> {
  const t = await buildTestApp();
  return { t, replica: await t.replica() };
}

/** Closes each in turn, the ones a failed setup never made passed over. */
export async function closeAll(...apps: Array<{ close(): Promise<void> } | undefined>) {
  for (const app of apps) await app?.close();
}

/** `res` answered `status` with `message`, its data equal to `data`. */
export function expectAnswered(
  res: { statusCode: number; body: string; envelope: { message: string; data: unknown } },
  status: number,
  message: string,
  data: unknown,
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.envelope.message).toBe(message);
  expect(res.envelope.data).toEqual(data);
}

/** `res` was refused 409 with `message`, in the error envelope. */
export function expectConflict(
  res: { statusCode: number; body: string; envelope: unknown },
  message: string,
) {
  expect(res.statusCode, res.body).toBe(409);
  expect(res.envelope).toMatchObject({ success: false, error: 'CONFLICT', message });
}

/** A sign-in provider that is never called: with it the app registers its OIDC routes too. */
export const UNREACHED_OIDC = {
  issuer: 'http://127.0.0.1:1',
  clientId: 'salary',
  clientSecret: 'not-used-here',
  autoCreate: false,
  redirectUri: 'http://salary.test/api/auth/oidc/callback',
};
