import type { Insights } from '@salary/shared/insights/insights.contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.ts';
import type { BenchApp } from './lib/bench-app.ts';
import { median, round } from './lib/stats.ts';

export interface InsightsFigure {
  employees: number;
  runs: number;
  /** GET /api/insights as admin (every employee priced and aggregated on the server), median ms. */
  insightsMs: number;
  /** GET /api/employees as admin right after a write (read, priced, serialized), median ms. */
  listMs: number;
  /** insightsMs ÷ listMs; goal ≤ 1.5. */
  ratio: number;
  /** Bytes of the two answers: the overview is a few KB, the list tens of MB. */
  insightsBytes: number;
  listBytes: number;
}

async function timed(bench: BenchApp, url: string): Promise<{ ms: number; bytes: number; body: string }> {
  const start = performance.now();
  const res = await bench.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${bench.token}` },
  });
  const ms = performance.now() - start;
  if (res.statusCode !== 200) throw new Error(`GET ${url} answered ${res.statusCode}`);
  return { ms, bytes: res.rawPayload.length, body: res.body };
}

/**
 * GET /api/insights against one priced list read, both after a write (the snapshot moved, so
 * neither answers from a cache), interleaved round by round; one warm-up round first.
 */
export async function benchInsights(
  bench: BenchApp,
  db: Db,
  employees: number,
  runs: number,
): Promise<InsightsFigure> {
  const times = { insights: [] as number[], list: [] as number[] };
  let insightsBytes = 0;
  let listBytes = 0;
  for (let pass = -1; pass < runs; pass++) {
    await db.execute(sql`select pg_current_xact_id()`);
    const list = await timed(bench, '/api/employees');
    await db.execute(sql`select pg_current_xact_id()`);
    const overview = await timed(bench, '/api/insights');
    const headcount = (JSON.parse(overview.body) as { data: Insights }).data.headcount;
    if (headcount !== employees) throw new Error(`/api/insights counted ${headcount}, expected ${employees}`);
    insightsBytes = overview.bytes;
    listBytes = list.bytes;
    if (pass >= 0) {
      times.list.push(list.ms);
      times.insights.push(overview.ms);
    }
  }
  const insightsMs = median(times.insights);
  const listMs = median(times.list);
  return {
    employees,
    runs,
    insightsMs: round(insightsMs, 1),
    listMs: round(listMs, 1),
    ratio: round(insightsMs / listMs),
    insightsBytes,
    listBytes,
  };
}
