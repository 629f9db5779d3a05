import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { EMPLOYEE_FIELDS, fieldsOfKind } from '@salary/shared/employees/employee-fields';
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.ts';
import type { BenchApp } from './lib/bench-app.ts';
import { median, round, timed } from './lib/stats.ts';

export interface ListFigure {
  employees: number;
  runs: number;
  /**
   * GET /api/employees as admin, salaries computed: inject, answer streamed and counted, median
   * ms — asked again with nothing written since, as a user reloading the list does (the
   * server may answer from its snapshot-keyed list cache).
   */
  apiMs: number;
  /**
   * The same right after a write: one employee edited (the server reads and prices that row
   * again and keeps the rest; a list nothing changed in costs the same check).
   */
  apiColdMs: number;
  /** The same right after a rule change (a base salary): every employee priced again. */
  apiRuleMs: number;
  /** apiRuleMs ÷ baselineMs; goal ≤ 1.5. */
  ruleRatio: number;
  /** One joined SELECT (a row per employee) + JSON.stringify, median ms. */
  plainSelectMs: number;
  /** One json_agg query (the rows as a single JSON value) + JSON.stringify, median ms. */
  jsonAggMs: number;
  baseline: 'plain select' | 'json_agg';
  baselineMs: number;
  /** apiMs ÷ baselineMs; goal ≤ 1.5. */
  ratio: number;
  /** apiColdMs ÷ baselineMs. */
  coldRatio: number;
  apiBytes: number;
  baselineBytes: number;
  /**
   * The same list as a browser asks for it (Accept-Encoding: br, gzip): read again (the
   * server may answer its cached compressed bytes) and right after a write (read, priced,
   * serialized and compressed), median ms, and the bytes that go on the wire.
   */
  compressed: {
    encoding: string;
    apiMs: number;
    apiColdMs: number;
    /** apiMs ÷ the bare uncompressed read; goal ≤ 1.0. */
    ratio: number;
    /** apiColdMs ÷ the bare uncompressed read; goal ≤ 1.5. */
    coldRatio: number;
    wireBytes: number;
  };
  /**
   * This process's CPU time, median ms: a steadier view on a busy shared machine. On PGlite it
   * is all the work; on PostgreSQL the server's share is not in it.
   */
  /**
   * GET /api/pay-transparency (every employee priced and the indicators computed) right after a
   * write, median ms, against the list right after a write (apiColdMs); goal ≤ 1.5.
   */
  payReport: { ms: number; ratio: number };
  cpu: {
    apiMs: number;
    apiColdMs: number;
    plainSelectMs: number;
    jsonAggMs: number;
    ratio: number;
    coldRatio: number;
  };
}

// The same rows the list answers with: every employee field plus the four joined names.
const JOINED = sql.raw(`
  select e.id, ${EMPLOYEE_FIELDS.map((f) =>
    f.kind === 'reference' ? `e.${f.column}, r_${f.key}.name as ${f.key}_name` : `e.${f.column}`,
  ).join(', ')}, e.custom_multipliers
  from employees e
  ${fieldsOfKind('reference')
    .map((f) => `join ${f.reference.table} r_${f.key} on r_${f.key}.id = e.${f.column}`)
    .join('\n  ')}`);

type Rows = { rows: Record<string, unknown>[] };

export async function plainSelect(db: Db): Promise<{ count: number; bytes: number }> {
  const result = (await db.execute(sql`${JOINED} order by e.id`)) as unknown as Rows;
  const body = JSON.stringify({ success: true, message: 'OK', error: null, data: result.rows });
  return { count: result.rows.length, bytes: body.length };
}

export async function jsonAgg(db: Db): Promise<{ count: number; bytes: number }> {
  const result = (await db.execute(
    sql`select coalesce(json_agg(x order by x.id), '[]'::json) as rows from (${JOINED}) x`,
  )) as unknown as Rows;
  const raw = result.rows[0]?.rows;
  // Both drivers decode json to objects; handle text too so the baseline never cheats.
  const rows = (typeof raw === 'string' ? JSON.parse(raw) : raw) as unknown[];
  const body = JSON.stringify({ success: true, message: 'OK', error: null, data: rows });
  return { count: rows.length, bytes: body.length };
}

