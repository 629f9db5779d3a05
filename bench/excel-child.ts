/*
 * One Excel measurement in its own process, so its peak RSS (process.resourceUsage().maxRSS)
 * is its own. Roles (argv[2]):
 *   server  — opens the bench database (BENCH_LOCATION, JSON), serves the real app on
 *             127.0.0.1, prints {ready, baseUrl, token, readyRssKb}, and on a line on stdin
 *             closes and prints {peakRssKb, cpuSeconds} (its CPU time since ready). The parent drives the export or import over HTTP.
 *   exceljs — writes BENCH_ROWS demo rows with ExcelJS's streaming writer to BENCH_OUT (no
 *             database) and prints {ms, readyRssKb, peakRssKb}.
 */

import { once } from 'node:events';
import { createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { COST_COLUMN, EMPLOYEE_COLUMNS, SALARY_COLUMN } from '@salary/shared/excel/excel.contract';
import ExcelJS from 'exceljs';
import { demoEmployees } from '../apps/server/src/seed/demo-data.ts';
import { type BenchLocation, openBenchDatabase } from './generate.ts';
import { startBenchApp } from './lib/bench-app.ts';

const rssKb = () => process.resourceUsage().maxRSS;

/**
 * Linux lets a process reset its peak RSS (VmHWM) by writing 5 to /proc/self/clear_refs, so
 * the peak read later is the operation's own, not start-up's (migrations, tsx). Elsewhere
 * the lifetime peak stands in (and start-up may then hide a smaller operation's peak).
 */
function resetPeak(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}
function peakSinceResetKb(reset: boolean): number {
  if (!reset) return rssKb();
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return match ? Number(match[1]) : rssKb();
}
const currentRssKb = () => Math.round(process.memoryUsage.rss() / 1024);
const MONEY_FORMAT = '"$"#,##0.00';
const say = (message: object) => process.stdout.write(`${JSON.stringify(message)}\n`);

async function serve(): Promise<void> {
  const location = JSON.parse(process.env.BENCH_LOCATION ?? '') as BenchLocation;
  const dataDir = process.env.BENCH_DATA_DIR ?? '';
  const database = await openBenchDatabase(location);
  const bench = await startBenchApp(database, { dataDir, listen: true });
  const reset = resetPeak();
  say({
    ready: true,
    baseUrl: bench.baseUrl,
    token: bench.token,
    readyRssKb: reset ? currentRssKb() : rssKb(),
  });
  // Where the peak goes: the process's memory split at its largest sampled RSS.
  const at = (m: NodeJS.MemoryUsage) => ({
    rssMb: Math.round(m.rss / 1048576),
    heapTotalMb: Math.round(m.heapTotal / 1048576),
    heapUsedMb: Math.round(m.heapUsed / 1048576),
    externalMb: Math.round(m.external / 1048576),
  });
  const readySplit = at(process.memoryUsage());
  const cpuAtReady = process.cpuUsage();
  let peakSplit = readySplit;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    if (m.rss / 1048576 > peakSplit.rssMb) peakSplit = at(m);
  }, 50);
  const lines = createInterface({ input: process.stdin });
  await once(lines, 'line');
  lines.close();
  clearInterval(sampler);
  if (process.env.BENCH_MEMORY_SPLIT)
    writeFileSync(process.env.BENCH_MEMORY_SPLIT, `${JSON.stringify({ readySplit, peakSplit })}\n`, {
      flag: 'a',
    });
  const peakRssKb = peakSinceResetKb(reset);
  const cpu = process.cpuUsage(cpuAtReady);
  await bench.close();
  await database.close();
  say({ peakRssKb, cpuSeconds: (cpu.user + cpu.system) / 1e6 });
}

/** The same columns as the app's export for an admin, filled from the demo generator. */
function bareRows(count: number): (string | number)[][] {
  const yes = (flag: boolean) => (flag ? 'Yes' : 'No');
  return demoEmployees(count).map((e, i) => {
    const salary = 3000 + ((i * 7919) % 9000) + 0.25;
    return [
      i + 1,
      e.name,
      e.job,
      e.position,
      e.grade,
      e.level,
      e.yearsExperience,
      e.yearsWithCompany,
      yes(e.offshoreProject),
      yes(e.actingAsDifferentGrade),
      yes(e.pillar),
      yes(e.remote),
      salary,
      Math.round(salary * 1.31 * 100) / 100,
    ];
  });
}

async function writeWithExcelJs(): Promise<void> {
  const rows = bareRows(Number(process.env.BENCH_ROWS));
  const readyRssKb = rssKb();
  const start = performance.now();
  const out = createWriteStream(process.env.BENCH_OUT ?? '');
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = book.addWorksheet('Employees');
  const headers = [...EMPLOYEE_COLUMNS.map((c) => c.header), SALARY_COLUMN, COST_COLUMN];
  const money: Partial<ExcelJS.Style> = { numFmt: MONEY_FORMAT };
  const plain: Partial<ExcelJS.Style> = {};
  // One style object per column, shared by every cell (ExcelJS caches styles by identity):
  // the well-known way to write big sheets fast, so the baseline is a good ExcelJS writer.
  const styles = headers.map((_, i) => (i >= EMPLOYEE_COLUMNS.length ? money : plain));
  sheet.columns = styles.map((style) => ({ width: 14, style }));
  sheet.addRow(headers).commit();
  let count = 0;
  for (const values of rows) {
    const row = sheet.addRow(values);
    for (let c = 0; c < styles.length; c++) row.getCell(c + 1).style = styles[c]!;
    row.commit();
    // Let the zip stream compress and flush, as a streaming writer is meant to be used (a
    // tight loop queues the whole sheet in memory first): the backpressure the documented
    // API offers — the file stream's drain.
    if (++count % 1000 === 0) {
      if (out.writableNeedDrain) await once(out, 'drain');
      else await new Promise((resolve) => setImmediate(resolve));
    }
  }
  sheet.commit();
  await book.commit();
  if (!out.closed) await once(out, 'close');
  say({ ms: performance.now() - start, readyRssKb, peakRssKb: rssKb() });
}

const role = process.argv[2];
if (role === 'server') await serve();
else if (role === 'exceljs') await writeWithExcelJs();
else throw new Error(`unknown role ${role}`);
