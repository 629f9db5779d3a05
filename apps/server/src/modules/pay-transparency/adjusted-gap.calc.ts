import type { SalaryProfile } from '@salary/salary-engine/salary-types';
import {
  type AdjustedGap,
  type AdjustedGapEstimate,
  MIN_EMPLOYEES_TO_ESTIMATE,
  MIN_PER_SEX_TO_ESTIMATE,
  type TooFewReason,
} from '@salary/shared/pay-transparency/adjusted-gap.contract';
import tQuantile from '@stdlib/stats-base-dists-t-quantile';
import { Matrix, SingularValueDecomposition } from 'ml-matrix';

/*
 * The adjusted pay gap, pure: women and men in, the woman coefficient of an ordinary least
 * squares regression out, for the company and for each job. Definition and a worked example:
 * docs/pay-transparency.md (Adjusted gap).
 *
 * The model: ln(hourly pay) = a + β·woman + grade + level + b₁·years of experience +
 * b₂·years with company + four flags + error, grade and level as categories (one dummy per
 * category but the first, by id). The algebra:
 *
 * 1. Every column and ln(pay) is centred on its mean. Regressing the centred ln(pay) on the
 *    centred columns without an intercept gives the same slopes as the regression with one
 *    (Frisch–Waugh), and it keeps the cross-products small: no column of ones, no ln(pay) ≈ 9.
 * 2. A column that is constant in the group (one grade in a job, everyone remote) is dropped.
 * 3. The centred cross-products C = X'X and X'y are summed from each row's non-zero entries
 *    (a row has one grade and one level: ~50 products a row, not p²); C is scaled to unit
 *    diagonal (S = D·C·D, D = diag(1/√Cⱼⱼ)) and decomposed by ml-matrix's singular value
 *    decomposition. Singular values below 1e-10 of the largest are taken as zero: the columns
 *    are collinear there (a level that only one grade uses, say) and the solution is the
 *    minimum-norm one, S⁺ = V·Σ⁻¹·Uᵀ. The rank r counts the others.
 * 4. β is estimable only when the woman column is not in that null space (the null vectors
 *    have no woman component); otherwise the sexes cannot be told apart from the other columns
 *    and the answer is "too few to estimate". When it is estimable, β and its variance
 *    σ²·(X'X)⁻ww are the same whatever generalised inverse is used.
 * 5. The residuals are summed in a last pass over the rows: RSS, σ² = RSS ÷ (n − r − 1),
 *    R² = 1 − RSS ÷ TSS.
 *
 * Forming X'X squares the condition number; after centring and scaling, the columns here
 * (dummies, flags and years) are far from the ~1e5 where that would cost digits, and it makes
 * the work three passes over n rows and a p × p decomposition: 100,000 rows × 30 columns, the
 * company and twelve jobs, in about half a second on a busy 2-core machine
 * (bench/adjusted-gap.ts).
 */

/** One woman or man as the regression reads them. */
export interface AdjustedGapRow extends SalaryProfile {
  id: number;
  female: boolean;
  jobId: number;
  jobName: string;
  gradeId: number;
  levelId: number;
  /** Cents per hour, > 0. */
  hourlyPay: number;
}

/** The regression's figures before rounding. */
export interface WomanCoefficient {
  /** The woman coefficient on ln(hourly pay). */
  beta: number;
  /** Its standard error. */
  standardError: number;
  n: number;
  /** Coefficients estimated, the intercept included (collinear columns not counted). */
  parameters: number;
  /** n − parameters. */
  degreesOfFreedom: number;
  rSquared: number;
  residualSumOfSquares: number;
}

/** Singular values of the scaled cross-products below this share of the largest are zero. */
const RANK_TOLERANCE = 1e-10;
/** The woman column is in the null space when its squared weight there is above this. */
const NULL_SPACE_WEIGHT = 1e-8;

/** The woman indicator, the two years and the four flags: a value in every row. */
const DENSE = 7;

/** The categories of one id (grade or level): index per id, the first by id the reference (−1). */
function categories(ids: Iterable<number>): Map<number, number> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  return new Map(sorted.map((id, i) => [id, i - 1]));
}

/**
 * The woman coefficient of one group, unrounded; or why it cannot be estimated. Exported for
 * the tests, which check it against an exact solution of the normal equations.
 *
 * Columns: the seven dense ones (woman, years of experience, years with company, four flags),
 * then a dummy per grade and per level but the reference. The cross-products are summed from
 * each row's few non-zero entries (a row has one grade and one level), on the dense columns
 * shifted by their means, and centred after: Σ(zⱼ − z̄ⱼ)(zₖ − z̄ₖ) = Σ zⱼzₖ − n·z̄ⱼz̄ₖ.
 */
