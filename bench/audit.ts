import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { NO_PERMISSIONS } from '@salary/shared/common/permissions';
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.ts';
import { runWriteScope } from '../apps/server/src/lib/write-scope.ts';
import { createLevelsService } from '../apps/server/src/modules/levels/levels.service.ts';
import { BENCH_ADMIN, createBenchDatabase } from './generate.ts';
import { type BenchApp, startBenchApp } from './lib/bench-app.ts';
import { BENCH_DIR } from './lib/paths.ts';
import { median, round, timed } from './lib/stats.ts';

/*
 * Pay change control (issue 15), measured on the real app:
 * - a base-salary change that moves every employee's pay commits with its audit entry and a
 *   history row per employee (PUT /api/base-salary/:id through inject), goal ≤ 3 s;
 * - the overhead of auditing on a single-row write: a level rename in its write scope with
 *   the real audit service against the same rename whose audit records nothing, goal ≤ 1.2×;
 * - GET /api/audit pages with 1,000,000 entries stored, goal < 100 ms each.
 * Run: npx tsx bench/audit.ts [--sizes 100000] [--database-url postgres://…]
 */

export const AUDIT_GOALS = { ruleChangeMsMax: 3000, overheadRatioMax: 1.2, pageMsMax: 100 } as const;

export interface AuditFigure {
  employees: number;
  ruleChange: { runs: number; ms: number; historyRows: number };
  singleWrite: { runs: number; auditedMs: number; unauditedMs: number; ratio: number };
  auditPage: { entries: number; runs: number; pages: Record<string, number> };
}

async function scalar(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const result = (await db.execute(query)) as unknown as { rows: { n: string | number }[] };
  return Number(result.rows[0]!.n);
}

async function ruleChange(bench: BenchApp, db: Db, runs: number) {
  // Every employee on one grade and level, so one base salary prices them all.
  const g = await scalar(
    db,
    sql`insert into grades (name, sort_order) values ('Bench audit grade', 9999) returning id as n`,
  );
  const l = await scalar(db, sql`insert into levels (name) values ('Bench audit level') returning id as n`);
  const b = await scalar(
    db,
    sql`insert into base_salaries (grade_id, level_id, amount) values (${g}, ${l}, 1000) returning id as n`,
  );
  await db.execute(sql`update employees set grade_id = ${g}, level_id = ${l}`);
  const times: number[] = [];
  let historyRows = 0;
  for (let i = 0; i <= runs; i++) {
    const { ms, value } = await timed(() =>
      bench.app.inject({
        method: 'PUT',
        url: `/api/base-salary/${b}`,
        headers: { authorization: `Bearer ${bench.token}` },
        payload: { gradeId: g, levelId: l, amount: 1000 + (i + 1) * 10 },
      }),
    );
    if (value.statusCode !== 200) throw new Error(`base salary change: ${value.body}`);
    if (i > 0) times.push(ms); // the first one warms up
    historyRows = await scalar(
      db,
      sql`select count(*) as n from pay_history where audit_id = (select max(id) from audit_entries)`,
    );
  }
  return { runs, ms: round(median(times), 1), historyRows };
}

async function singleWrite(bench: BenchApp, db: Db, runs: number) {
  const id = await scalar(db, sql`insert into levels (name) values ('Bench rename 0') returning id as n`);
  const admin = await scalar(db, sql`select id as n from users where email = ${BENCH_ADMIN.email}`);
  const actor = { id: admin, isAdmin: true, permissions: NO_PERMISSIONS };
  const scope = { actor: { id: admin, email: BENCH_ADMIN.email }, label: 'bench' };
  const audited = bench.app.services.levels;
  // The same service on the same scoped handle, with an audit that records nothing.
  const unaudited = createLevelsService({ db: bench.app.db, audit: { record: async () => 0 } });
  const rootDb = bench.app.rootDb;
  const a: number[] = [];
  const u: number[] = [];
  for (let i = 0; i < runs + 20; i++) {
    const one = await timed(() =>
      runWriteScope(rootDb, () => audited.update(actor, id, { name: `Bench rename a${i}` }), scope),
    );
    const two = await timed(() =>
      runWriteScope(rootDb, () => unaudited.update(actor, id, { name: `Bench rename u${i}` }), {
        ...scope,
        unaudited: true,
      }),
    );
    if (i >= 20) {
      a.push(one.ms);
      u.push(two.ms);
    }
  }
  const auditedMs = median(a);
  const unauditedMs = median(u);
  return {
    runs,
    auditedMs: round(auditedMs, 3),
    unauditedMs: round(unauditedMs, 3),
    ratio: round(auditedMs / unauditedMs),
  };
}

