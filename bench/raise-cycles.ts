import { parseArgs } from 'node:util';
import { NO_PERMISSIONS } from '@salary/shared/common/permissions';
import type { Impact } from '@salary/shared/impact/impact.contract';
import type { RaiseCycle, Worksheet } from '@salary/shared/raise-cycles/raise-cycles.contract';
import type { Db } from '../apps/server/src/db/client.ts';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';
import { createUsersRepository } from '../apps/server/src/modules/users/users.repository.ts';
import { createBenchDatabase } from './generate.ts';
import { type BenchApp, benchCall, startBenchApp } from './lib/bench-app.ts';
import { GOALS } from './lib/report.ts';
import { median, round, timed } from './lib/stats.ts';

/*
 * A raise cycle over the whole generated company, on a fresh database of its own: every
 * employee eligible, effective today (the application then moves today's rows and pay history,
 * the heavier way), each figure after one warm-up:
 *
 * - GET /api/raise-cycles/:id/worksheet: everyone priced as of the day, with compa-ratio and
 *   guideline; against GET /api/employees (the same people priced, the directory's read).
 *   Goal: ≤ 1 s at 10,000 eligible.
 * - POST /api/raise-cycles/:id/proposals/preview of a 3 % raise for everyone (what the page asks
 *   after "Set for all"): the budget recomputed over every row, nothing saved. The worksheet's
 *   totals are the server's, so this round trip is the "budget recomputed after a bulk action";
 *   goal ≤ 200 ms at 10,000. Then PUT …/proposals, the same rows saved (with its audit entry).
 * - POST /api/impact of the application (the apply run and rolled back, everyone priced twice).
 * - POST /api/raise-cycles/:id/apply: every raise written as a dated version, the rows moved,
 *   one audit entry with a pay-history row each. Goal: ≤ 5 s at 100,000.
 *
 *   npx tsx bench/raise-cycles.ts --sizes 10000,100000 [--database-url postgres://…] [--runs 3]
 */

export interface RaiseCycleFigure {
  database: 'pglite' | 'postgres';
  employees: number;
  runs: number;
  eligible: number;
  worksheetMs: number;
  directoryMs: number;
  worksheetRatio: number;
  /** POST …/proposals/preview of 3 % for everyone: the totals the page shows after a bulk action. */
  liveTotalsMs: number;
  proposeAllMs: number;
  previewMs: number;
  applyMs: number;
  applied: number;
}

const SECOND_ADMIN = { email: 'bench-approver@example.com', password: 'bench-approver-password' };

async function measure(
  app: BenchApp,
  db: Db,
  runs: number,
): Promise<Omit<RaiseCycleFigure, 'database' | 'employees'>> {
  const today = await app.app.services.company.today();
  const made = await app.app.inject({
    method: 'POST',
    url: '/api/raise-cycles',
    headers: { authorization: `Bearer ${app.token}` },
    payload: {
      name: 'Bench cycle',
      effectiveDate: today,
      eligibility: {},
      budget: { kind: 'PERCENT', value: 3 },
      guideline: [
        { compaFrom: null, compaTo: 1, rating: null, minPercent: 2, maxPercent: 6 },
        { compaFrom: 1, compaTo: null, rating: null, minPercent: 0, maxPercent: 4 },
      ],
    },
  });
  if (made.statusCode !== 201) throw new Error(`create cycle: ${made.statusCode} ${made.body.slice(0, 300)}`);
  const id = (JSON.parse(made.body) as { data: RaiseCycle }).data.id;

  const sheets: number[] = [];
  const lists: number[] = [];
  let eligible: number[] = [];
  for (let pass = -1; pass < runs; pass++) {
    const sheet = await timed(() => benchCall<Worksheet>(app, 'GET', `/api/raise-cycles/${id}/worksheet`));
    const list = await timed(() => benchCall<unknown[]>(app, 'GET', '/api/employees'));
    eligible = sheet.value.data.rows.map((r) => r.employeeId);
    if (pass >= 0) {
      sheets.push(sheet.ms);
      lists.push(list.ms);
    }
  }

  const proposals = eligible.map((employeeId) => ({
    employeeId,
    kind: 'PERCENT',
    value: 3,
    reason: 'Bench',
  }));
  // What the page asks after a bulk action: the drafts priced, nothing saved.
  const lives: number[] = [];
  for (let pass = -1; pass < runs; pass++) {
    const live = await timed(() =>
      benchCall<Worksheet>(app, 'POST', `/api/raise-cycles/${id}/proposals/preview`, { proposals }),
    );
    if (pass >= 0) lives.push(live.ms);
  }
  const saves: number[] = [];
  for (let pass = -1; pass < runs; pass++) {
    const saved = await timed(() =>
      benchCall<Worksheet>(app, 'PUT', `/api/raise-cycles/${id}/proposals`, { proposals }),
    );
    if (pass >= 0) saves.push(saved.ms);
  }

  // Maker-checker: the bench admin submits, a second administrator approves.
  await createUsersRepository(db).insert({
    email: SECOND_ADMIN.email,
    name: 'Bench Approver',
    passwordHash: await hashPassword(SECOND_ADMIN.password),
    isAdmin: true,
    permissions: NO_PERMISSIONS,
  });
  const login = await app.app.inject({ method: 'POST', url: '/api/auth/login', payload: SECOND_ADMIN });
  const approver: BenchApp = {
    ...app,
    token: (JSON.parse(login.body) as { data: { token: string } }).data.token,
  };
  await benchCall(app, 'POST', `/api/raise-cycles/${id}/submit`);
  await benchCall(approver, 'POST', `/api/raise-cycles/${id}/approve`);

  const previews: number[] = [];
  for (let pass = -1; pass < runs; pass++) {
    const preview = await timed(() =>
      benchCall<Impact>(app, 'POST', '/api/impact', { method: 'POST', path: `/raise-cycles/${id}/apply` }),
    );
    if (pass >= 0) previews.push(preview.ms);
  }

  // Once: an application is done once.
  const applied = await timed(() => benchCall<RaiseCycle>(app, 'POST', `/api/raise-cycles/${id}/apply`));
  if (applied.value.data.status !== 'APPLIED') throw new Error('the cycle was not applied');

  const worksheetMs = round(median(sheets), 0);
  const directoryMs = round(median(lists), 0);
  return {
    runs,
    eligible: eligible.length,
    worksheetMs,
    directoryMs,
    worksheetRatio: round(worksheetMs / directoryMs),
    liveTotalsMs: round(median(lives), 0),
    proposeAllMs: round(median(saves), 0),
    previewMs: round(median(previews), 0),
    applyMs: round(applied.ms, 0),
    applied: eligible.length,
  };
}

