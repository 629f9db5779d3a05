import { parseArgs } from 'node:util';
import { addDays } from '@salary/shared/common/calendar-day';
import { asCents } from '@salary/shared/common/money';
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.ts';
import { createBaseSalariesRepository } from '../apps/server/src/modules/base-salaries/base-salaries.repository.ts';
import { createEmployeesRepository } from '../apps/server/src/modules/employees/employees.repository.ts';
import { datedRuleWrite } from '../apps/server/src/seed/dated-write.ts';
import { firstOfMonth } from '../apps/server/src/seed/demo-data.ts';
import { createBenchDatabase } from './generate.ts';
import { type BenchApp, benchCall, startBenchApp } from './lib/bench-app.ts';
import { GOALS } from './lib/report.ts';
import { median, round, timed } from './lib/stats.ts';
import { bareRead, editOneEmployee } from './list.ts';

/*
 * The dated reads and writes over a company with a history, on a fresh database of its own:
 * the generated company, then a raise of every base salary but one (the cell the back-pay
 * preview changes) on the 1st of every month of the reference year (last calendar year), so
 * most employees' pay moves every month, written through the rule calendar
 * (its versions as a dated grid save writes them; untimed, without the back pay each such
 * write would compute), and one employee given 49 dated changes through PUT /api/employees
 * (50 versions). Then, each with one warm-up:
 *
 * - GET /api/employees?asOf=<a day of the reference year> against the bare read of the same
 *   rows (list.ts), interleaved: read again, and right after a write; goal ≤ 2× the bare read.
 * - POST /api/impact of PUT /api/base-salary/:id?effectiveFrom=<12 months back> (the cell
 *   most employees are on): the back pay of every employee priced day by day; goal ≤ 5 s.
 * - GET /api/employees/:id/pay-timeline of the employee with 50 versions; goal ≤ 50 ms.
 * - GET /api/pay-transparency?year=<reference year>; goal ≤ 5 s.
 *
 *   npx tsx bench/dated.ts --sizes 100000 [--database-url postgres://…] [--runs 3]
 *     [--only list,backpay,timeline,year]   (the figures measured; default all)
 */

export const DATED_FIGURES = ['list', 'backpay', 'timeline', 'year'] as const;
export type DatedFigureName = (typeof DATED_FIGURES)[number];