/** The faster of the two bare reads of the same rows, for figures measured against one (dated.ts). */
export async function bareRead(db: Db): Promise<{ count: number; ms: number }> {
  const [plain, agg] = [await timed(() => plainSelect(db)), await timed(() => jsonAgg(db))];
  const faster = plain.ms <= agg.ms ? plain : agg;
  return { count: faster.value.count, ms: faster.ms };
}

/** What a browser sends; the answer's Content-Encoding says what the server chose. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

function get(bench: BenchApp, payloadAsStream: boolean, compressed = false) {
  return bench.app.inject({
    method: 'GET',
    url: '/api/employees',
    headers: {
      authorization: `Bearer ${bench.token}`,
      ...(compressed ? { 'accept-encoding': BROWSER_ACCEPT_ENCODING } : {}),
    },
    payloadAsStream,
  });
}

/** Timed: the pay gap report over every employee (never cached: read and priced each time). */
async function payReport(bench: BenchApp, employees: number) {
  const res = await bench.app.inject({
    method: 'GET',
    url: '/api/pay-transparency',
    headers: { authorization: `Bearer ${bench.token}` },
  });
  if (res.statusCode !== 200) throw new Error(`GET /api/pay-transparency answered ${res.statusCode}`);
  const counts = (JSON.parse(res.body) as { data: { counts: { total: number } } }).data.counts;
  return { count: counts.total === employees ? employees : -1, bytes: res.rawPayload.length };
}

/** Once, untimed: the answer is 200 and holds every employee with a salary. */
async function checkApi(bench: BenchApp): Promise<{ count: number; bytes: number }> {
  const res = await get(bench, false);
  if (res.statusCode !== 200) throw new Error(`GET /api/employees answered ${res.statusCode}`);
  const rows = (JSON.parse(res.body) as { data: { calculatedSalary?: unknown }[] }).data;
  return { count: rows.filter((r) => 'calculatedSalary' in r).length, bytes: res.rawPayload.length };
}

/** Once, untimed: the compressed answer decodes to the plain one; its encoding and size. */
async function checkCompressed(
  bench: BenchApp,
  count: number,
): Promise<{ count: number; bytes: number; encoding: string }> {
  const [plain, res] = [await get(bench, false), await get(bench, false, true)];
  const encoding = String(res.headers['content-encoding'] ?? 'identity');
  const decoded =
    encoding === 'br'
      ? brotliDecompressSync(res.rawPayload)
      : encoding === 'gzip'
        ? gunzipSync(res.rawPayload)
        : res.rawPayload;
  if (!decoded.equals(plain.rawPayload)) throw new Error(`the ${encoding} list is not the plain list`);
  return { count, bytes: res.rawPayload.length, encoding };
}

/**
 * Timed: the app answers into a stream whose bytes are counted, not collected, so the figure
 * is the server's work (read, price, serialize, encode) and not inject's buffering.
 */
async function api(bench: BenchApp, expected: { count: number; bytes: number }, compressed = false) {
  const res = await get(bench, true, compressed);
  if (res.statusCode !== 200) throw new Error(`GET /api/employees answered ${res.statusCode}`);
  let bytes = 0;
  for await (const chunk of res.stream()) bytes += (chunk as Buffer).length;
  // The writes between reads edit one employee or move pay by a cent: a few bytes (a few dozen
  // once compressed), not more.
  if (Math.abs(bytes - expected.bytes) > Math.max(expected.bytes / 100, 512))
    throw new Error(`GET /api/employees sent ${bytes} bytes, then ${expected.bytes}`);
  return expected;
}

let flips = 0;

/** One employee edited as a user would (Remote toggled): its pay and its row change. */
export async function editOneEmployee(db: Db): Promise<void> {
  await db.execute(sql`update employees set remote = not remote, version = version + 1
    where id = (select min(id) from employees)`);
}

/** One base salary moved by a cent (amounts are whole cents), up and down in turn: everyone on it is paid differently. */
async function changeOneBaseSalary(db: Db): Promise<void> {
  flips += 1;
  await db.execute(sql`update base_salaries set amount = amount + ${flips % 2 ? 1 : -1}
    where (grade_id, level_id) = (select grade_id, level_id from base_salaries order by 1, 2 limit 1)`);
}