export async function benchRaiseCycles(
  size: number,
  runs: number,
  databaseUrl?: string,
): Promise<RaiseCycleFigure> {
  const bench = await createBenchDatabase({ employees: size, databaseUrl });
  try {
    const app = await startBenchApp(bench.database, { dataDir: bench.dataDir });
    try {
      return {
        database: databaseUrl ? 'postgres' : 'pglite',
        employees: size,
        ...(await measure(app, bench.database.db, runs)),
      };
    } finally {
      await app.close();
    }
  } finally {
    await bench.dispose();
  }
}

/** The figure's lines, each beside its goal (the worksheet's and bulk goals are set at 10,000, the apply's at 100,000). */
export function raiseCycleLines(f: RaiseCycleFigure): string[] {
  const n = (v: number) => v.toLocaleString('en-US');
  const ok = (v: boolean) => (v ? 'ok' : 'MISSED');
  const at10k = f.employees <= 10_000;
  const goal = (ms: number, max: number, applies: boolean) =>
    applies ? `(≤ ${n(max)}) ${ok(ms <= max)}` : `(goal ${n(max)} ms set at 10,000)`;
  return [
    `${f.database} ${n(f.employees)} employees, ${n(f.eligible)} eligible:`,
    `  GET worksheet: ${n(f.worksheetMs)} ms ${goal(f.worksheetMs, GOALS.raiseWorksheetMsMax10k, at10k)}; GET /api/employees ${n(f.directoryMs)} ms → ${f.worksheetRatio}`,
    `  POST proposals/preview, 3 % for all (the budget recomputed after a bulk action): ${n(f.liveTotalsMs)} ms ${goal(f.liveTotalsMs, GOALS.raiseBulkMsMax10k, at10k)}`,
    `  PUT proposals, 3 % for all (saved): ${n(f.proposeAllMs)} ms`,
    `  POST /api/impact of the application: ${n(f.previewMs)} ms`,
    `  POST apply, ${n(f.applied)} raises: ${n(f.applyMs)} ms${
      f.employees >= 100_000
        ? ` (≤ ${n(GOALS.raiseApplyMsMax100k)}) ${ok(f.applyMs <= GOALS.raiseApplyMsMax100k)}`
        : ''
    }`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string', default: '10000,100000' },
      runs: { type: 'string', default: '3' },
      'database-url': { type: 'string' },
    },
  });
  for (const size of values.sizes.split(',').map(Number)) {
    const figure = await benchRaiseCycles(size, Number(values.runs), values['database-url']);
    console.log(raiseCycleLines(figure).join('\n'));
  }
}