export function womanCoefficient(rows: readonly AdjustedGapRow[]): WomanCoefficient | TooFewReason {
  const n = rows.length;
  let women = 0;
  for (const r of rows) if (r.female) women++;
  if (n < MIN_EMPLOYEES_TO_ESTIMATE) return 'employees';
  if (women < MIN_PER_SEX_TO_ESTIMATE) return 'women';
  if (n - women < MIN_PER_SEX_TO_ESTIMATE) return 'men';

  const grades = categories(rows.map((r) => r.gradeId));
  const levels = categories(rows.map((r) => r.levelId));
  const gradeCount = grades.size - 1;
  const width = DENSE + gradeCount + levels.size - 1;

  // First pass: the values, ln(pay), and the means to shift by.
  const dense = new Float64Array(n * DENSE);
  const y = new Float64Array(n);
  const grade = new Int32Array(n);
  const level = new Int32Array(n);
  const shift = new Float64Array(DENSE);
  let yShift = 0;
  for (let i = 0; i < n; i++) {
    const r = rows[i]!;
    if (!(Number.isFinite(r.hourlyPay) && r.hourlyPay > 0))
      throw new RangeError(`employee ${r.id}: hourly pay must be a positive number, not ${r.hourlyPay}`);
    const at = i * DENSE;
    dense[at] = r.female ? 1 : 0;
    dense[at + 1] = r.yearsExperience;
    dense[at + 2] = r.yearsWithCompany;
    dense[at + 3] = r.offshoreProject ? 1 : 0;
    dense[at + 4] = r.actingAsDifferentGrade ? 1 : 0;
    dense[at + 5] = r.pillar ? 1 : 0;
    dense[at + 6] = r.remote ? 1 : 0;
    for (let j = 0; j < DENSE; j++) shift[j]! += dense[at + j]!;
    y[i] = Math.log(r.hourlyPay);
    yShift += y[i]!;
    grade[i] = grades.get(r.gradeId)!;
    level[i] = levels.get(r.levelId)!;
  }
  for (let j = 0; j < DENSE; j++) shift[j]! /= n;
  yShift /= n;

  // Second pass: Σ zzᵀ, Σ z·y and Σ z over the shifted values (upper triangle, row-major).
  const zz = new Float64Array(width * width);
  const zy = new Float64Array(width);
  const sum = new Float64Array(width);
  const spread = new Float64Array(DENSE);
  let ySum = 0;
  let yy = 0;
  for (let i = 0; i < n; i++) {
    const at = i * DENSE;
    for (let j = 0; j < DENSE; j++) dense[at + j]! -= shift[j]!;
    const yi = y[i]! - yShift;
    y[i] = yi;
    ySum += yi;
    yy += yi * yi;
    for (let j = 0; j < DENSE; j++) {
      const dj = dense[at + j]!;
      sum[j]! += dj;
      zy[j]! += dj * yi;
      spread[j] = Math.max(spread[j]!, Math.abs(dj));
      const row = j * width;
      for (let k = j; k < DENSE; k++) zz[row + k]! += dj * dense[at + k]!;
    }
    const g = grade[i]!;
    const l = level[i]!;
    const gc = DENSE + g;
    const lc = DENSE + gradeCount + l;
    if (g >= 0) {
      for (let j = 0; j < DENSE; j++) zz[j * width + gc]! += dense[at + j]!;
      zz[gc * width + gc]! += 1;
      zy[gc]! += yi;
      sum[gc]! += 1;
    }
    if (l >= 0) {
      for (let j = 0; j < DENSE; j++) zz[j * width + lc]! += dense[at + j]!;
      zz[lc * width + lc]! += 1;
      zy[lc]! += yi;
      sum[lc]! += 1;
      if (g >= 0) zz[gc * width + lc]! += 1;
    }
  }

  // Constant columns are dropped: a dense one whose values all sit at its mean (a dummy is
  // never constant: its category has some of the rows, not all). The woman column is never
  // constant here (at least ten of each).
  const columns: number[] = [];
  for (let j = 0; j < width; j++)
    if (j >= DENSE || spread[j]! > 1e-9 * (1 + Math.abs(shift[j]!))) columns.push(j);
  const q = columns.length;
  const centred = (j: number, k: number) => {
    const [a, b] = j <= k ? [j, k] : [k, j];
    return zz[a * width + b]! - (sum[a]! * sum[b]!) / n;
  };
  const scale = columns.map((j) => 1 / Math.sqrt(centred(j, j)));
  const s = Matrix.zeros(q, q);
  const b = new Float64Array(q);
  for (let a = 0; a < q; a++) {
    for (let c = a; c < q; c++) {
      const v = centred(columns[a]!, columns[c]!) * scale[a]! * scale[c]!;
      s.set(a, c, v);
      s.set(c, a, v);
    }
    b[a] = (zy[columns[a]!]! - (sum[columns[a]!]! * ySum) / n) * scale[a]!;
  }

  const svd = new SingularValueDecomposition(s, { computeLeftSingularVectors: true });
  const values = svd.diagonal;
  const u = svd.leftSingularVectors;
  const v = svd.rightSingularVectors;
  const largest = Math.max(...values);
  const kept: number[] = [];
  let womanInNullSpace = 0;
  for (let i = 0; i < values.length; i++) {
    if (values[i]! > RANK_TOLERANCE * largest) kept.push(i);
    else womanInNullSpace += v.get(0, i) ** 2;
  }
  if (womanInNullSpace > NULL_SPACE_WEIGHT) return 'not-identifiable';
  const parameters = kept.length + 1;
  const degreesOfFreedom = n - parameters;
  if (degreesOfFreedom < 1) return 'no-residual-freedom';

  // β (scaled) = V·Σ⁻¹·Uᵀ·b over the kept singular values; (S⁺)ww for the woman's variance.
  const scaled = new Float64Array(q);
  let inverseWW = 0;
  for (const i of kept) {
    let ub = 0;
    for (let a = 0; a < q; a++) ub += u.get(a, i) * b[a]!;
    const w = ub / values[i]!;
    for (let a = 0; a < q; a++) scaled[a]! += v.get(a, i) * w;
    inverseWW += (v.get(0, i) * u.get(0, i)) / values[i]!;
  }
  const beta = new Float64Array(width);
  for (let a = 0; a < q; a++) beta[columns[a]!] = scaled[a]! * scale[a]!;

  // Third pass: the residuals, e = (y − ȳ) − Σ βⱼ(zⱼ − z̄ⱼ).
  let offset = ySum / n;
  for (let j = 0; j < width; j++) offset -= (beta[j]! * sum[j]!) / n;
  let rss = 0;
  for (let i = 0; i < n; i++) {
    const at = i * DENSE;
    let e = y[i]! - offset;
    for (let j = 0; j < DENSE; j++) e -= beta[j]! * dense[at + j]!;
    const g = grade[i]!;
    const l = level[i]!;
    if (g >= 0) e -= beta[DENSE + g]!;
    if (l >= 0) e -= beta[DENSE + gradeCount + l]!;
    rss += e * e;
  }
  const tss = yy - (ySum * ySum) / n;
  return {
    beta: beta[0]!,
    standardError: Math.sqrt((rss / degreesOfFreedom) * inverseWW) * scale[0]!,
    n,
    parameters,
    degreesOfFreedom,
    rSquared: tss > 0 ? Math.min(1, Math.max(0, 1 - rss / tss)) : 0,
    residualSumOfSquares: rss,
  };
}

