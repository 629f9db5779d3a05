import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { formatTable } from './lib/report.ts';
import { type BenchResults, runBench, writeResults } from './run.ts';

/*
 * The benchmark code, run end to end at a tiny size: every figure must come out as a finite
 * positive number and the results file must have its shape. No assertion on speed — timing
 * on a shared machine is the benchmark's job, not a test's. Chromium is not needed.
 */

function expectPositive(label: string, values: Record<string, unknown>, keys: string[]) {
  for (const key of keys) {
    const value = values[key];
    expect(
      typeof value === 'number' && Number.isFinite(value) && value > 0,
      `${label}.${key} = ${value}`,
    ).toBe(true);
  }
}

function figure<T extends object>(value: T | { na: string }, label: string): T {
  expect('na' in value, `${label}: ${JSON.stringify(value)}`).toBe(false);
  return value as T;
}

// The timeout only guards against a hang: alone this takes ~70 s, but the full suite runs it beside
// the crash tests and the browser phase, where it has taken up to 455 s.
it('measures every figure at a tiny size and writes the results file', { timeout: 1_200_000 }, async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'salary-bench-smoke-'));
  try {
    const results = await runBench({
      sizes: [40],
      quick: true,
      listRuns: 2,
      calculate: { seconds: 1, rounds: 1, connections: 4 },
      excel: true,
      browser: false,
      databaseUrl: undefined,
      audit: true,
      auditEntries: 300,
      log: () => {},
    });
    const file = path.join(dir, 'latest.json');
    writeResults(results, file);
    const saved = JSON.parse(readFileSync(file, 'utf8')) as BenchResults;
    expect(saved).toEqual(results);

    expect(Object.keys(saved).sort()).toEqual(
      [
        'adjustedGap',
        'audit',
        'calculate',
        'dated',
        'export',
        'goals',
        'impact',
        'import',
        'insights',
        'list',
        'machine',
        'options',
        'start',
        'web',
      ].sort(),
    );
    expectPositive('machine', { ...saved.machine }, ['cores', 'totalMemoryGb']);
    expect(saved.machine.node).toBe(process.version);
    expect(saved.machine.database).toBe('pglite');
    expect(Number.isNaN(Date.parse(saved.machine.date))).toBe(false);

    expect(saved.list).toHaveLength(1);
    const list = saved.list[0]!;
    expect(list.employees).toBe(40);
    expectPositive('list', { ...list }, [
      'apiMs',
      'apiColdMs',
      'apiRuleMs',
      'plainSelectMs',
      'jsonAggMs',
      'baselineMs',
      'ratio',
      'apiBytes',
    ]);
    expectPositive('list.cpu', { ...list.cpu }, ['apiMs', 'plainSelectMs', 'jsonAggMs', 'ratio']);
    expectPositive('list.payReport', { ...list.payReport }, ['ms', 'ratio']);
    expect(list.compressed.encoding).toBe('br');
    expect(saved.insights).toHaveLength(1);
    expect(saved.insights[0]!.employees).toBe(40);
    expectPositive('insights', { ...saved.insights[0]! }, ['insightsMs', 'listMs', 'ratio', 'insightsBytes']);
    expect(saved.insights[0]!.insightsBytes).toBeLessThan(saved.insights[0]!.listBytes);
    expectPositive('list.compressed', { ...list.compressed }, ['apiMs', 'apiColdMs', 'ratio', 'wireBytes']);
    expect(list.compressed.wireBytes).toBeLessThan(list.apiBytes);

    const calculate = figure(saved.calculate, 'calculate');
    expectPositive('calculate', { ...calculate }, ['calculateRps', 'bareRps', 'ratio', 'responseBytes']);
    expectPositive('calculate.ladder', { ...calculate.ladder }, ['appPublicNoopRps', 'appSignedInNoopRps']);

    const [exported] = figure(saved.export, 'export');
    expectPositive('export', { ...exported }, [
      'seconds',
      'peakRssMb',
      'readyRssMb',
      'fileBytes',
      'baselineSeconds',
      'baselinePeakRssMb',
      'ratio',
    ]);
    const start = figure(saved.start!, 'start');
    expectPositive('start.first', { ...start.first }, ['seconds', 'idleRssMb']);
    expectPositive('start.restart', { ...start.restart }, ['seconds', 'idleRssMb']);
    const imports = figure(saved.import, 'import');
    expect(imports.map((i) => [i.kind, i.created, i.updated, i.unchanged])).toEqual([
      ['unchanged', 0, 0, 40],
      ['update', 0, 40, 0],
      ['create', 40, 0, 0],
    ]);
    for (const imported of imports)
      expectPositive(`import ${imported.kind}`, { ...imported }, ['seconds', 'peakRssMb', 'readyRssMb']);

    const [impact] = figure(saved.impact, 'impact');
    expect(impact!.employees).toBe(40);
    expect(impact!.affected).toBe(40);
    expectPositive('impact', { ...impact! }, ['previewMs', 'listMs', 'goalMs']);
    // The dated history: the list as of a past day, a back-pay preview, a timeline, a year's report.
    const [dated] = figure(saved.dated, 'dated');
    expect(dated!.employees).toBe(40);
    expect(dated!.payTimeline!.versions).toBe(50);
    expect(dated!.yearReport!.employees).toBe(40);
    expect(dated!.backPayPreview!.affected).toBeGreaterThan(0);
    expect(dated!.backPayPreview!.owed).toBe(dated!.backPayPreview!.affected);
    expectPositive('dated.listAsOf', { ...dated!.listAsOf! }, [
      'ms',
      'coldMs',
      'baselineMs',
      'ratio',
      'coldRatio',
    ]);
    expectPositive('dated.backPayPreview', { ...dated!.backPayPreview! }, ['ms']);
    expectPositive('dated.payTimeline', { ...dated!.payTimeline! }, ['ms']);
    expectPositive('dated.yearReport', { ...dated!.yearReport! }, ['ms']);
    const audit = figure(saved.audit, 'audit');
    expect(audit.ruleChange.map((r) => [r.employees, r.historyRows])).toEqual([[40, 40]]);
    expectPositive('audit.ruleChange', { ...audit.ruleChange[0]! }, ['ms']);
    expectPositive('audit.singleWrite', { ...audit.singleWrite[0]! }, ['auditedMs', 'unauditedMs', 'ratio']);
    expect(audit.pages.entries).toBeGreaterThanOrEqual(300);
    expect(Object.keys(audit.pages.pages).length).toBeGreaterThanOrEqual(6);
    expectPositive('audit.pages', audit.pages.pages, Object.keys(audit.pages.pages));
    // The adjusted pay gap: the tiny size and 100,000 (its goal's size), every figure positive.
    expect(saved.adjustedGap.map((g) => [g.employees, g.goalMs])).toEqual([
      [40, null],
      [100_000, 2000],
    ]);
    for (const g of saved.adjustedGap)
      expectPositive(`adjustedGap ${g.employees}`, { ...g }, [
        'ms',
        'baselineMs',
        'ratio',
        'columns',
        'jobs',
      ]);
    const table = formatTable(saved);
    for (const row of [
      'POST /api/impact',
      'PUT /api/base-salary moving 40',
      'single-row write',
      'GET /api/audit, newest',
      'adjusted pay gap, 100,000 generated rows',
      'GET /api/employees?asOf=',
      'pay-timeline, 50 versions',
      '(back pay), 40 employees',
      'a rule change every month',
    ])
      expect(table).toContain(row);

    // The bundle figure needs a web build (npm test builds it first); without one it says so.
    if ('na' in saved.web.bundle) expect(saved.web.bundle.na).toMatch(/web build/);
    else expectPositive('web.bundle', { ...saved.web.bundle }, ['loginJsGzipKb', 'loginJsBrKb']);
    expect('na' in saved.web.firstVisit).toBe(true);
    expect('na' in saved.web.firstRows).toBe(true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
