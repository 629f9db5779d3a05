import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, readFileSync, statSync } from 'node:fs';
import { createInterface, type Interface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { EMPLOYEE_COLUMNS } from '@salary/shared/excel/excel.contract';
import ExcelJS from 'exceljs';
import { SERVER_V8_FLAGS, serverEnv } from '../scripts/build-server.mjs';
import type { BenchDatabase } from './generate.ts';
import { REPO_ROOT } from './lib/paths.ts';
import { round } from './lib/stats.ts';

const CHILD = fileURLToPath(new URL('./excel-child.ts', import.meta.url));

export interface ExportFigure {
  employees: number;
  /** GET /api/employees/export as admin, request to last byte on disk. */
  seconds: number;
  /** The serving child's peak RSS over its life, and its RSS once ready (before the export). */
  peakRssMb: number;
  readyRssMb: number;
  fileBytes: number;
  /** peakRssMb − readyRssMb: what the export itself added (goal: within 60 MB). */
  peakDeltaMb: number;
  /** ExcelJS's streaming writer, same columns and options, rows from memory, no database. */
  baselineSeconds: number;
  baselinePeakRssMb: number;
  baselineReadyRssMb: number;
  /** seconds ÷ baselineSeconds. */
  ratio: number;
}

export interface ImportFigure {
  /**
   * update: the export file back with every row edited (every row has its ID and Row Key, so
   * every row is a change); create: the same rows with the ID column blank, so every row is a
   * new employee (what a new company does first); unchanged: the export file back as it was
   * downloaded, its Export Key sheet included (the round trip of a user who changed nothing):
   * every row is checked against the employee it names and nothing is written.
   */
  kind: 'update' | 'create' | 'unchanged';
  employees: number;
  /** POST /api/employees/import?dryRun=false, request to answer. */
  seconds: number;
  /**
   * The serving process's CPU time (user + system) over the import: on PGlite the database's
   * work too. Steadier than `seconds` on a machine running other work.
   */
  cpuSeconds: number;
  peakRssMb: number;
  readyRssMb: number;
  /** peakRssMb − readyRssMb. */
  peakDeltaMb: number;
  created: number;
  updated: number;
  unchanged: number;
}

const mb = (kb: number) => round(kb / 1024, 1);

class Child {
  private readonly lines: Interface;
  private readonly pending: string[] = [];
  private waiting: ((line: string) => void) | undefined;
  private stderr = '';

  constructor(readonly process: ChildProcess) {
    this.lines = createInterface({ input: process.stdout! });
    this.lines.on('line', (line) => {
      if (!line.startsWith('{')) return;
      if (this.waiting) {
        const resolve = this.waiting;
        this.waiting = undefined;
        resolve(line);
      } else this.pending.push(line);
    });
    process.stderr!.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-4000);
    });
  }

  /** The next JSON line the child prints; fails if it exits first. */
  next<T>(): Promise<T> {
    const queued = this.pending.shift();
    if (queued) return Promise.resolve(JSON.parse(queued) as T);
    return new Promise<T>((resolve, reject) => {
      const onExit = (code: number | null) =>
        reject(new Error(`bench child exited (${code}) before answering:\n${this.stderr}`));
      this.process.once('exit', onExit);
      this.waiting = (line) => {
        this.process.off('exit', onExit);
        resolve(JSON.parse(line) as T);
      };
    });
  }

  async finish<T>(): Promise<T> {
    this.process.stdin!.write('done\n');
    const answer = await this.next<T>();
    if (this.process.exitCode === null) await new Promise((resolve) => this.process.once('exit', resolve));
    return answer;
  }
}

/**
 * The measured child's node flags: the server role's V8 flags, as `npm start` gives them
 * (BENCH_CHILD_V8_FLAGS, space-separated, replaces them for an A/B: "" for none), then any extra
 * (BENCH_CHILD_NODE_ARGS="--cpu-prof" to profile it).
 */
const childNodeArgs = (role: 'server' | 'exceljs') => [
  ...(role === 'server'
    ? (process.env.BENCH_CHILD_V8_FLAGS?.split(' ').filter(Boolean) ?? SERVER_V8_FLAGS)
    : []),
  ...(process.env.BENCH_CHILD_NODE_ARGS ?? '').split(' ').filter(Boolean),
];

