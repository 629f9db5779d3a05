import { type ChildProcess, execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import { promisify } from 'node:util';
import { ensureServerBuild, startBuiltServer, stopProcess } from '../scripts/build-server.mjs';
import { freePort } from '../scripts/free-port.mjs';
import { sampleProfile } from './calculate.ts';
import { BENCH_ADMIN, type BenchDatabase } from './generate.ts';
import { round } from './lib/stats.ts';

const run = promisify(execFile);
const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
const JWT_SECRET = 'bench-replicas-secret-that-is-long-enough-for-hs256';

export interface ReplicasFigure {
  employees: number;
  /** The machine's ceiling: every replica, PostgreSQL and the load generator share these. */
  cores: number;
  seconds: number;
  connections: number;
  /** Requests/s with 1 and with N server processes (the built server, as `npm start` runs it), mean of the rounds. */
  runs: { replicas: number; listRps: number; calculateRps: number }[];
  /** N replicas' req/s ÷ one replica's. */
  listScale: number;
  calculateScale: number;
}

interface Replica {
  url: string;
  child: ChildProcess;
}

async function startReplica(bench: BenchDatabase, url: string): Promise<Replica> {
  const { child, baseURL } = await startBuiltServer(
    {
      DATABASE_URL: url,
      DATA_DIR: bench.dataDir,
      JWT_SECRET,
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      LOGIN_RATE_LIMIT: '1000',
      LOG_LEVEL: 'silent',
      DEMO: '',
    },
    { port: await freePort(), keepChars: 4000, timeoutMs: 60_000 },
  );
  return { url: baseURL, child };
}

const stop = (replica: Replica) => stopProcess(replica.child);

/** autocannon in its own process, its connections spread round-robin over every URL. */
async function cannon(
  urls: string[],
  opts: { seconds: number; connections: number; method: 'GET' | 'POST'; headers: string[]; body?: string },
): Promise<number> {
  const args = [AUTOCANNON, '-j', '-n', '-c', String(opts.connections), '-d', String(opts.seconds)];
  args.push('-m', opts.method);
  for (const header of opts.headers) args.push('-H', header);
  if (opts.body) args.push('-b', opts.body);
  const { stdout } = await run(process.execPath, [...args, ...urls], { maxBuffer: 16 * 1024 * 1024 });
  const result = JSON.parse(stdout) as {
    requests: { total: number };
    duration: number;
    non2xx: number;
    errors: number;
    timeouts: number;
  };
  if (result.non2xx || result.errors || result.timeouts)
    throw new Error(
      `${urls[0]}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  return result.requests.total / result.duration;
}

/**
 * The same PostgreSQL database served by `replicas` server processes (the built server, one
 * JWT secret). Load goes to the first one only, then to all of them, alternating round by
 * round so both see the same machine: list (as a browser asks for it, compressed) and
 * calculate throughput, autocannon spreading its connections over the replicas it is given.
 */
export async function benchReplicas(
  bench: BenchDatabase,
  opts: { replicas: number; seconds: number; rounds: number; connections: number },
): Promise<ReplicasFigure> {
  if (bench.location.kind !== 'postgres') throw new Error('replicas need PostgreSQL');
  const url = bench.location.url;
  await ensureServerBuild({ quiet: true });
  const body = JSON.stringify(await sampleProfile(bench.database.db));
  const replicas: Replica[] = [];
  try {
    for (let i = 0; i < opts.replicas; i++) replicas.push(await startReplica(bench, url));
    const login = await fetch(`${replicas[0]!.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(BENCH_ADMIN),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const auth = `authorization=Bearer ${token}`;
    const list = {
      method: 'GET' as const,
      headers: [auth, 'accept-encoding=gzip, deflate, br'],
      connections: opts.connections,
    };
    const calculate = {
      method: 'POST' as const,
      headers: [auth, 'content-type=application/json'],
      body,
      connections: opts.connections,
    };
    const counts = [1, opts.replicas];
    const urls = (count: number, route: string) => replicas.slice(0, count).map((r) => `${r.url}${route}`);
    // Warm-up of every replica: JIT, connection pools, caches.
    await cannon(urls(opts.replicas, '/api/employees'), { ...list, seconds: 1 });
    await cannon(urls(opts.replicas, '/api/calculate'), { ...calculate, seconds: 1 });
    const slice = Math.max(1, Math.round(opts.seconds / opts.rounds));
    const totals = new Map(counts.map((c) => [c, { list: 0, calculate: 0 }]));
    for (let round = 0; round < opts.rounds; round++) {
      for (const count of counts) {
        const total = totals.get(count)!;
        total.list += await cannon(urls(count, '/api/employees'), { ...list, seconds: slice });
        total.calculate += await cannon(urls(count, '/api/calculate'), { ...calculate, seconds: slice });
      }
    }
    const runs = counts.map((count) => ({
      replicas: count,
      listRps: Math.round(totals.get(count)!.list / opts.rounds),
      calculateRps: Math.round(totals.get(count)!.calculate / opts.rounds),
    }));
    const [one, many] = [runs[0]!, runs[1]!];
    return {
      employees: bench.employees,
      cores: os.cpus().length,
      seconds: slice * opts.rounds,
      connections: opts.connections,
      runs,
      listScale: round(many.listRps / one.listRps),
      calculateScale: round(many.calculateRps / one.calculateRps),
    };
  } finally {
    await Promise.all(replicas.map(stop));
  }
}