export interface DatedFigure {
  database: 'pglite' | 'postgres';
  employees: number;
  runs: number;
  /** The calendar year the report covers and the monthly rule changes fall in. */
  referenceYear: number;
  /** Raises of every base salary but the previewed one, dated the 1st of each month of the reference year. */
  monthlyChanges: number;
  /** Untimed setup: the monthly changes and the 49 dated employee writes, seconds. */
  setupSeconds: number;
  listAsOf?: {
    day: string;
    /** Read again (nothing written since), median ms. */
    ms: number;
    /** Right after a write (one employee edited), median ms. */
    coldMs: number;
    baselineMs: number;
    ratio: number;
    coldRatio: number;
  };
  backPayPreview?: {
    effectiveFrom: string;
    ms: number;
    /** Employees whose pay the change moves. */
    affected: number;
    /** Employees owed back pay (the preview lists at most 50; this is its count). */
    owed: number;
  };
  payTimeline?: { versions: number; ms: number };
  yearReport?: { year: number; ms: number; employees: number };
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Every base salary up by `percent` from `day` on, as a dated grid save writes it (the rule
 * calendar's open, write, settle), without the back pay and audit entry the route adds.
 */
async function datedRaise(
  db: Db,
  day: string,
  today: string,
  percent: number,
  except: { grade_id: number; level_id: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    const repo = createBaseSalariesRepository(tx);
    await datedRuleWrite(tx, { today, effectiveFrom: day }, 'bench: monthly raise', async () => {
      const cells = await rows<{ grade_id: number; level_id: number; amount: string | number }>(
        tx as unknown as Db,
        sql`select grade_id, level_id, amount from base_salaries
          where (grade_id, level_id) <> (${except.grade_id}, ${except.level_id})`,
      );
      await repo.upsertMany(
        cells.map((c) => ({
          gradeId: c.grade_id,
          levelId: c.level_id,
          amount: asCents(Math.round((Number(c.amount) * (100 + percent)) / 100)),
        })),
      );
    });
  });
}

/** The employee's form body from its view (what the edit form sends back). */
function formBody(view: Record<string, unknown>, change: number) {
  return {
    name: view.name,
    technologyId: view.technologyId,
    specializationId: view.specializationId,
    gradeId: view.gradeId,
    levelId: view.levelId,
    yearsExperience: view.yearsExperience,
    yearsWithCompany: view.yearsWithCompany,
    offshoreProject: view.offshoreProject,
    actingAsDifferentGrade: view.actingAsDifferentGrade,
    pillar: change % 2 === 0,
    remote: change % 3 === 0,
  };
}

/** Sets up the dated history, then measures the four figures on a running bench app. */
export async function measureDated(
  app: BenchApp,
  db: Db,
  size: number,
  runs: number,
  database: DatedFigure['database'],
  only: ReadonlySet<DatedFigureName> = new Set(DATED_FIGURES),
): Promise<DatedFigure> {
  const today = await createEmployeesRepository(db).today();
  const referenceYear = Number(today.slice(0, 4)) - 1;
  const started = performance.now();
  // The cell the back-pay preview changes (the one most employees are on) keeps its amount, so
  // the previewed change, 12 months back, holds to today; every other cell moves each month.
  const [cell] = await rows<{ grade_id: number; level_id: number }>(
    db,
    sql`select grade_id, level_id from employees group by 1, 2 order by count(*) desc, 1, 2 limit 1`,
  );
  for (let month = 1; month <= 12; month++)
    await datedRaise(db, `${referenceYear}-${String(month).padStart(2, '0')}-01`, today, 0.5, cell!);
  const [first] = await rows<{ id: number }>(db, sql`select min(id)::int as id from employees`);
  const id = first!.id;
  const view = (await benchCall<Record<string, unknown>>(app, 'GET', `/api/employees/${id}`)).data;
  // 49 dated changes, a month apart, oldest first: with the first version, 50.
  for (let k = 0; k < 49; k++) {
    const day = firstOfMonth(today, k - 49);
    await benchCall(app, 'PUT', `/api/employees/${id}?effectiveFrom=${day}`, formBody(view, k));
  }
  const setupSeconds = round((performance.now() - started) / 1000, 1);

  const figure: DatedFigure = {
    database,
    employees: size,
    runs,
    referenceYear,
    monthlyChanges: 12,
    setupSeconds,
  };

  if (only.has('list')) {
    // The list as of a day of the reference year, against the bare read; interleaved.
    const day = `${referenceYear}-06-15`;
    const url = `/api/employees?asOf=${day}`;
    // Once, untimed: every employee is there. Then timed as list.ts times today's list: the
    // answer streamed and counted, not parsed (parsing 100,000 rows is the client's work).
    const checked = await benchCall<unknown[]>(app, 'GET', url);
    if (checked.data.length !== size)
      throw new Error(`as of ${day}: ${checked.data.length} rows, expected ${size}`);
    const expectedBytes = Buffer.byteLength(JSON.stringify(checked));
    const asOf = async () => {
      const res = await app.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${app.token}` },
        payloadAsStream: true,
      });
      if (res.statusCode !== 200) throw new Error(`GET ${url} answered ${res.statusCode}`);
      let bytes = 0;
      for await (const chunk of res.stream()) bytes += (chunk as Buffer).length;
      // The write between reads edits one employee: a few bytes, not more.
      if (Math.abs(bytes - expectedBytes) > Math.max(expectedBytes / 100, 512))
        throw new Error(`GET ${url} sent ${bytes} bytes, then ${expectedBytes}`);
    };
    const times = { again: [] as number[], cold: [] as number[], bare: [] as number[] };
    for (let pass = -1; pass < runs; pass++) {
      await editOneEmployee(db);
      const cold = await timed(asOf);
      const again = await timed(asOf);
      const bare = await bareRead(db);
      if (bare.count !== size) throw new Error(`bare read: ${bare.count} rows`);
      if (pass < 0) continue;
      times.cold.push(cold.ms);
      times.again.push(again.ms);
      times.bare.push(bare.ms);
    }
    const baselineMs = median(times.bare);
    figure.listAsOf = {
      day,
      ms: round(median(times.again), 1),
      coldMs: round(median(times.cold), 1),
      baselineMs: round(baselineMs, 1),
      ratio: round(median(times.again) / baselineMs),
      coldRatio: round(median(times.cold) / baselineMs),
    };
  }

  if (only.has('backpay')) {
    // The back-pay preview of the base salary most employees are on, dated 12 months back.
    const salaries = (
      await benchCall<Array<{ id: number; gradeId: number; levelId: number; amount: number }>>(
        app,
        'GET',
        '/api/base-salary',
      )
    ).data;
    const target = salaries.find((s) => s.gradeId === cell!.grade_id && s.levelId === cell!.level_id)!;
    const effectiveFrom = addDays(today, -365);
    const previews: number[] = [];
    let affected = 0;
    let owed = 0;
    for (let pass = -1; pass < runs; pass++) {
      const preview = await timed(() =>
        benchCall<{ employeesAffected: number; backPay?: { employeeCount: number } }>(
          app,
          'POST',
          '/api/impact',
          {
            method: 'PUT',
            path: `/base-salary/${target.id}?effectiveFrom=${effectiveFrom}`,
            body: { gradeId: target.gradeId, levelId: target.levelId, amount: target.amount + 100 },
          },
        ),
      );
      if (pass < 0) continue;
      previews.push(preview.ms);
      affected = preview.value.data.employeesAffected;
      owed = preview.value.data.backPay?.employeeCount ?? 0;
    }
    figure.backPayPreview = { effectiveFrom, ms: round(median(previews), 0), affected, owed };
  }

  if (only.has('timeline')) {
    // The pay timeline of the employee with 50 versions.
    const timelines: number[] = [];
    let versions = 0;
    for (let pass = -1; pass < Math.max(runs, 5); pass++) {
      const t = await timed(() => benchCall<unknown[]>(app, 'GET', `/api/employees/${id}/pay-timeline`));
      versions = t.value.data.length;
      if (pass >= 0) timelines.push(t.ms);
    }
    figure.payTimeline = { versions, ms: round(median(timelines), 1) };
  }

  if (only.has('year')) {
    // The pay report for the reference year.
    const reports: number[] = [];
    let reported = 0;
    for (let pass = -1; pass < runs; pass++) {
      const r = await timed(() =>
        benchCall<{ counts: { total: number } }>(app, 'GET', `/api/pay-transparency?year=${referenceYear}`),
      );
      reported = r.value.data.counts.total;
      if (pass >= 0) reports.push(r.ms);
    }
    figure.yearReport = { year: referenceYear, ms: round(median(reports), 0), employees: reported };
  }
  return figure;
}

/** On a fresh database of its own (the setup writes a history the other figures do not expect). */
export async function benchDated(
  size: number,
  runs: number,
  databaseUrl?: string,
  only?: ReadonlySet<DatedFigureName>,
): Promise<DatedFigure> {
  const bench = await createBenchDatabase({ employees: size, databaseUrl });
  try {
    const app = await startBenchApp(bench.database, { dataDir: bench.dataDir });
    try {
      return await measureDated(
        app,
        bench.database.db,
        size,
        runs,
        databaseUrl ? 'postgres' : 'pglite',
        only,
      );
    } finally {
      await app.close();
    }
  } finally {
    await bench.dispose();
  }
}

/** The figure's lines, each beside its goal. */
export function datedLines(f: DatedFigure): string[] {
  const n = f.employees.toLocaleString('en-US');
  const ok = (v: boolean) => (v ? 'ok' : 'MISSED');
  const lines = [
    `${f.database} ${n} employees, ${f.monthlyChanges} monthly changes in ${f.referenceYear} (setup ${f.setupSeconds} s):`,
  ];
  const { listAsOf: l, backPayPreview: b, payTimeline: t, yearReport: y } = f;
  if (l)
    lines.push(
      `  GET /api/employees?asOf=${l.day}: ${l.ms} ms read again, ${l.coldMs} ms after a write; bare read ${l.baselineMs} ms → ${l.ratio} / ${l.coldRatio} (≤ ${GOALS.listAsOfRatioMax}) ${ok(Math.max(l.ratio, l.coldRatio) <= GOALS.listAsOfRatioMax)}`,
    );
  if (b)
    lines.push(
      `  POST /api/impact, base salary from ${b.effectiveFrom}: ${b.ms} ms (≤ ${GOALS.backPayPreviewMsMax}) ${ok(b.ms <= GOALS.backPayPreviewMsMax)}; ${b.affected} affected`,
    );
  if (t)
    lines.push(
      `  GET /api/employees/:id/pay-timeline, ${t.versions} versions: ${t.ms} ms (≤ ${GOALS.payTimelineMsMax}) ${ok(t.ms <= GOALS.payTimelineMsMax)}`,
    );
  if (y)
    lines.push(
      `  GET /api/pay-transparency?year=${y.year}: ${y.ms} ms (≤ ${GOALS.yearReportMsMax}) ${ok(y.ms <= GOALS.yearReportMsMax)}; ${y.employees} employees`,
    );
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string', default: '100000' },
      runs: { type: 'string', default: '3' },
      'database-url': { type: 'string' },
      only: { type: 'string', default: DATED_FIGURES.join(',') },
    },
  });
  const only = new Set(values.only.split(',') as DatedFigureName[]);
  for (const name of only)
    if (!DATED_FIGURES.includes(name))
      throw new Error(`--only: ${name} is not one of ${DATED_FIGURES.join(', ')}`);
  for (const size of values.sizes.split(',').map(Number)) {
    const figure = await benchDated(size, Number(values.runs), values['database-url'], only);
    console.log(datedLines(figure).join('\n'));
    console.log(JSON.stringify(figure));
  }
}