/**
 * The list against the fastest bare read of the same rows, interleaved round by round so
 * both see the same machine state; one warm-up round first, then `runs` measured rounds.
 */
export async function benchList(
  bench: BenchApp,
  db: Db,
  employees: number,
  runs: number,
): Promise<ListFigure> {
  const expected = await checkApi(bench);
  const wire = await checkCompressed(bench, expected.count);
  const contenders = {
    cold: () => api(bench, expected),
    rule: () => api(bench, expected),
    api: () => api(bench, expected),
    brCold: () => api(bench, wire, true),
    br: () => api(bench, wire, true),
    plain: () => plainSelect(db),
    agg: () => jsonAgg(db),
    report: () => payReport(bench, employees),
  };
  type Key = keyof typeof contenders;
  const keys = Object.keys(contenders) as Key[];
  const times = Object.fromEntries(keys.map((k) => [k, [] as number[]])) as Record<Key, number[]>;
  const cpu = Object.fromEntries(keys.map((k) => [k, [] as number[]])) as Record<Key, number[]>;
  const bytes = Object.fromEntries(keys.map((k) => [k, 0])) as Record<Key, number>;
  for (let pass = -1; pass < runs; pass++) {
    for (const key of keys) {
      // Untimed: a real write, so the database snapshot moves and what the list shows changes.
      if (key === 'cold' || key === 'brCold' || key === 'report') await editOneEmployee(db);
      if (key === 'rule') await changeOneBaseSalary(db);
      const cpuStart = process.cpuUsage();
      const start = performance.now();
      const out = await contenders[key]();
      const ms = performance.now() - start;
      const used = process.cpuUsage(cpuStart);
      if (out.count !== employees) throw new Error(`${key} read ${out.count} rows, expected ${employees}`);
      bytes[key] = out.bytes;
      if (pass >= 0) {
        times[key].push(ms);
        cpu[key].push((used.user + used.system) / 1000);
      }
    }
  }
  const apiMs = median(times.api);
  const apiColdMs = median(times.cold);
  const apiRuleMs = median(times.rule);
  const plainSelectMs = median(times.plain);
  const jsonAggMs = median(times.agg);
  const baseline = jsonAggMs <= plainSelectMs ? 'json_agg' : 'plain select';
  const baselineMs = Math.min(jsonAggMs, plainSelectMs);
  return {
    employees,
    runs,
    apiMs: round(apiMs, 1),
    apiColdMs: round(apiColdMs, 1),
    apiRuleMs: round(apiRuleMs, 1),
    ruleRatio: round(apiRuleMs / baselineMs),
    plainSelectMs: round(plainSelectMs, 1),
    jsonAggMs: round(jsonAggMs, 1),
    baseline,
    baselineMs: round(baselineMs, 1),
    ratio: round(apiMs / baselineMs),
    coldRatio: round(apiColdMs / baselineMs),
    apiBytes: bytes.api,
    baselineBytes: baseline === 'json_agg' ? bytes.agg : bytes.plain,
    compressed: {
      encoding: wire.encoding,
      apiMs: round(median(times.br), 1),
      apiColdMs: round(median(times.brCold), 1),
      ratio: round(median(times.br) / baselineMs),
      coldRatio: round(median(times.brCold) / baselineMs),
      wireBytes: wire.bytes,
    },
    payReport: {
      ms: round(median(times.report), 1),
      ratio: round(median(times.report) / apiColdMs),
    },
    cpu: {
      apiMs: round(median(cpu.api), 1),
      apiColdMs: round(median(cpu.cold), 1),
      plainSelectMs: round(median(cpu.plain), 1),
      jsonAggMs: round(median(cpu.agg), 1),
      ratio: round(median(cpu.api) / median(baseline === 'json_agg' ? cpu.agg : cpu.plain)),
      coldRatio: round(median(cpu.cold) / median(baseline === 'json_agg' ? cpu.agg : cpu.plain)),
    },
  };
}