function startChild(role: 'server' | 'exceljs', env: Record<string, string>): Child {
  const child = spawn(process.execPath, [...childNodeArgs(role), '--import', 'tsx', CHILD, role], {
    cwd: REPO_ROOT,
    // The server's environment as `npm start` gives it (its malloc arenas), for both roles alike.
    env: serverEnv(env),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  return new Child(child);
}

interface Ready {
  baseUrl: string;
  token: string;
  readyRssKb: number;
}

/** Runs `work` against the real app served by a child process on the bench database. */
async function withServingChild<T>(
  bench: BenchDatabase,
  work: (ready: Ready) => Promise<T>,
): Promise<{ value: T; ready: Ready; peakRssKb: number; cpuSeconds: number }> {
  // A PGlite directory is opened by one process at a time.
  await bench.close();
  const child = startChild('server', {
    BENCH_LOCATION: JSON.stringify(bench.location),
    BENCH_DATA_DIR: bench.dataDir,
  });
  try {
    const ready = await child.next<Ready>();
    const value = await work(ready);
    const { peakRssKb, cpuSeconds } = await child.finish<{ peakRssKb: number; cpuSeconds: number }>();
    return { value, ready, peakRssKb, cpuSeconds };
  } finally {
    if (child.process.exitCode === null) child.process.kill('SIGKILL');
    await bench.reopen();
  }
}

export async function benchExport(bench: BenchDatabase, file: string): Promise<ExportFigure> {
  const {
    value: seconds,
    ready,
    peakRssKb,
  } = await withServingChild(bench, async ({ baseUrl, token }) => {
    const start = performance.now();
    const res = await fetch(`${baseUrl}/api/employees/export`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.status !== 200 || !res.body)
      throw new Error(`export answered ${res.status}: ${await res.text()}`);
    await pipeline(
      Readable.fromWeb(res.body as import('node:stream/web').ReadableStream),
      createWriteStream(file),
    );
    return (performance.now() - start) / 1000;
  });
  const baseline = startChild('exceljs', {
    BENCH_ROWS: String(bench.employees),
    BENCH_OUT: `${file}.bare.xlsx`,
  });
  const bare = await baseline.next<{ ms: number; peakRssKb: number; readyRssKb: number }>();
  return {
    employees: bench.employees,
    seconds: round(seconds),
    peakRssMb: mb(peakRssKb),
    readyRssMb: mb(ready.readyRssKb),
    peakDeltaMb: mb(peakRssKb - ready.readyRssKb),
    fileBytes: statSync(file).size,
    baselineSeconds: round(bare.ms / 1000),
    baselinePeakRssMb: mb(bare.peakRssKb),
    baselineReadyRssMb: mb(bare.readyRssKb),
    ratio: round(seconds / (bare.ms / 1000)),
  };
}

/**
 * The export file with every row's Years with Company moved on by one (its hidden Row Key
 * kept): every row is a real change, applied without a conflict — the import's heaviest
 * path (the export read back unchanged writes nothing).
 */
export async function everyRowEdited(exported: string, out: string): Promise<void> {
  await rewriteExport(exported, out, (values, header) => {
    const at = header.indexOf('Years with Company');
    values[at] = ((Number(values[at]) || 0) + 1) % 100;
  });
}

/**
 * The export file with its ID column blank and the money columns left out: every row
 * creates an employee. Written by the bench process (its memory is not measured).
 */
export async function withoutIds(exported: string, out: string): Promise<void> {
  await rewriteExport(exported, out, (values) => {
    values[0] = null;
    values.length = EMPLOYEE_COLUMNS.length;
  });
}

/** Copies the export's first sheet row by row, `edit` changing each data row's values. */
async function rewriteExport(
  exported: string,
  out: string,
  edit: (values: ExcelJS.CellValue[], header: ExcelJS.CellValue[]) => void,
): Promise<void> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(exported, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'ignore',
    hyperlinks: 'ignore',
  });
  const file = createWriteStream(out);
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: file, useSharedStrings: true });
  const sheet = book.addWorksheet('Employees');
  let written = 0;
  let first = true;
  // Every sheet is read to the end (not `break`): the reader parks sheets that come before the
  // shared strings in temp files and removes them only once it has finished the file.
  for await (const source of reader) {
    if (!first) {
      for await (const _row of source);
      continue;
    }
    first = false;
    let header: ExcelJS.CellValue[] = [];
    for await (const row of source) {
      const values = (row.values as ExcelJS.CellValue[]).slice(1);
      if (row.number === 1) header = [...values];
      else edit(values, header);
      sheet.addRow(values).commit();
      if (++written % 1000 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
  }
  sheet.commit();
  await book.commit();
  if (!file.closed) await once(file, 'close');
}

export async function benchImport(
  bench: BenchDatabase,
  file: string,
  kind: ImportFigure['kind'],
): Promise<ImportFigure> {
  const bytes = readFileSync(file);
  const { value, ready, peakRssKb, cpuSeconds } = await withServingChild(
    bench,
    async ({ baseUrl, token }) => {
      const form = new FormData();
      form.append('file', new Blob([bytes]), 'employees_export.xlsx');
      const start = performance.now();
      // The create file repeats the database's own people: ticked, as a user would, to create them.
      const ticks = kind === 'create' ? '&createDuplicates=all' : '';
      const res = await fetch(`${baseUrl}/api/employees/import?dryRun=false${ticks}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      const text = await res.text();
      const seconds = (performance.now() - start) / 1000;
      if (res.status !== 200) throw new Error(`import answered ${res.status}: ${text.slice(0, 500)}`);
      const { created, updated, unchanged } = (
        JSON.parse(text) as { data: { created: number; updated: number; unchanged: number } }
      ).data;
      return { seconds, created, updated, unchanged };
    },
  );
  const expected = kind === 'create' ? value.created : kind === 'update' ? value.updated : value.unchanged;
  if (expected !== bench.employees || value.created + value.updated + value.unchanged !== bench.employees)
    throw new Error(
      `${kind} import: ${value.created} created, ${value.updated} updated, ${value.unchanged} unchanged; expected ${bench.employees} ${kind}`,
    );
  return {
    kind,
    employees: bench.employees,
    seconds: round(value.seconds),
    cpuSeconds: round(cpuSeconds),
    peakRssMb: mb(peakRssKb),
    readyRssMb: mb(ready.readyRssKb),
    peakDeltaMb: mb(peakRssKb - ready.readyRssKb),
    created: value.created,
    updated: value.updated,
    unchanged: value.unchanged,
  };
}
