import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { RULE_ENTITY_TYPES } from '@salary/shared/audit/audit.contract';
import { NO_PERMISSIONS } from '@salary/shared/common/permissions';
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.ts';
import { runUnitOfWork } from '../apps/server/src/lib/unit-of-work.ts';
import { createLevelsRepository } from '../apps/server/src/modules/levels/levels.repository.ts';
import { createLevelsService } from '../apps/server/src/modules/levels/levels.service.ts';
import { BENCH_ADMIN, createBenchDatabase } from './generate.ts';
import { type BenchApp, startBenchApp } from './lib/bench-app.ts';
import { BENCH_DIR } from './lib/paths.ts';
import { GOALS } from './lib/report.ts';
import { median, round, timed } from './lib/stats.ts';

/*
 * Pay change control (issue 15), measured on the real app:
 * - a base-salary change that moves every employee's pay commits with its audit entry and a
 *   history row per employee (PUT /api/base-salary/:id through inject), goal ≤ 3 s;
 * - the overhead of auditing on a single-row write: a level rename in its write scope with
 *   the real audit service against the same rename whose audit records nothing, goal ≤ 1.2×;
 * - GET /api/audit pages with 1,000,000 entries stored, goal < 100 ms each.
 * Part of `npm run bench` (run.ts); alone:
 *   npx tsx bench/audit.ts [--sizes 100000] [--database-url postgres://…] [--entries 0: no pages]
 */

export const AUDIT_GOALS = {
  ruleChangeMsMax: GOALS.ruleChangeMsMax,
  overheadRatioMax: GOALS.auditOverheadRatioMax,
  pageMsMax: GOALS.auditPageMsMax,
} as const;

/** PUT /api/base-salary/:id moving every employee's pay, median ms, and its history rows. */
export interface RuleChangeFigure {
  employees: number;
  runs: number;
  ms: number;
  historyRows: number;
}

/** A level rename in its write scope, audited against the same with an audit that records nothing. */
export interface SingleWriteFigure {
  employees: number;
  runs: number;
  auditedMs: number;
  unauditedMs: number;
  ratio: number;
}

/** GET /api/audit, median ms per case, over `entries` entries seeded in `seedMs`. */
export interface AuditPagesFigure {
  entries: number;
  seedMs: number;
  runs: number;
  pages: Record<string, number>;
}

export interface AuditFigure {
  employees: number;
  ruleChange: Omit<RuleChangeFigure, 'employees'>;
  singleWrite: Omit<SingleWriteFigure, 'employees'>;
  /** Absent with --entries 0. */
  auditPage?: AuditPagesFigure;
}

async function scalar(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const result = (await db.execute(query)) as unknown as { rows: { n: string | number }[] };
  return Number(result.rows[0]!.n);
}

