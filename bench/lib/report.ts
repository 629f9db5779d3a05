import type { BenchResults, Figure } from '../run.ts';

export const GOALS = {
  listRatioMax: 1.5,
  calculateRatioMin: 0.7,
  loginJsGzipKbMax: 200,
  firstRowsMsMax: 1000,
} as const;

const num = (n: number) => n.toLocaleString('en-US');
const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');

function na<T extends object>(figure: Figure<T>): figure is { na: string } {
  return 'na' in figure;
}

/** The human table: one line per figure, its goal and whether it is met. */
export function formatTable(results: BenchResults): string {
  const rows: string[][] = [['figure', 'value', 'baseline', 'ratio / goal', '']];
  for (const l of results.list) {
    const baseline = `${num(l.baselineMs)} ms ${l.baseline} (other: ${num(l.baseline === 'json_agg' ? l.plainSelectMs : l.jsonAggMs)} ms)`;
    rows.push([
      `GET /api/employees, ${num(l.employees)} rows, read again (median of ${l.runs})`,
      `${num(l.apiMs)} ms`,
      baseline,
      `${l.ratio} (≤ ${GOALS.listRatioMax})`,
      verdict(l.ratio <= GOALS.listRatioMax),
    ]);
    rows.push([
      `GET /api/employees, ${num(l.employees)} rows, after a write`,
      `${num(l.apiColdMs)} ms`,
      'same',
      `${l.coldRatio} (≤ ${GOALS.listRatioMax})`,
      verdict(l.coldRatio <= GOALS.listRatioMax),
    ]);
  }
  const c = results.calculate;
  if (na(c)) rows.push(['POST /api/calculate', c.na, '', '', '']);
  else
    rows.push([
      `POST /api/calculate (${c.connections} conn, ${c.seconds} s each)`,
      `${num(c.calculateRps)} req/s`,
      `${num(c.bareRps)} req/s bare Fastify`,
      `${c.ratio} (≥ ${GOALS.calculateRatioMin})`,
      verdict(c.ratio >= GOALS.calculateRatioMin),
    ]);
  const ex = results.export;
  if (na(ex)) rows.push(['export .xlsx', ex.na, '', '', '']);
  else
    for (const e of ex)
      rows.push([
        `export ${num(e.employees)} rows (child process)`,
        `${e.seconds} s, peak RSS ${e.peakRssMb} MB (idle ${e.readyRssMb}, +${e.peakDeltaMb})`,
        `${e.baselineSeconds} s, peak RSS ${e.baselinePeakRssMb} MB (idle ${e.baselineReadyRssMb}) bare ExcelJS`,
        `${e.ratio}`,
        '',
      ]);
  const im = results.import;
  if (na(im)) rows.push(['import .xlsx', im.na, '', '', '']);
  else
    for (const i of im)
      rows.push([
        `import ${num(i.employees)} rows, ${i.kind === 'create' ? 'all new' : 'all updates'} (child process)`,
        `${i.seconds} s, peak RSS ${i.peakRssMb} MB (idle ${i.readyRssMb}, +${i.peakDeltaMb})`,
        `${num(i.created)} created, ${num(i.updated)} updated`,
        '',
        '',
      ]);
  const b = results.web.bundle;
  if (na(b)) rows.push(['web: JS for /login (gzip)', b.na, '', '', '']);
  else
    rows.push([
      `web: JS for /login (gzip, ${b.files.length} files)`,
      `${b.loginJsGzipKb} KB`,
      '',
      `≤ ${GOALS.loginJsGzipKbMax} KB`,
      verdict(b.loginJsGzipKb <= GOALS.loginJsGzipKbMax),
    ]);
  const f = results.web.firstRows;
  if (na(f)) rows.push(['web: first rows on /dashboard', f.na, '', '', '']);
  else
    rows.push([
      `web: first rows on /dashboard, ${num(f.employees)} employees (median of ${f.runs})`,
      `${num(f.ms)} ms`,
      `list answered at ${num(f.timeline.listResponseEndMs)} ms (sent at ${num(f.timeline.listRequestStartMs)}, ${num(Math.round(f.timeline.listBytes / 1024))} KB); DOMContentLoaded ${num(f.timeline.domContentLoadedMs)} ms`,
      `≤ ${GOALS.firstRowsMsMax} ms`,
      verdict(f.ms <= GOALS.firstRowsMsMax),
    ]);

  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  const m = results.machine;
  return [
    `Machine: ${m.cores} × ${m.cpu}, ${m.totalMemoryGb} GB, Node ${m.node}, ${m.databaseVersion}, load ${m.loadAverage}, ${m.date}`,
    '',
    line(rows[0]!),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...rows.slice(1).map(line),
  ].join('\n');
}