async function auditPages(bench: BenchApp, db: Db, total: number, runs: number) {
  const have = await scalar(db, sql`select count(*) as n from audit_entries`);
  const types = [
    'job',
    'position',
    'grade',
    'level',
    'baseSalary',
    'adjustmentFactor',
    'settings',
    'employee',
  ];
  for (let start = have; start < total; start += 200_000) {
    const n = Math.min(200_000, total - start);
    await db.execute(sql`
      insert into audit_entries (at, actor_id, actor_email, action, entity_type, entity_id, changes, details)
      select now() - (${sql.raw(String(total))} - i) * interval '1 second', 1000 + i % 50, 'user' || (i % 50) || '@example.com',
        'update', (${sql.raw(`array['${types.join("','")}']`)})[1 + i % ${sql.raw(String(types.length))}], (i % 5000)::text,
        jsonb_build_array(jsonb_build_object('field', 'name', 'before', 'a' || i, 'after', 'b' || i)),
        jsonb_build_object('label', 'Bench ' || i)
      from generate_series(${sql.raw(String(start))}, ${sql.raw(String(start + n - 1))}) as i`);
  }
  await db.execute(sql`analyze audit_entries`);
  const entries = await scalar(db, sql`select count(*) as n from audit_entries`);
  const middle = await scalar(db, sql`select (min(id) + max(id)) / 2 as n from audit_entries`);
  const urls: Record<string, string> = {
    newest: '/api/audit?limit=50',
    'deep cursor': `/api/audit?limit=50&before=${middle}`,
    'entity type + id': '/api/audit?entityType=employee&entityId=4321&limit=50',
    'entity type': '/api/audit?entityType=settings&limit=50',
    'actor (email of a deleted user)': '/api/audit?actor=user7@example.com&limit=50',
    'date range': '/api/audit?from=2000-01-01&to=2999-12-31&limit=50',
  };
  const pages: Record<string, number> = {};
  for (const [name, url] of Object.entries(urls)) {
    const times: number[] = [];
    for (let i = 0; i <= runs; i++) {
      const { ms, value } = await timed(() =>
        bench.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${bench.token}` } }),
      );
      if (value.statusCode !== 200) throw new Error(`${url}: ${value.body}`);
      if (i > 0) times.push(ms);
    }
    pages[name] = round(median(times), 2);
  }
  return { entries, runs, pages };
}

export async function benchAudit(
  bench: BenchApp,
  db: Db,
  employees: number,
  opts: { runs: number; entries: number; log(line: string): void },
): Promise<AuditFigure> {
  opts.log('  audit: rule change …');
  const rule = await ruleChange(bench, db, Math.max(1, Math.min(opts.runs, 3)));
  opts.log('  audit: single-row write overhead …');
  const single = await singleWrite(bench, db, opts.runs * 20);
  opts.log(`  audit: ${opts.entries.toLocaleString('en-US')} entries, pages …`);
  const page = await auditPages(bench, db, opts.entries, opts.runs * 4);
  return { employees, ruleChange: rule, singleWrite: single, auditPage: page };
}

export function formatAudit(f: AuditFigure): string {
  const ok = (b: boolean) => (b ? 'ok' : 'MISSED');
  const lines = [
    `base-salary change moving ${f.employees.toLocaleString('en-US')} employees, with ${f.ruleChange.historyRows.toLocaleString('en-US')} history rows: ${f.ruleChange.ms} ms (≤ ${AUDIT_GOALS.ruleChangeMsMax}) ${ok(f.ruleChange.ms <= AUDIT_GOALS.ruleChangeMsMax)}`,
    `single-row write, audited ${f.singleWrite.auditedMs} ms vs unaudited ${f.singleWrite.unauditedMs} ms: ${f.singleWrite.ratio}× (≤ ${AUDIT_GOALS.overheadRatioMax}) ${ok(f.singleWrite.ratio <= AUDIT_GOALS.overheadRatioMax)}`,
  ];
  for (const [name, ms] of Object.entries(f.auditPage.pages))
    lines.push(
      `GET /api/audit (${name}), ${f.auditPage.entries.toLocaleString('en-US')} entries: ${ms} ms (< ${AUDIT_GOALS.pageMsMax}) ${ok(ms < AUDIT_GOALS.pageMsMax)}`,
    );
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      sizes: { type: 'string', default: '100000' },
      'database-url': { type: 'string' },
      entries: { type: 'string', default: '1000000' },
      runs: { type: 'string', default: '5' },
    },
  });
  const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL;
  const figures: AuditFigure[] = [];
  for (const size of values.sizes!.split(',').map(Number)) {
    console.log(
      `· ${size.toLocaleString('en-US')} employees on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}: generating …`,
    );
    const bench = await createBenchDatabase({ employees: size, databaseUrl });
    try {
      const app = await startBenchApp(bench.database, { dataDir: bench.dataDir });
      try {
        const figure = await benchAudit(app, bench.database.db, size, {
          runs: Number(values.runs),
          entries: Number(values.entries),
          log: console.log,
        });
        console.log(formatAudit(figure));
        figures.push(figure);
      } finally {
        await app.close();
      }
    } finally {
      await bench.dispose();
    }
  }
  const out = path.join(BENCH_DIR, 'results', databaseUrl ? 'audit-postgres.json' : 'audit.json');
  writeFileSync(
    out,
    `${JSON.stringify({ at: new Date().toISOString(), goals: AUDIT_GOALS, figures }, null, 2)}\n`,
  );
  console.log(`Wrote ${path.relative(process.cwd(), out)}`);
}
