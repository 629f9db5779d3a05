import { parseArgs } from 'node:util';
import { createBenchDatabase } from './generate.ts';
import { type BenchApp, benchCall, startBenchApp } from './lib/bench-app.ts';
import { GOALS } from './lib/report.ts';
import { median, round, timed } from './lib/stats.ts';

/*
 * The impact preview (POST /api/impact) of a multiplier change — everyone priced, the
 * settings write run through its route, everyone priced again, all rolled back — beside one
 * priced list read (GET /api/employees) of the same company. Goals: ≤ 1 s at 10,000
 * employees, ≤ 5 s at 100,000, on PGlite and PostgreSQL.
 *
 *   npx tsx bench/impact.ts --sizes 10000,100000 [--database-url postgres://…] [--runs 3]
 */

export interface ImpactFigure {
  database: 'pglite' | 'postgres';
  employees: number;
  runs: number;
  /** POST /api/impact, median ms. */
  previewMs: number;
  /** GET /api/employees right after (its snapshot moved: read and priced again), median ms. */
  listMs: number;
  goalMs: number;
  affected: number;
}

/**
 * Previews against list reads on a running bench app, interleaved, one warm-up round first.
 * The preview rolls back, so the data is as it was after.
 */
export async function measureImpact(
  app: BenchApp,
  size: number,
  runs: number,
  database: ImpactFigure['database'],
): Promise<ImpactFigure> {
  const { updatedAt: _u, ...settings } = (await benchCall(app, 'GET', '/api/settings')).data;
  const write = {
    method: 'PUT',
    path: '/settings',
    body: {
      ...settings,
      experienceMultiplier: Number(settings.experienceMultiplier) + 0.5,
      experienceMultiplierType: 'PERCENTAGE',
    },
  };
  const previews: number[] = [];
  const lists: number[] = [];
  let affected = 0;
  for (let i = 0; i <= runs; i++) {
    const preview = await timed(() => benchCall(app, 'POST', '/api/impact', write));
    const list = await timed(() => benchCall(app, 'GET', '/api/employees'));
    if (i === 0) continue; // warm-up
    previews.push(preview.ms);
    lists.push(list.ms);
    affected = Number(preview.value.data.employeesAffected);
  }
  return {
    database,
    employees: size,
    runs,
    previewMs: round(median(previews), 0),
    listMs: round(median(lists), 0),
    goalMs: impactGoalMs(size),
    affected,
  };
}

/** ≤ 1 s up to 10,000 employees, ≤ 5 s above (the issue names 10,000 and 100,000). */
export const impactGoalMs = (employees: number) =>
  employees <= 10_000 ? GOALS.impactPreviewMsMax10k : GOALS.impactPreviewMsMax100k;

export async function benchImpact(size: number, runs: number, databaseUrl?: string): Promise<ImpactFigure> {
  const bench = await createBenchDatabase({ employees: size, databaseUrl });
  try {
    const app = await startBenchApp(bench.database, { dataDir: bench.dataDir });
    try {
      return await measureImpact(app, size, runs, databaseUrl ? 'postgres' : 'pglite');
    } finally {
      await app.close();
    }
  } finally {
    await bench.dispose();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string', default: '10000,100000' },
      runs: { type: 'string', default: '3' },
      'database-url': { type: 'string' },
    },
  });
  const sizes = values.sizes.split(',').map(Number);
  for (const size of sizes) {
    const figure = await benchImpact(size, Number(values.runs), values['database-url']);
    const verdict = figure.previewMs <= figure.goalMs ? 'ok' : 'OVER GOAL';
    console.log(
      `${figure.database} ${figure.employees.toLocaleString('en-US')} employees: preview ${figure.previewMs} ms ` +
        `(goal ≤ ${figure.goalMs} ms, ${verdict}; ${figure.affected.toLocaleString('en-US')} affected) · ` +
        `one priced list read ${figure.listMs} ms`,
    );
  }
}
