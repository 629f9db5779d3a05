import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { type AdjustedGapFigure, benchAdjustedGap } from './adjusted-gap.ts';
import {
  type AuditPagesFigure,
  benchAuditPages,
  benchRuleChange,
  benchSingleWrite,
  type RuleChangeFigure,
  type SingleWriteFigure,
} from './audit.ts';
import { benchCalculate, type CalculateFigure } from './calculate.ts';
import { benchDated, type DatedFigure } from './dated.ts';
import {
  benchExport,
  benchImport,
  type ExportFigure,
  everyRowEdited,
  type ImportFigure,
  withoutIds,
} from './excel.ts';
import { createBenchDatabase } from './generate.ts';
import { type ImpactFigure, measureImpact } from './impact.ts';
import { benchInsights, type InsightsFigure } from './insights.ts';
import { startBenchApp } from './lib/bench-app.ts';
import { describeMachine, type Machine } from './lib/machine.ts';
import { RESULTS_FILE, WEB_DIST } from './lib/paths.ts';
import { formatTable, GOALS } from './lib/report.ts';
import { benchLighthouse, type LighthouseFigure } from './lighthouse.ts';
import { benchList, type ListFigure } from './list.ts';
import { benchReplicas, type ReplicasFigure } from './replicas.ts';
import { benchStart, type StartFigure } from './start.ts';
import {
  type BundleFigure,
  benchFirstCharts,
  benchFirstRows,
  benchFirstVisit,
  ensureWebBuild,
  type FirstChartsFigure,
  type FirstRowsFigure,
  type FirstVisitFigure,
  loginBundle,
} from './web.ts';

/** A figure, or why it could not be measured. */
export type Figure<T> = T | { na: string };

export interface BenchOptions {
  /** Employee counts, each on its own fresh database. */
  sizes: number[];
  quick: boolean;
  /** Measured rounds of the list comparison (after one warm-up). */
  listRuns: number;
  calculate: { seconds: number; rounds: number; connections: number };
  excel: boolean;
  /** The Chromium part (first rows on /dashboard); the bundle size is always measured. */
  browser: boolean;
  /** Rebuild the web app first (npm run build); otherwise only when there is no build. */
  build?: boolean;
  /** PostgreSQL server to create throwaway bench databases on; PGlite when absent. */
  databaseUrl: string | undefined;
  /** With 2 or more (PostgreSQL only): list and calculate req/s for 1 and for this many server processes. */
  replicas?: number;
  /**
   * The audit trail and the impact preview, per size: a multiplier change previewed beside a
   * list read, a base-salary change moving everyone, a single write's audit overhead; and
   * GET /api/audit pages once, over a log of `auditEntries` entries.
   */
  audit: boolean;
  auditEntries: number;
  log(line: string): void;
}

/** The audit trail's figures: per size, and the log pages once. */
export interface AuditResults {
  ruleChange: RuleChangeFigure[];
  singleWrite: SingleWriteFigure[];
  pages: AuditPagesFigure;
}

export interface BenchResults {
  machine: Machine;
  options: Omit<BenchOptions, 'log' | 'databaseUrl' | 'build'>;
  goals: typeof GOALS;
  list: ListFigure[];
  /** GET /api/insights beside one priced list read, per size. */
  insights: InsightsFigure[];
  calculate: Figure<CalculateFigure>;
  /** `npm start` on a new database (the demo company) and again on the same one. */
  start?: Figure<StartFigure>;
  export: Figure<ExportFigure[]>;
  import: Figure<ImportFigure[]>;
  replicas?: Figure<ReplicasFigure>;
  /** POST /api/impact (a multiplier change) beside one priced list read, per size. */
  impact: Figure<ImpactFigure[]>;
  /**
   * Per size, on a database of its own with a rule change every month of last year and one
   * employee of 50 versions: the list as of a past day, a back-pay preview, a pay timeline,
   * the year's pay report (dated.ts).
   */
  dated: Figure<DatedFigure[]>;
  audit: Figure<AuditResults>;
  /**
   * The adjusted pay gap (a pure calculation) over generated rows: each size, and 100,000
   * always (its goal, ≤ 2 s, is at that size).
   */
  adjustedGap: AdjustedGapFigure[];
  web: {
    bundle: Figure<BundleFigure>;
    firstVisit: Figure<FirstVisitFigure>;
    firstRows: Figure<FirstRowsFigure>;
    /** /insights: both Pay Overview charts drawn. */
    firstCharts?: Figure<FirstChartsFigure>;
    /** Lighthouse's performance category on four screens, mobile and desktop presets. */
    lighthouse?: Figure<LighthouseFigure>;
  };
}

