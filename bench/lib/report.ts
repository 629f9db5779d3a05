import type { BenchResults, Figure } from '../run.ts';

export const GOALS = {
  listRatioMax: 1.5,
  /** The list as a browser asks for it (compressed) against the bare uncompressed read. */
  listCompressedRatioMax: 1.0,
  listCompressedColdRatioMax: 1.5,
  listWireMbMax: 8,
  firstVisitKbMax: 200,
  calculateRatioMin: 0.7,
  loginJsGzipKbMax: 200,
  firstRowsMsMax: 1000,
  /** GET /api/insights against one priced list read (both after a write). */
  insightsRatioMax: 1.5,
  /** A base-salary change moving every employee's pay, with its history rows (issue 15). */
  ruleChangeMsMax: 3000,
  /** A single-row write audited against the same write unaudited. */
  auditOverheadRatioMax: 1.2,
  /** One GET /api/audit page, whatever the filter, with 1,000,000 entries. */
  auditPageMsMax: 100,
  /** POST /api/impact of a multiplier change: ≤ 1 s at 10,000 employees, ≤ 5 s at 100,000 (issue 16). */
  impactPreviewMsMax10k: 1000,
  impactPreviewMsMax100k: 5000,
  /** GET /api/employees?asOf=<a past day> against the bare read of the same rows (dated.ts). */
  listAsOfRatioMax: 2,
  /** POST /api/impact of a base-salary change dated 12 months back: its back pay over 100,000 employees. */
  backPayPreviewMsMax: 5000,
  /** GET /api/employees/:id/pay-timeline of an employee with 50 versions. */
  payTimelineMsMax: 50,
  /** GET /api/pay-transparency?year= over 100,000 employees, a rule change every month of the year. */
  yearReportMsMax: 5000,
  /** The adjusted pay gap, company and every job, over 100,000 employees (a pure calculation). */
  adjustedGapMsMax100k: 2000,
  /** A raise cycle's worksheet read, and its proposals saved for everyone (the budget recomputed), at 10,000 eligible. */
  raiseWorksheetMsMax10k: 1000,
  raiseBulkMsMax10k: 200,
  /** A raise cycle applied to 100,000 employees: versions, rows, one audit entry, pay history. */
  raiseApplyMsMax100k: 5000,
  /** Lighthouse's performance score and total blocking time, per screen (200 employees). */
  lighthouseMobileScoreMin: 85,
  lighthouseMobileTbtMsMax: 300,
  lighthouseDesktopScoreMin: 95,
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
      `GET /api/employees, ${num(l.employees)} rows, after a write (one employee edited)`,
      `${num(l.apiColdMs)} ms`,
      'same',
      `${l.coldRatio} (≤ ${GOALS.listRatioMax})`,
      verdict(l.coldRatio <= GOALS.listRatioMax),
    ]);
    if (l.apiRuleMs !== undefined)
      rows.push([
        `  same, after a rule change (a base salary: everyone priced again)`,
        `${num(l.apiRuleMs)} ms`,
        'same',
        `${l.ruleRatio} (≤ ${GOALS.listRatioMax})`,
        verdict(l.ruleRatio <= GOALS.listRatioMax),
      ]);
    if (l.payReport)
      rows.push([
        `GET /api/pay-transparency, ${num(l.employees)} employees, after a write`,
        `${num(l.payReport.ms)} ms`,
        'the list after a write',
        `${l.payReport.ratio} (≤ ${GOALS.listRatioMax})`,
        verdict(l.payReport.ratio <= GOALS.listRatioMax),
      ]);
    const z = l.compressed;
    if (z) {
      rows.push([
        `  same, compressed (${z.encoding}), read again`,
        `${num(z.apiMs)} ms`,
        'same',
        `${z.ratio} (≤ ${GOALS.listCompressedRatioMax})`,
        verdict(z.ratio <= GOALS.listCompressedRatioMax),
      ]);
      rows.push([
        `  same, compressed (${z.encoding}), after a write`,
        `${num(z.apiColdMs)} ms`,
        'same',
        `${z.coldRatio} (≤ ${GOALS.listCompressedColdRatioMax})`,
        verdict(z.coldRatio <= GOALS.listCompressedColdRatioMax),
      ]);
      const mb = z.wireBytes / 1024 ** 2;
      rows.push([
        `  bytes on the wire, ${num(l.employees)} rows`,
        `${mb.toFixed(2)} MB ${z.encoding}`,
        `${(l.apiBytes / 1024 ** 2).toFixed(1)} MB uncompressed`,
        `≤ ${GOALS.listWireMbMax} MB`,
        verdict(mb <= GOALS.listWireMbMax),
      ]);
    }
  }
  for (const i of results.insights ?? [])
    rows.push([
      `GET /api/insights, ${num(i.employees)} employees (median of ${i.runs})`,
      `${num(i.insightsMs)} ms, ${num(Math.round(i.insightsBytes / 1024))} KB`,
      `${num(i.listMs)} ms priced list read after a write`,
      `${i.ratio} (≤ ${GOALS.insightsRatioMax})`,
      verdict(i.ratio <= GOALS.insightsRatioMax),
    ]);
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
  if (!na(c) && c.cpuPerRequestUs && c.cpuRatio !== undefined)
    rows.push([
      '  same, server CPU per request',
      Object.entries(c.cpuPerRequestUs)
        .map(([name, us]) => `${name} ${us} µs`)
        .join(', '),
      'less moved by a busy machine than req/s',
      `${c.cpuRatio} bare ÷ calculate`,
      '',
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
  const st = results.start;
  if (st && na(st)) rows.push(['npm start', st.na, '', '', '']);
  else if (st)
    rows.push([
      'npm start: new database (demo company) / again',
      `healthy in ${st.first.seconds} s / ${st.restart.seconds} s, idle RSS ${st.first.idleRssMb} MB / ${st.restart.idleRssMb} MB`,
      'the built server, as npm start runs it',
      '',
      '',
    ]);
  const im = results.import;
  if (na(im)) rows.push(['import .xlsx', im.na, '', '', '']);
  else
    for (const i of im)
      rows.push([
        `import ${num(i.employees)} rows, ${i.kind === 'create' ? 'all new' : i.kind === 'update' ? 'all updates' : 'the export back unchanged'} (child process)`,
        `${i.seconds} s (CPU ${i.cpuSeconds} s), peak RSS ${i.peakRssMb} MB (idle ${i.readyRssMb}, +${i.peakDeltaMb})`,
        `${num(i.created)} created, ${num(i.updated)} updated, ${num(i.unchanged)} unchanged`,
        '',
        '',
      ]);
  const rep = results.replicas;
  if (rep && na(rep)) rows.push(['replicas', rep.na, '', '', '']);
  else if (rep) {
    const [one, many] = [rep.runs[0]!, rep.runs[rep.runs.length - 1]!];
    const ceiling = `ceiling: ${rep.cores} cores shared by every replica, PostgreSQL and autocannon`;
    rows.push([
      `GET /api/employees, ${num(rep.employees)} rows, br, ${one.replicas} → ${many.replicas} replicas (${rep.connections} conn)`,
      `${num(one.listRps)} → ${num(many.listRps)} req/s`,
      ceiling,
      `× ${rep.listScale}`,
      '',
    ]);
    rows.push([
      `POST /api/calculate, ${one.replicas} → ${many.replicas} replicas`,
      `${num(one.calculateRps)} → ${num(many.calculateRps)} req/s`,
      ceiling,
      `× ${rep.calculateScale}`,
      '',
    ]);
  }
  const imp = results.impact;
  if (imp && na(imp)) rows.push(['POST /api/impact', imp.na, '', '', '']);
  else if (imp)
    for (const i of imp)
      rows.push([
        `POST /api/impact, multiplier change over ${num(i.employees)} employees (median of ${i.runs})`,
        `${num(i.previewMs)} ms`,
        `${num(i.listMs)} ms one priced list read`,
        `≤ ${num(i.goalMs)} ms`,
        verdict(i.previewMs <= i.goalMs),
      ]);
  const dated = results.dated;
  if (dated && na(dated)) rows.push(['dated reads and writes', dated.na, '', '', '']);
  else if (dated)
    for (const d of dated) {
      const n = num(d.employees);
      const { listAsOf: a, backPayPreview: b, payTimeline: t, yearReport: y } = d;
      if (a)
        rows.push(
          [
            `GET /api/employees?asOf=${a.day}, ${n} rows, read again (${d.monthlyChanges} monthly rule changes)`,
            `${num(a.ms)} ms`,
            `${num(a.baselineMs)} ms bare read`,
            `${a.ratio} (≤ ${GOALS.listAsOfRatioMax})`,
            verdict(a.ratio <= GOALS.listAsOfRatioMax),
          ],
          [
            `  same, after a write (one employee edited)`,
            `${num(a.coldMs)} ms`,
            'same',
            `${a.coldRatio} (≤ ${GOALS.listAsOfRatioMax})`,
            verdict(a.coldRatio <= GOALS.listAsOfRatioMax),
          ],
        );
      if (b)
        rows.push([
          `POST /api/impact, base salary from ${b.effectiveFrom} (back pay), ${n} employees`,
          `${num(b.ms)} ms`,
          `${num(b.affected)} affected, ${num(b.owed)} owed`,
          `≤ ${num(GOALS.backPayPreviewMsMax)} ms`,
          verdict(b.ms <= GOALS.backPayPreviewMsMax),
        ]);
      if (t)
        rows.push([
          `GET /api/employees/:id/pay-timeline, ${t.versions} versions, ${n} employees`,
          `${num(t.ms)} ms`,
          '',
          `≤ ${GOALS.payTimelineMsMax} ms`,
          verdict(t.ms <= GOALS.payTimelineMsMax),
        ]);
      if (y)
        rows.push([
          `GET /api/pay-transparency?year=${y.year}, ${n} employees, a rule change every month`,
          `${num(y.ms)} ms`,
          `${num(y.employees)} employees counted`,
          `≤ ${num(GOALS.yearReportMsMax)} ms`,
          verdict(y.ms <= GOALS.yearReportMsMax),
        ]);
    }
  const au = results.audit;
  if (au && na(au)) rows.push(['audit trail', au.na, '', '', '']);
  else if (au) {
    for (const r of au.ruleChange)
      rows.push([
        `PUT /api/base-salary moving ${num(r.employees)} employees' pay, with history (median of ${r.runs})`,
        `${num(r.ms)} ms`,
        `${num(r.historyRows)} history rows`,
        `≤ ${num(GOALS.ruleChangeMsMax)} ms`,
        verdict(r.ms <= GOALS.ruleChangeMsMax),
      ]);
    for (const w of au.singleWrite)
      rows.push([
        `single-row write (level rename) audited, ${num(w.employees)} employees (median of ${w.runs})`,
        `${w.auditedMs} ms`,
        `${w.unauditedMs} ms unaudited`,
        `${w.ratio} (≤ ${GOALS.auditOverheadRatioMax})`,
        verdict(w.ratio <= GOALS.auditOverheadRatioMax),
      ]);
    const p = au.pages;
    for (const [name, ms] of Object.entries(p.pages))
      rows.push([
        `GET /api/audit, ${name}, ${num(p.entries)} entries (median of ${p.runs})`,
        `${ms} ms`,
        '',
        `< ${GOALS.auditPageMsMax} ms`,
        verdict(ms < GOALS.auditPageMsMax),
      ]);
    rows.push([`  the log seeded (generate_series)`, `${num(p.seedMs)} ms`, '', '', '']);
  }
  for (const g of results.adjustedGap ?? [])
    rows.push([
      `adjusted pay gap, ${num(g.employees)} generated rows, ${g.columns} columns, company + ${g.jobs} jobs (median of ${g.runs})`,
      `${num(g.ms)} ms`,
      `${g.baselineMs} ms one pass reading the rows`,
      g.goalMs === null ? `${g.ratio}` : `${g.ratio}; ≤ ${num(g.goalMs)} ms`,
      g.goalMs === null ? '' : verdict(g.ms <= g.goalMs),
    ]);
  const v = results.web.firstVisit;
  if (!v || na(v))
    rows.push(['web: first visit of /login, transferred', v?.na ?? 'not measured', '', '', '']);
  else {
    rows.push([
      `web: first visit of /login, transferred (${v.responses} responses, headers included)`,
      `${v.totalKb} KB`,
      v.uncompressed.length ? `uncompressed: ${v.uncompressed.join(' ')}` : 'all compressed',
      `≤ ${GOALS.firstVisitKbMax} KB`,
      verdict(v.totalKb <= GOALS.firstVisitKbMax),
    ]);
    rows.push([
      `web: its JavaScript, transferred (${v.scripts} scripts)`,
      `${v.jsKb} KB`,
      '',
      `≤ ${GOALS.loginJsGzipKbMax} KB`,
      verdict(v.jsKb <= GOALS.loginJsGzipKbMax),
    ]);
  }
  const b = results.web.bundle;
  if (na(b)) rows.push(['web: JS for /login (gzip)', b.na, '', '', '']);
  else
    rows.push([
      `web: JS index.html loads for /login (${b.files.length} files, on disk)`,
      `${b.loginJsBrKb} KB .br`,
      `${b.loginJsGzipKb} KB gzip`,
      '',
      '',
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
  const charts = results.web.firstCharts;
  if (charts && !na(charts))
    rows.push([
      `web: Pay Overview charts on /insights, ${num(charts.employees)} employees (median of ${charts.runs})`,
      `${num(charts.ms)} ms`,
      '',
      `≤ ${GOALS.firstRowsMsMax} ms`,
      verdict(charts.ms <= GOALS.firstRowsMsMax),
    ]);
  const lh = results.web.lighthouse;
  if (lh && na(lh)) rows.push(['web: Lighthouse performance', lh.na, '', '', '']);
  else if (lh)
    for (const r of lh.rows) {
      const mobile = r.formFactor === 'mobile';
      const ok = mobile
        ? r.score >= GOALS.lighthouseMobileScoreMin && r.totalBlockingTimeMs <= GOALS.lighthouseMobileTbtMsMax
        : r.score >= GOALS.lighthouseDesktopScoreMin;
      rows.push([
        `web: Lighthouse ${lh.lighthouseVersion} ${r.formFactor}, ${r.screen}, ${num(lh.employees)} employees (median of ${lh.runs})`,
        `score ${r.score}`,
        `TBT ${num(r.totalBlockingTimeMs)} ms, LCP ${num(r.largestContentfulPaintMs)} ms, ${num(r.domSize)} DOM elements`,
        mobile
          ? `≥ ${GOALS.lighthouseMobileScoreMin}, TBT ≤ ${GOALS.lighthouseMobileTbtMsMax} ms`
          : `≥ ${GOALS.lighthouseDesktopScoreMin}`,
        verdict(ok),
      ]);
    }

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
