import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { JSON_BODY_LIMIT, loggerOptions } from '../apps/server/src/app.ts';
import type { Db } from '../apps/server/src/db/client.ts';
import { BENCH_LOG_LEVEL, type BenchApp, probeAnswer } from './lib/bench-app.ts';
import { round } from './lib/stats.ts';

const run = promisify(execFile);
const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

export interface CalculateFigure {
  /** Seconds of load per contender, split into `rounds` alternating runs (bare, calculate, …). */
  seconds: number;
  rounds: number;
  connections: number;
  /** POST /api/calculate, signed in, a realistic profile; mean requests/s. */
  calculateRps: number;
  /** A bare Fastify POST route in the same process answering a JSON of the same size. */
  bareRps: number;
  /** calculateRps ÷ bareRps; goal ≥ 0.7. */
  ratio: number;
  responseBytes: number;
  /**
   * Where the gap comes from (present when the app has the probe routes): the same answer
   * from a route of the real app with no work (its plugins and hooks only), then from one
   * that also passes the sign-in check (token + user read from the database).
   */
  ladder?: { appPublicNoopRps: number; appSignedInNoopRps: number };
  /**
   * This process's CPU time per answered request (µs), per contender, and bare ÷ calculate:
   * what each answer costs the server, which a busy machine moves far less than req/s (the
   * load generator runs in its own process). PostgreSQL's own work is not in it.
   */
  cpuPerRequestUs?: Record<string, number>;
  cpuRatio?: number;
}

interface CannonResult {
  requests: { total: number };
  duration: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

/**
 * autocannon runs in its own process (the CLI, bounded by -d) so the load generator does not
 * share the servers' event loop; both servers live in this process on 127.0.0.1.
 */
async function cannon(
  url: string,
  body: string,
  seconds: number,
  connections: number,
  token?: string,
  /** Requests to send, however long they take, instead of `seconds`. */
  amount?: number,
) {
  const bound = amount === undefined ? ['-d', String(seconds)] : ['-a', String(amount)];
  const args = [AUTOCANNON, '-j', '-n', '-c', String(connections), ...bound, '-m', 'POST'];
  args.push('-H', 'content-type=application/json', '-b', body);
  if (token) args.push('-H', `authorization=Bearer ${token}`);
  const { stdout } = await run(process.execPath, [...args, url], { maxBuffer: 16 * 1024 * 1024 });
  const result = JSON.parse(stdout) as CannonResult;
  if (result.non2xx || result.errors || result.timeouts)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  return { requests: result.requests.total, seconds: result.duration };
}

/** A believable calculator request: a priced job/position, some flags, benefits and a what-if. */
export async function sampleProfile(db: Db) {
  const result = (await db.execute(sql`
    select f.job_id, f.position_id, b.grade_id, b.level_id
    from adjustment_factors f, base_salaries b
    order by f.id, b.amount desc limit 1`)) as unknown as {
    rows: { job_id: number; position_id: number; grade_id: number; level_id: number }[];
  };
  const ids = result.rows[0];
  if (!ids) throw new Error('the bench database has no factor or base salary');
  return {
    jobId: ids.job_id,
    positionId: ids.position_id,
    gradeId: ids.grade_id,
    levelId: ids.level_id,
    yearsExperience: 6.5,
    yearsWithCompany: 3,
    offshoreProject: true,
    actingAsDifferentGrade: false,
    pillar: true,
    remote: true,
    benefits: JSON.stringify({ 'Health Insurance': true, 'Meal Allowance': false }),
    customMultipliers: JSON.stringify([
      { title: 'Weekend support', type: 'FIXED', value: 150, checked: true },
      { title: 'Relocation', type: 'PERCENTAGE', value: 4.5, checked: false },
    ]),
    settings: { applySocialInsurance: true },
  };
}

export async function benchCalculate(
  bench: BenchApp,
  db: Db,
  opts: { seconds: number; rounds: number; connections: number },
): Promise<CalculateFigure> {
  if (!bench.baseUrl) throw new Error('the app must listen for the calculate benchmark');
  const body = JSON.stringify(await sampleProfile(db));
  const probe = await fetch(`${bench.baseUrl}/api/calculate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${bench.token}` },
    body,
  });
  const answer = await probe.text();
  if (probe.status !== 200) throw new Error(`POST /api/calculate answered ${probe.status}: ${answer}`);
  const payload = JSON.parse(answer) as unknown;

  // The limit: same Fastify version and logger settings, same body parsing, the same answer.
  const bare = Fastify({ logger: loggerOptions(BENCH_LOG_LEVEL), bodyLimit: JSON_BODY_LIMIT });
  bare.post('/bare', async () => payload);
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const address = bare.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  const bareUrl = `http://127.0.0.1:${address.port}/bare`;
  const calcUrl = `${bench.baseUrl}/api/calculate`;
  try {
    const { seconds, rounds, connections } = opts;
    const slice = Math.max(1, Math.round(seconds / rounds));
    probeAnswer.value = payload;
    const probes = bench.app.hasRoute({ method: 'POST', url: '/api/bench-probe/public' });
    const contenders: Array<[name: string, url: string, token: string | undefined]> = [
      ['bare', bareUrl, undefined],
      ['calculate', calcUrl, bench.token],
    ];
    if (probes)
      contenders.push(
        ['public', `${bench.baseUrl}/api/bench-probe/public`, undefined],
        ['signedIn', `${bench.baseUrl}/api/bench-probe/signed-in`, bench.token],
      );
    // Warm-up (JIT, connection set-up, caches), then alternating measured runs, so a change
    // in the machine's load hits every contender alike.
    for (const [, url, token] of contenders) await cannon(url, body, 1, connections, token);
    const totals = new Map(contenders.map(([name]) => [name, { requests: 0, seconds: 0, cpuUs: 0 }]));
    for (let r = 0; r < rounds; r++) {
      for (const [name, url, token] of contenders) {
        const cpuStart = process.cpuUsage();
        let run = await cannon(url, body, slice, connections, token);
        // A machine so busy that nothing was answered in the slice: a few requests, timed whole.
        if (run.requests === 0) run = await cannon(url, body, slice, connections, token, connections * 2);
        const cpu = process.cpuUsage(cpuStart);
        const total = totals.get(name)!;
        total.requests += run.requests;
        total.seconds += run.seconds;
        total.cpuUs += cpu.user + cpu.system;
      }
    }
    const cpuPerRequest = (name: string) => totals.get(name)!.cpuUs / totals.get(name)!.requests;
    const rps = (name: string) => {
      const total = totals.get(name)!;
      return total.requests / total.seconds;
    };
    return {
      seconds: slice * rounds,
      rounds,
      connections,
      calculateRps: Math.round(rps('calculate')),
      bareRps: Math.round(rps('bare')),
      ratio: round(rps('calculate') / rps('bare')),
      responseBytes: answer.length,
      cpuPerRequestUs: Object.fromEntries(contenders.map(([name]) => [name, round(cpuPerRequest(name), 1)])),
      cpuRatio: round(cpuPerRequest('bare') / cpuPerRequest('calculate')),
      ...(probes
        ? {
            ladder: {
              appPublicNoopRps: Math.round(rps('public')),
              appSignedInNoopRps: Math.round(rps('signedIn')),
            },
          }
        : {}),
    };
  } finally {
    await bare.close();
  }
}
