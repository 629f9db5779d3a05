import {
  type AdjustedGapRow,
  adjustedGap,
} from '../apps/server/src/modules/pay-transparency/adjusted-gap.calc.ts';
import { seededRandom } from '../apps/server/src/seed/seeded-random.ts';
import { GOALS } from './lib/report.ts';
import { median, round } from './lib/stats.ts';

export interface AdjustedGapFigure {
  employees: number;
  runs: number;
  /** Regression columns of the company fit, the intercept included (14 grades, 10 levels). */
  columns: number;
  /** Jobs, each fitted on its own besides the company. */
  jobs: number;
  /** adjustedGap(rows) — the company and every job — median ms. */
  ms: number;
  /** The bare limit: one pass over the same rows reading every field the regression reads, median ms. */
  baselineMs: number;
  /** ms ÷ baselineMs: what the algebra costs over touching the rows once (no goal). */
  ratio: number;
  /** The goal: ≤ 2,000 ms at 100,000 employees (none below). */
  goalMs: number | null;
}

const GRADES = 14;
const LEVELS = 10;
const JOBS = 12;

/** Women and men in 12 jobs, 14 grades and 10 levels, years, flags, and a −4% planted gap. */
export function adjustedGapRows(employees: number, seed = 1): AdjustedGapRow[] {
  const rand = seededRandom(seed);
  return Array.from({ length: employees }, (_, i) => {
    const female = rand() < 0.45;
    const gradeId = 1 + Math.floor(rand() * GRADES);
    const levelId = 1 + Math.floor(rand() * LEVELS);
    const yearsExperience = Math.floor(rand() * 35);
    const yearsWithCompany = Math.floor(rand() * (yearsExperience + 1));
    const flags = [rand() < 0.2, rand() < 0.05, rand() < 0.3, rand() < 0.4];
    const jobId = 1 + (i % JOBS);
    const log =
      7.5 -
      (female ? 0.04 : 0) +
      0.08 * gradeId +
      0.03 * levelId +
      0.008 * yearsExperience +
      0.1 * (rand() - 0.5);
    return {
      id: i + 1,
      female,
      jobId,
      jobName: `Job ${jobId}`,
      gradeId,
      levelId,
      yearsExperience,
      yearsWithCompany,
      offshoreProject: flags[0]!,
      actingAsDifferentGrade: flags[1]!,
      pillar: flags[2]!,
      remote: flags[3]!,
      hourlyPay: Math.round(Math.exp(log)),
    };
  });
}

/** Reads every field the regression reads, once: the least any computation over the rows costs. */
function onePass(rows: AdjustedGapRow[]): number {
  let sum = 0;
  for (const r of rows)
    sum +=
      Math.log(r.hourlyPay) +
      (r.female ? 1 : 0) +
      r.gradeId +
      r.levelId +
      r.jobId +
      r.yearsExperience +
      r.yearsWithCompany +
      (r.offshoreProject ? 1 : 0) +
      (r.actingAsDifferentGrade ? 1 : 0) +
      (r.pillar ? 1 : 0) +
      (r.remote ? 1 : 0);
  return sum;
}

/** The adjusted gap (company and each job) over `employees` generated rows, one warm-up run first. */
export function benchAdjustedGap(employees: number, runs: number): AdjustedGapFigure {
  const rows = adjustedGapRows(employees);
  const times: number[] = [];
  const bare: number[] = [];
  let jobs = 0;
  for (let pass = -1; pass < runs; pass++) {
    let start = performance.now();
    const answer = adjustedGap(rows);
    const ms = performance.now() - start;
    start = performance.now();
    const sum = onePass(rows);
    const bareMs = performance.now() - start;
    if (!Number.isFinite(sum)) throw new Error('the bare pass did not read the rows');
    if (employees >= 30 && answer.company.tooFew) throw new Error(`not estimated: ${answer.company.reason}`);
    jobs = answer.jobs.length;
    if (pass >= 0) {
      times.push(ms);
      bare.push(bareMs);
    }
  }
  const ms = median(times);
  // A pass over 40 rows takes a few microseconds: never zero, so the ratio stays finite.
  const baselineMs = Math.max(median(bare), 0.001);
  return {
    employees,
    runs,
    columns: 1 + 1 + (GRADES - 1) + (LEVELS - 1) + 2 + 4,
    jobs,
    ms: round(ms, 1),
    baselineMs: round(baselineMs, 3),
    ratio: round(ms / baselineMs, 1),
    goalMs: employees >= 100_000 ? GOALS.adjustedGapMsMax100k : null,
  };
}
