import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import type { Database } from '../../apps/server/src/db/client.ts';
import { BENCH_ADMIN } from '../generate.ts';

/** The log level every bench server runs with (the bare baseline uses the same). */
export const BENCH_LOG_LEVEL = (process.env.BENCH_LOG_LEVEL ?? 'silent') as 'silent' | 'warn';
const JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256-signing';

/** What the probe routes answer (set by the calculate benchmark to a real answer). */
export const probeAnswer: { value: unknown } = { value: null };

export interface BenchApp {
  app: FastifyInstance;
  /** The bench administrator's bearer token. */
  token: string;
  /** http://127.0.0.1:<port> when listening. */
  baseUrl: string | undefined;
  close(): Promise<void>;
}

/** The real app (buildApp + loadConfig) over a bench database, signed in as the bench admin. */
export async function startBenchApp(
  database: Database,
  opts: { dataDir: string; listen?: boolean; webDist?: string; probes?: boolean },
): Promise<BenchApp> {
  const config = loadConfig({
    DATA_DIR: opts.dataDir,
    LOG_LEVEL: BENCH_LOG_LEVEL,
    JWT_SECRET,
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    LOGIN_RATE_LIMIT: '1000',
    ...(opts.webDist ? { WEB_DIST: opts.webDist } : {}),
  });
  const app = await buildApp({
    config,
    database,
    closeDatabaseOnShutdown: false,
    // Diagnostics for the calculate figure: the app's own plugins and hooks with no work
    // (public), then with the sign-in check every /api route makes — and nothing else.
    // Inside the /api scope, where the sign-in check is registered.
    extraApiRoutes: opts.probes
      ? (api) => {
          // Like the calculator, POSTs that store nothing: no write scope.
          api.post(
            '/bench-probe/public',
            { config: { public: true, writeScope: 'none' } },
            async () => probeAnswer.value,
          );
          api.post(
            '/bench-probe/signed-in',
            { config: { writeScope: 'none' } },
            async () => probeAnswer.value,
          );
        }
      : undefined,
  });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: BENCH_ADMIN.email, password: BENCH_ADMIN.password },
  });
  if (login.statusCode !== 200) throw new Error(`bench login failed: ${login.body}`);
  const token = (login.json() as { data: { token: string } }).data.token;
  let baseUrl: string | undefined;
  if (opts.listen) {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no TCP address');
    baseUrl = `http://127.0.0.1:${address.port}`;
  }
  return { app, token, baseUrl, close: () => app.close() };
}

/** A request as the bench administrator that must answer 200: its envelope, parsed. */
export async function benchCall<T = Record<string, unknown>>(
  bench: BenchApp,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
): Promise<{ data: T }> {
  const res = await bench.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${bench.token}` },
    ...(payload ? { payload } : {}),
  });
  if (res.statusCode !== 200)
    throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return JSON.parse(res.body) as { data: T };
}
