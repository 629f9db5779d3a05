import { parseArgs } from 'node:util';
import { NO_PERMISSIONS } from '@salary/shared/common/permissions';
import type { Impact } from '@salary/shared/impact/impact.contract';
import type { RaiseCycle, Worksheet } from '@salary/shared/raise-cycles/raise-cycles.contract';
import type { Db } from '../apps/server/src/db/client.ts';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';
import { createUsersRepository } from '../apps/server/src/modules/users/users.repository.ts';
import { createBenchDatabase } from './generate.ts';
import { type BenchApp, benchCall, startBenchApp } from './lib/bench-app.ts';
import { WEB_DIST } from './lib/paths.ts';
import { GOALS } from './lib/report.ts';
import { median, round, timed } from './lib/stats.ts';
import { benchWorksheetInBrowser } from './raise-worksheet-web.ts';
import { ensureWebBuild } from './web.ts';

/*
 * A raise cycle over the whole generated company, on a fresh database of its own: every
 * employee eligible, effective today (the application then moves today's rows and pay history,
 * the heavier way), each figure after one warm-up:
 *
 * - GET /api/raise-cycles/:id/worksheet: everyone priced as of the day, with compa-ratio and
 *   guideline; against GET /api/employees (the same people priced, the directory's read).
 *   Goal: ≤ 1 s at 10,000 eligible.
 * - POST /api/raise-cycles/:id/proposals/preview of a 3 % raise for everyone (what the page asks
 *   after "Set for all"): the budget recomputed over every row, nothing saved — the server's share
 *   of the bulk action (the worksheet's totals are the server's), held to its goal too.
 * - In headless Chromium (bench/raise-worksheet-web.ts; the built web app served by the same
 *   server), while the cycle is still a draft with nothing saved, a fresh context per run after a
 *   warm-up: navigation start → the first worksheet row on screen (goal ≤ 1 s at 10,000), and
 *   "Set for all" (3 %) clicked → the Proposed total changed with the note that the totals
 *   include the drafts (goal ≤ 200 ms at 10,000: the "budget recomputed after a bulk action" as
 *   its user waits for it, the preview's round trip and the page's drawing included). Times taken
 *   in the page. Skipped with --browser false, and above 20,000 employees.
 * - PUT …/proposals, the 3 % rows saved (with its audit entry).
 * - POST /api/impact of the application (the apply run and rolled back, everyone priced twice).
 * - POST /api/raise-cycles/:id/apply: every raise written as a dated version, the rows moved,
 *   one audit entry with a pay-history row each. Goal: ≤ 5 s at 100,000.
 *
 *   npx tsx bench/raise-cycles.ts --sizes 10000,100000 [--database-url postgres://…] [--runs 3]
 *     [--browser false]
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
  /** In Chromium: navigation start → the first worksheet row on screen (null: not measured). */
  browserOpenMs: number | null;
  /** In Chromium: "Set for all" clicked → the new totals shown (null: not measured). */
  browserBulkMs: number | null;
  /** How many worksheet rows the page had drawn when the first showed (null: not measured). */
  browserRowsDrawn: number | null;
  proposeAllMs: number;
  previewMs: number;
  applyMs: number;
  applied: number;
}

const SECOND_ADMIN = { email: 'bench-approver@example.com', password: 'bench-approver-password' };

/** Above this many employees the browser part is skipped: its goals are set at 10,000, and a page that size is no one's. */
export const BROWSER_MAX_EMPLOYEES = 20_000;

async function measure(
  app: BenchApp,
  db: Db,
  runs: number,
  browser: boolean,
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

  // In the browser, before anything is saved: the cycle a draft with no proposals, as a new cycle opens.
  let web: Awaited<ReturnType<typeof benchWorksheetInBrowser>> | undefined;
  if (browser) {
    if (!app.baseUrl) throw new Error('the browser part needs the bench app listening');
    web = await benchWorksheetInBrowser({ baseUrl: app.baseUrl, token: app.token, cycleId: id, runs });
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
    browserOpenMs: web?.openMs ?? null,
    browserBulkMs: web?.bulkMs ?? null,
    browserRowsDrawn: web?.rowsDrawn ?? null,
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
  opts: { browser?: boolean } = {},
): Promise<RaiseCycleFigure> {
  const browser = opts.browser !== false && size <= BROWSER_MAX_EMPLOYEES;
  if (browser) ensureWebBuild();
  const bench = await createBenchDatabase({ employees: size, databaseUrl });
  try {
    const app = await startBenchApp(
      bench.database,
      browser ? { dataDir: bench.dataDir, listen: true, webDist: WEB_DIST } : { dataDir: bench.dataDir },
    );
    try {
      return {
        database: databaseUrl ? 'postgres' : 'pglite',
        employees: size,
        ...(await measure(app, bench.database.db, runs, browser)),
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
    ...browserLines(f, n, goal, at10k),
    `  PUT proposals, 3 % for all (saved): ${n(f.proposeAllMs)} ms`,
    `  POST /api/impact of the application: ${n(f.previewMs)} ms`,
    `  POST apply, ${n(f.applied)} raises: ${n(f.applyMs)} ms${
      f.employees >= 100_000
        ? ` (≤ ${n(GOALS.raiseApplyMsMax100k)}) ${ok(f.applyMs <= GOALS.raiseApplyMsMax100k)}`
        : ''
    }`,
  ];
}

function browserLines(
  f: RaiseCycleFigure,
  n: (v: number) => string,
  goal: (ms: number, max: number, applies: boolean) => string,
  at10k: boolean,
): string[] {
  if (f.browserOpenMs === null || f.browserBulkMs === null)
    return [
      f.employees > BROWSER_MAX_EMPLOYEES
        ? `  browser: skipped above ${n(BROWSER_MAX_EMPLOYEES)} employees (its goals are set at 10,000)`
        : '  browser: skipped (--browser false)',
    ];
  const drawn = f.browserRowsDrawn === null ? '' : `, ${n(f.browserRowsDrawn)} rows drawn`;
  return [
    `  browser: worksheet first rows ${n(f.browserOpenMs)} ms ${goal(f.browserOpenMs, GOALS.raiseWorksheetMsMax10k, at10k)}${drawn}`,
    `  browser: Set for all → totals shown ${n(f.browserBulkMs)} ms ${goal(f.browserBulkMs, GOALS.raiseBulkMsMax10k, at10k)}`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string', default: '10000,100000' },
      runs: { type: 'string', default: '3' },
      'database-url': { type: 'string' },
      browser: { type: 'string', default: 'true' },
    },
  });
  if (values.browser !== 'true' && values.browser !== 'false')
    throw new Error(`--browser is true or false, not ${values.browser}`);
  for (const size of values.sizes.split(',').map(Number)) {
    const figure = await benchRaiseCycles(size, Number(values.runs), values['database-url'], {
      browser: values.browser === 'true',
    });
    console.log(raiseCycleLines(figure).join('\n'));
  }
}
