import { asCents, fromCents } from '@salary/shared/common/money';
import type {
  BandPositionRow,
  GradeLevelCell,
  Insights,
  JobCost,
  SalaryBin,
} from '@salary/shared/insights/insights.contract';
import type { PricedEmployee } from '../pricing/pricing.service.ts';

/*
 * Pure aggregation of a priced list into the Pay Overview's figures. Sums are in integer
 * cents, so the totals equal the sum of the list's figures to the cent.
 */

const HISTOGRAM_BARS = 12;

/** A sum or median of cents, as the API's decimal. */
const decimal = (cents: number) => fromCents(asCents(cents));

/** The median of sorted cents, rounded to the cent (half away from zero) for even counts. */
function medianOf(sorted: Float64Array | number[]): number {
  const n = sorted.length;
  const mid = n >> 1;
  if (n % 2) return sorted[mid]!;
  const twice = sorted[mid - 1]! + sorted[mid]!;
  return Math.sign(twice) * Math.round(Math.abs(twice) / 2);
}

/** A "nice" bar width (1, 2, 2.5 or 5 × a power of ten dollars) giving at most `bars` bars. */
export function niceStep(min: number, max: number, bars = HISTOGRAM_BARS): number {
  const raw = Math.max((max - min) / bars, 1);
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * power >= raw) return m * power;
  return 10 * power;
}

/** Salaries (dollars) into bars of a nice width; the last bar includes its upper edge. */
export function histogram(salaries: Float64Array): SalaryBin[] {
  if (salaries.length === 0) return [];
  const min = salaries[0]!;
  const max = salaries[salaries.length - 1]!;
  const step = niceStep(min, max);
  const start = Math.floor(min / step) * step;
  const count = Math.max(1, Math.floor((max - start) / step) + 1);
  const bins: SalaryBin[] = Array.from({ length: count }, (_, i) => ({
    from: start + i * step,
    to: start + (i + 1) * step,
    count: 0,
  }));
  for (const s of salaries) bins[Math.min(count - 1, Math.floor((s - start) / step))]!.count++;
  return bins;
}

export interface Axes {
  grades: { id: number; name: string }[];
  levels: { id: number; name: string }[];
}

export function aggregate(priced: PricedEmployee[], axes: Axes, showCost: boolean): Insights {
  let payroll = 0;
  let cost = 0;
  let unpriced = 0;
  const salaries: number[] = [];
  const cells = new Map<
    string,
    { gradeId: number; levelId: number; grade: string; level: string; cents: number[] }
  >();
  const jobs = new Map<
    number,
    { job: string; count: number; salary: number; benefits: number; insurance: number }
  >();

  const bands = new Map<number, BandPositionRow>();
  for (const p of priced) {
    const e = p.employee;
    if (p.bandPosition !== null) {
      let row = bands.get(e.gradeId);
      if (!row) {
        row = { gradeId: e.gradeId, grade: e.gradeName, below: 0, inside: 0, above: 0 };
        bands.set(e.gradeId, row);
      }
      if (p.bandPosition === 'BELOW') row.below++;
      else if (p.bandPosition === 'ABOVE') row.above++;
      else row.inside++;
    }
    let job = jobs.get(e.jobId);
    if (!job) {
      job = { job: e.jobName, count: 0, salary: 0, benefits: 0, insurance: 0 };
      jobs.set(e.jobId, job);
    }
    job.count++;
    if (p.calculatedSalary === null) {
      unpriced++;
      continue;
    }
    const gross = p.calculatedSalary;
    const benefits = p.benefits ?? 0;
    const insurance = p.companyInsurance ?? 0;
    payroll += gross;
    cost += gross + benefits + insurance;
    salaries.push(gross);
    job.salary += gross;
    job.benefits += benefits;
    job.insurance += insurance;
    const key = `${e.gradeId}:${e.levelId}`;
    let cell = cells.get(key);
    if (!cell) {
      cell = { gradeId: e.gradeId, levelId: e.levelId, grade: e.gradeName, level: e.levelName, cents: [] };
      cells.set(key, cell);
    }
    cell.cents.push(gross);
  }

  const sorted = Float64Array.from(salaries).sort();
  const gradeRank = new Map(axes.grades.map((g, i) => [g.id, i]));
  const levelRank = new Map(axes.levels.map((l, i) => [l.id, i]));
  const byGradeLevel: GradeLevelCell[] = [...cells.values()]
    .sort(
      (a, b) =>
        (gradeRank.get(a.gradeId) ?? 0) - (gradeRank.get(b.gradeId) ?? 0) ||
        (levelRank.get(a.levelId) ?? 0) - (levelRank.get(b.levelId) ?? 0),
    )
    .map((c) => {
      const s = Float64Array.from(c.cents).sort();
      return {
        gradeId: c.gradeId,
        grade: c.grade,
        levelId: c.levelId,
        level: c.level,
        count: s.length,
        min: decimal(s[0]!),
        median: decimal(medianOf(s)),
        max: decimal(s[s.length - 1]!),
      };
    });
  const byJob: JobCost[] = [...jobs.entries()]
    .map(([jobId, j]) => {
      const row: JobCost = { jobId, job: j.job, count: j.count, salary: decimal(j.salary) };
      if (showCost) {
        row.benefits = decimal(j.benefits);
        row.insurance = decimal(j.insurance);
        row.totalCost = decimal(j.salary + j.benefits + j.insurance);
      }
      return row;
    })
    .sort((a, b) => (b.totalCost ?? b.salary) - (a.totalCost ?? a.salary) || a.job.localeCompare(b.job));

  const priceCount = sorted.length;
  const out: Insights = {
    headcount: priced.length,
    unpriced,
    payroll: decimal(payroll),
    averageSalary: priceCount ? decimal(Math.round(payroll / priceCount)) : null,
    medianSalary: priceCount ? decimal(medianOf(sorted)) : null,
    grades: axes.grades,
    levels: axes.levels,
    byGradeLevel,
    byJob,
    distribution: histogram(sorted.map((c) => c / 100)),
    byBandPosition: [...bands.values()].sort(
      (a, b) => (gradeRank.get(a.gradeId) ?? 0) - (gradeRank.get(b.gradeId) ?? 0),
    ),
  };
  if (showCost) out.totalCost = decimal(cost);
  return out;
}