/** The size the browser figure runs on: 10,000 when measured, else the closest one. */
function browserSize(sizes: number[]): number {
  return [...sizes].sort((a, b) => Math.abs(a - 10_000) - Math.abs(b - 10_000))[0]!;
}

export async function runBench(options: BenchOptions): Promise<BenchResults> {
  const { log } = options;
  const sizes = [...options.sizes].sort((a, b) => a - b);
  const results: Partial<BenchResults> & { list: ListFigure[]; insights: InsightsFigure[] } = {
    list: [],
    insights: [],
  };
  const exports: ExportFigure[] = [];
  const imports: ImportFigure[] = [];
  let exportMissing = false;
  let replicas: Figure<ReplicasFigure> | undefined;
  const impact: ImpactFigure[] = [];
  const dated: DatedFigure[] = [];
  const ruleChange: RuleChangeFigure[] = [];
  const singleWrite: SingleWriteFigure[] = [];
  let pages: AuditPagesFigure | undefined;
  const work = mkdtempSync(path.join(os.tmpdir(), 'salary-bench-files-'));

  let webDist: string | undefined;
  try {
    if (options.browser || options.build) ensureWebBuild(options.build);
    webDist = WEB_DIST;
    results.web = {
      bundle: loginBundle(),
      firstVisit: { na: 'skipped (--no-browser)' },
      firstRows: { na: 'skipped (--no-browser)' },
    };
  } catch (error) {
    results.web = {
      bundle: { na: `no web build (${(error as Error).message.split('\n')[0]})` },
      firstVisit: { na: 'no web build' },
      firstRows: { na: 'no web build' },
    };
  }

  let start: Figure<StartFigure>;
  log('· npm start on a new database, then again …');
  try {
    start =
      process.platform === 'linux' ? await benchStart(options.databaseUrl) : { na: 'needs /proc (Linux)' };
  } catch (error) {
    start = { na: `failed: ${(error as Error).message.split('\n')[0]}` };
  }

  try {
    for (const size of sizes) {
      log(`· ${size.toLocaleString('en-US')} employees: generating …`);
      const started = performance.now();
      const bench = await createBenchDatabase({ employees: size, databaseUrl: options.databaseUrl });
      log(`  generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      try {
        results.machine ??= await describeMachine(bench.database);
        const app = await startBenchApp(bench.database, {
          dataDir: bench.dataDir,
          listen: true,
          webDist,
          probes: true,
        });
        try {
          log('  list …');
          results.list.push(await benchList(app, bench.database.db, size, options.listRuns));
          log('  insights …');
          results.insights.push(await benchInsights(app, bench.database.db, size, options.listRuns));
          if (!results.calculate) {
            log('  calculate …');
            results.calculate = await benchCalculate(app, bench.database.db, options.calculate);
          }
          if (options.browser && size === browserSize(sizes) && !('na' in results.web.bundle)) {
            log('  browser …');
            results.web.firstVisit = await benchFirstVisit({ baseUrl: app.baseUrl! });
            const names = (await bench.database.db.execute(
              sql`select distinct name from employees`,
            )) as unknown as { rows: { name: string }[] };
            const firstRows = await benchFirstRows({
              baseUrl: app.baseUrl!,
              token: app.token,
              names: names.rows.map((r) => r.name),
              employees: size,
              runs: options.quick ? 1 : 5,
            });
            results.web.firstRows = firstRows ?? { na: 'n/a (employees screen not built)' };
            results.web.firstCharts = await benchFirstCharts({
              baseUrl: app.baseUrl!,
              token: app.token,
              employees: size,
              runs: options.quick ? 1 : 5,
            });
          }
          if (options.audit) {
            // After the read figures: the rule change puts everyone on one grade and level and
            // the log gets its entries (the preview rolls back; it goes first).
            const db = bench.database.db;
            const runs = options.quick ? 1 : 3;
            log('  impact preview …');
            impact.push(await measureImpact(app, size, runs, options.databaseUrl ? 'postgres' : 'pglite'));
            log('  audit: rule change …');
            ruleChange.push({ employees: size, ...(await benchRuleChange(app, db, runs)) });
            log('  audit: single-row write overhead …');
            singleWrite.push({
              employees: size,
              ...(await benchSingleWrite(app, db, options.quick ? 10 : 100)),
            });
            if (!pages) {
              log(`  audit: ${options.auditEntries.toLocaleString('en-US')} entries, GET /api/audit pages …`);
              pages = await benchAuditPages(app, db, options.auditEntries, options.quick ? 2 : 20);
            }
          }
          exportMissing = !app.app.hasRoute({ method: 'GET', url: '/api/employees/export' });
        } finally {
          await app.close();
        }
        if ((options.replicas ?? 1) > 1 && size === browserSize(sizes)) {
          if (!options.databaseUrl) replicas = { na: 'PGlite is one process: replicas need DATABASE_URL' };
          else {
            log(`  replicas 1 and ${options.replicas} …`);
            replicas = await benchReplicas(bench, {
              replicas: options.replicas!,
              seconds: options.quick ? 2 : 9,
              rounds: options.quick ? 1 : 3,
              connections: 20,
            });
          }
        }
        if (options.excel && !exportMissing) {
          const file = path.join(work, `employees-${size}.xlsx`);
          log('  export …');
          exports.push(await benchExport(bench, file));
          // First, while the file still matches every employee: the same file read again.
          log('  import (the export back unchanged) …');
          imports.push(await benchImport(bench, file, 'unchanged'));
          log('  import (updates) …');
          const edited = path.join(work, `employees-${size}-edited.xlsx`);
          await everyRowEdited(file, edited);
          imports.push(await benchImport(bench, edited, 'update'));
          log('  import (creates) …');
          const fresh = path.join(work, `employees-${size}-new.xlsx`);
          await withoutIds(file, fresh);
          imports.push(await benchImport(bench, fresh, 'create'));
        }
      } finally {
        await bench.dispose();
      }
      if (options.audit) {
        log(
          `· ${size.toLocaleString('en-US')} employees with a dated history: as of, back pay, timeline, year report …`,
        );
        dated.push(await benchDated(size, options.quick ? 1 : 3, options.databaseUrl));
      }
    }
    if (options.browser && !('na' in results.web.bundle)) {
      log(`· ${LIGHTHOUSE_EMPLOYEES} employees: Lighthouse, mobile and desktop …`);
      results.web.lighthouse = await measureLighthouse(options, options.quick ? 1 : 3);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }

  const adjustedGap = [...new Set([...sizes, ADJUSTED_GAP_GOAL_EMPLOYEES])].map((size) => {
    log(`· adjusted pay gap over ${size.toLocaleString('en-US')} generated rows …`);
    return benchAdjustedGap(size, options.quick ? 3 : 5);
  });

  const excelNa = !options.excel ? 'skipped (--no-excel)' : 'n/a (export not built)';
  return {
    machine: results.machine!,
    options: {
      sizes,
      quick: options.quick,
      listRuns: options.listRuns,
      calculate: options.calculate,
      excel: options.excel,
      browser: options.browser,
      ...(options.replicas ? { replicas: options.replicas } : {}),
      audit: options.audit,
      auditEntries: options.auditEntries,
    },
    goals: GOALS,
    list: results.list,
    insights: results.insights,
    calculate: results.calculate ?? { na: 'not measured' },
    start,
    export: exports.length ? exports : { na: excelNa },
    import: imports.length ? imports : { na: excelNa },
    ...(replicas ? { replicas } : {}),
    impact: impact.length ? impact : { na: 'skipped (--no-audit)' },
    dated: dated.length ? dated : { na: 'skipped (--no-audit)' },
    audit: pages ? { ruleChange, singleWrite, pages } : { na: 'skipped (--no-audit)' },
    adjustedGap,
    web: results.web,
  };
}

/** The size the adjusted pay gap's goal is set at: measured whatever the sizes asked. */
const ADJUSTED_GAP_GOAL_EMPLOYEES = 100_000;

/** The directory a person opens: a company of 200, on a database of its own. */
const LIGHTHOUSE_EMPLOYEES = 200;

async function measureLighthouse(options: BenchOptions, runs: number): Promise<Figure<LighthouseFigure>> {
  const bench = await createBenchDatabase({
    employees: LIGHTHOUSE_EMPLOYEES,
    databaseUrl: options.databaseUrl,
  });
  try {
    const app = await startBenchApp(bench.database, {
      dataDir: bench.dataDir,
      listen: true,
      webDist: WEB_DIST,
    });
    try {
      return await benchLighthouse({
        baseUrl: app.baseUrl!,
        token: app.token,
        employees: LIGHTHOUSE_EMPLOYEES,
        runs,
      });
    } finally {
      await app.close();
    }
  } catch (error) {
    return { na: `failed: ${(error as Error).message.split('\n')[0]}` };
  } finally {
    await bench.dispose();
  }
}

export function writeResults(results: BenchResults, file = RESULTS_FILE): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
}

export function optionsFromArgs(argv: string[]): BenchOptions & { out: string } {
  const { values } = parseArgs({
    args: argv,
    options: {
      quick: { type: 'boolean', default: false },
      sizes: { type: 'string' },
      'no-excel': { type: 'boolean', default: false },
      'no-browser': { type: 'boolean', default: false },
      build: { type: 'boolean', default: false },
      replicas: { type: 'string' },
      'no-audit': { type: 'boolean', default: false },
      'audit-entries': { type: 'string' },
      out: { type: 'string', default: RESULTS_FILE },
    },
  });
  const quick = values.quick ?? false;
  const sizes = values.sizes
    ? values.sizes
        .split(',')
        .map((s) => Number(s.replace(/[_k]/gi, (m) => (m.toLowerCase() === 'k' ? '000' : ''))))
    : quick
      ? [200, 1000]
      : [10_000, 100_000];
  if (sizes.some((n) => !Number.isSafeInteger(n) || n <= 0)) throw new Error(`bad --sizes: ${values.sizes}`);
  const auditEntries = values['audit-entries'] ? Number(values['audit-entries']) : quick ? 2000 : 1_000_000;
  if (!Number.isSafeInteger(auditEntries) || auditEntries < 100)
    throw new Error(`bad --audit-entries: ${values['audit-entries']} (100 or more)`);
  if (values.replicas && !(Number.isSafeInteger(Number(values.replicas)) && Number(values.replicas) >= 2))
    throw new Error(`bad --replicas: ${values.replicas} (2 or more)`);
  return {
    sizes,
    quick,
    listRuns: 5,
    calculate: quick
      ? { seconds: 1, rounds: 1, connections: 10 }
      : { seconds: 6, rounds: 3, connections: 10 },
    excel: !values['no-excel'],
    browser: !values['no-browser'],
    build: values.build ?? false,
    databaseUrl: process.env.DATABASE_URL || undefined,
    replicas: values.replicas ? Number(values.replicas) : undefined,
    audit: !values['no-audit'],
    auditEntries,
    log: (line) => console.log(line),
    out: values.out ?? RESULTS_FILE,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const options = optionsFromArgs(process.argv.slice(2));
  const where = options.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'PGlite';
  console.log(
    `Salary System benchmarks on ${where}, sizes ${options.sizes.join(', ')}${options.quick ? ' (quick)' : ''}`,
  );
  const results = await runBench(options);
  writeResults(results, options.out);
  console.log(`\n${formatTable(results)}\n\nWrote ${path.relative(process.cwd(), options.out)}`);
}