/** Half away from zero to `digits` decimals, never −0. */
function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return (Math.sign(value) * Math.round(Math.abs(value) * f)) / f + 0;
}

const percentOf = (logPoints: number) => round((Math.exp(logPoints) - 1) * 100, 1);

/** One group's estimate as the answer gives it (contract: adjusted-gap.contract.ts). */
export function estimateOf(rows: readonly AdjustedGapRow[]): AdjustedGapEstimate {
  const fit = womanCoefficient(rows);
  if (typeof fit === 'string') return { tooFew: true, n: rows.length, reason: fit };
  const t = tQuantile(0.975, fit.degreesOfFreedom);
  return {
    tooFew: false,
    percent: percentOf(fit.beta),
    standardError: round(fit.standardError * 100, 2),
    low: percentOf(fit.beta - t * fit.standardError),
    high: percentOf(fit.beta + t * fit.standardError),
    n: fit.n,
    rSquared: round(fit.rSquared, 3),
  };
}

/** The company's estimate and each job's (jobs by name, then id). Only women and men are passed. */
export function adjustedGap(rows: readonly AdjustedGapRow[]): AdjustedGap {
  const byJob = new Map<number, AdjustedGapRow[]>();
  for (const r of rows) {
    const list = byJob.get(r.jobId);
    if (list) list.push(r);
    else byJob.set(r.jobId, [r]);
  }
  const jobs = [...byJob.values()]
    .map((list) => ({ jobId: list[0]!.jobId, jobName: list[0]!.jobName, estimate: estimateOf(list) }))
    .sort((a, b) => a.jobName.localeCompare(b.jobName) || a.jobId - b.jobId);
  return { company: estimateOf(rows), jobs };
}