export async function benchRuleChange(
  bench: BenchApp,
  db: Db,
  runs: number,
): Promise<Omit<RuleChangeFigure, 'employees'>> {
  // Every employee on one grade and level, so one base salary prices them all.
  const g = await scalar(
    db,
    sql`insert into grades (name, sort_order) values ('Bench audit grade', 9999) returning id as n`,
  );
  const l = await scalar(db, sql`insert into levels (name) values ('Bench audit level') returning id as n`);
  const b = await scalar(
    db,
    sql`insert into base_salaries (grade_id, level_id, amount) values (${g}, ${l}, 100000) returning id as n`,
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

let renames = 0;

/**
 * The same level rename, audited and not, interleaved (which goes first alternates, so a
 * busy machine's drift falls on both); 20 warm-up pairs first.
 */
export async function benchSingleWrite(
  bench: BenchApp,
  db: Db,
  runs: number,
): Promise<Omit<SingleWriteFigure, 'employees'>> {
  const id = await scalar(
    db,
    sql`insert into levels (name) values (${`Bench rename ${++renames}`}) returning id as n`,
  );
  const admin = await scalar(db, sql`select id as n from users where email = ${BENCH_ADMIN.email}`);
  const actor = { id: admin, isAdmin: true, permissions: NO_PERMISSIONS };
  const scope = { actor: { id: admin, email: BENCH_ADMIN.email }, label: 'bench' };
  const audited = bench.app.services.levels;
  // The same service on the same repository, with an audit that records nothing.
  // (A stale write never happens here: the bench sends no version.)
  const unaudited = createLevelsService({
    levels: (handle) => createLevelsRepository(handle ?? bench.app.db),
    audit: { record: async () => 0, staleVersion: bench.app.services.audit.staleVersion },
  });
  const a: number[] = [];
  const u: number[] = [];
  const withAudit = (i: number) =>
    timed(() =>
      runUnitOfWork(bench.app.db, scope, (uow) =>
        audited.update(uow, actor, id, { name: `Bench rename ${renames} a${i}` }),
      ),
    );
  const withoutAudit = (i: number) =>
    timed(() =>
      runUnitOfWork(bench.app.db, { ...scope, audited: false }, (uow) =>
        unaudited.update(uow, actor, id, { name: `Bench rename ${renames} u${i}` }),
      ),
    );
  for (let i = 0; i < runs + 20; i++) {
    let one: { ms: number };
    let two: { ms: number };
    if (i % 2) {
      two = await withoutAudit(i);
      one = await withAudit(i);
    } else {
      one = await withAudit(i);
      two = await withoutAudit(i);
    }
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

/**
 * `total` entries in the log, seeded set-based (generate_series, 200,000 a statement) one
 * second apart ending now, by 50 users and a deleted one, over every entity type.
 */
export async function seedAuditEntries(db: Db, total: number): Promise<{ entries: number; seedMs: number }> {
  const started = performance.now();
  // About ten entries are by a deleted user about an import; the rest spread evenly.
  const rare = Math.max(2, Math.floor(total / 10));
  const have = await scalar(db, sql`select count(*) as n from audit_entries`);
  const types = [...RULE_ENTITY_TYPES, 'employee'];
  for (let start = have; start < total; start += 200_000) {
    const n = Math.min(200_000, total - start);
    await db.execute(sql`
      insert into audit_entries (at, actor_id, actor_email, action, entity_type, entity_id, changes, details)
      select now() - (${sql.raw(String(total))} - i) * interval '1 second',
        case when i % ${sql.raw(String(rare))} = 0 then null else 1000 + i % 50 end,
        case when i % ${sql.raw(String(rare))} = 0 then 'gone@example.com' else 'user' || (i % 50) || '@example.com' end,
        'update',
        case when i % ${sql.raw(String(rare))} = 0 then 'import'
          else (${sql.raw(`array['${types.join("','")}']`)})[1 + i % ${sql.raw(String(types.length))}] end,
        (i % 5000)::text,
        jsonb_build_array(jsonb_build_object('field', 'name', 'before', 'a' || i, 'after', 'b' || i)),
        jsonb_build_object('label', 'Bench ' || i)
      from generate_series(${sql.raw(String(start))}, ${sql.raw(String(start + n - 1))}) as i`);
  }
  await db.execute(sql`analyze audit_entries`);
  const entries = await scalar(db, sql`select count(*) as n from audit_entries`);
  return { entries, seedMs: Math.round(performance.now() - started) };
}

/**
 * GET /api/audit pages over the seeded log: the common cases and the hard ones for a scan
 * in id order (a rare type or a deleted actor with a handful of entries, an old date range,
 * a cursor deep in a filtered list).
 */
export async function benchAuditPages(
  bench: BenchApp,
  db: Db,
  total: number,
  runs: number,
): Promise<AuditPagesFigure> {
  const { entries, seedMs } = await seedAuditEntries(db, total);
  const middle = await scalar(
    db,
    sql`select id as n from audit_entries order by at desc, id desc offset ${Math.floor(entries / 2)} limit 1`,
  );
  const day = async (fraction: number) => {
    const r = (await db.execute(
      sql`select to_char(min(at) + (max(at) - min(at)) * ${fraction}, 'YYYY-MM-DD') as d from audit_entries`,
    )) as unknown as { rows: { d: string }[] };
    return r.rows[0]!.d;
  };
  const [oldFrom, oldTo] = [await day(0.1), await day(0.3)];
  const r = (await db.execute(
    sql`select entity_id as e from audit_entries where entity_type = 'employee' order by at, id limit 1`,
  )) as unknown as { rows: { e: string }[] };
  const employeeId = r.rows[0]!.e;
  const urls: Record<string, string> = {
    newest: '/api/audit?limit=50',
    'deep cursor': `/api/audit?limit=50&before=${middle}`,
    'entity type + id': `/api/audit?entityType=employee&entityId=${employeeId}&limit=50`,
    'entity type': '/api/audit?entityType=settings&limit=50',
    'entity type + deep cursor': `/api/audit?entityType=settings&limit=50&before=${middle}`,
    'rare entity type': '/api/audit?entityType=import&limit=50',
    'actor (email of a deleted user)': '/api/audit?actor=gone@example.com&limit=50',
    'actor (user id)': '/api/audit?actor=1007&limit=50',
    'date range (all)': '/api/audit?from=2000-01-01&to=2999-12-31&limit=50',
    'date range (old days)': `/api/audit?from=${oldFrom}&to=${oldTo}&limit=50`,
    'entity type + old days': `/api/audit?entityType=grade&from=${oldFrom}&to=${oldTo}&limit=50`,
  };
  const pages: Record<string, number> = {};
  for (const [name, url] of Object.entries(urls)) {
    const times: number[] = [];
    for (let i = 0; i <= runs; i++) {
      const { ms, value } = await timed(() =>
        bench.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${bench.token}` } }),
      );
      if (value.statusCode !== 200) throw new Error(`${url}: ${value.body}`);
      if ((value.json() as { data: { entries: unknown[] } }).data.entries.length === 0)
        throw new Error(`${url}: an empty page measures nothing`);
      if (i > 0) times.push(ms);
    }
    pages[name] = round(median(times), 2);
  }
  return { entries, seedMs, runs, pages };
}

export async function benchAudit(
  bench: BenchApp,
  db: Db,
  employees: number,
  opts: { runs: number; entries: number; log(line: string): void },
): Promise<AuditFigure> {
  opts.log('  audit: rule change …');
  const rule = await benchRuleChange(bench, db, Math.max(1, Math.min(opts.runs, 3)));
  opts.log('  audit: single-row write overhead …');
  const single = await benchSingleWrite(bench, db, opts.runs * 20);
  if (!opts.entries) return { employees, ruleChange: rule, singleWrite: single };
  opts.log(`  audit: ${opts.entries.toLocaleString('en-US')} entries, pages …`);
  const page = await benchAuditPages(bench, db, opts.entries, opts.runs * 4);
  return { employees, ruleChange: rule, singleWrite: single, auditPage: page };
}

export function formatAudit(f: AuditFigure): string {
  const ok = (b: boolean) => (b ? 'ok' : 'MISSED');
  const lines = [
    `base-salary change moving ${f.employees.toLocaleString('en-US')} employees, with ${f.ruleChange.historyRows.toLocaleString('en-US')} history rows: ${f.ruleChange.ms} ms (≤ ${AUDIT_GOALS.ruleChangeMsMax}) ${ok(f.ruleChange.ms <= AUDIT_GOALS.ruleChangeMsMax)}`,
    `single-row write, audited ${f.singleWrite.auditedMs} ms vs unaudited ${f.singleWrite.unauditedMs} ms: ${f.singleWrite.ratio}× (≤ ${AUDIT_GOALS.overheadRatioMax}) ${ok(f.singleWrite.ratio <= AUDIT_GOALS.overheadRatioMax)}`,
  ];
  if (f.auditPage)
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
