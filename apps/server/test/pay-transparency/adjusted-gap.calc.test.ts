import { PLAIN_PROFILE } from '@salary/salary-engine/salary-types';
import {
  adjustedGapSchema,
  MIN_EMPLOYEES_TO_ESTIMATE,
} from '@salary/shared/pay-transparency/adjusted-gap.contract';
import { describe, expect, it } from 'vitest';
import {
  type AdjustedGapRow,
  adjustedGap,
  estimateOf,
  type WomanCoefficient,
  womanCoefficient,
} from '../../src/modules/pay-transparency/adjusted-gap.calc.ts';
import { seededRandom } from '../../src/seed/seeded-random.ts';

/*
 * The adjusted pay gap (adjusted-gap.calc.ts) against a second computation written here: the
 * normal equations with an intercept and uncentred columns, solved by Gaussian elimination in
 * exact fractions of BigInts; against generated companies with a planted woman coefficient;
 * and the rules that make an estimate "too few to estimate".
 */

// ---------------------------------------------------------------- exact rational arithmetic

interface Q {
  n: bigint;
  d: bigint;
}
const abs = (x: bigint) => (x < 0n ? -x : x);
const gcd = (a: bigint, b: bigint): bigint => {
  let [x, y] = [abs(a), abs(b)];
  while (y) [x, y] = [y, x % y];
  return x;
};
const q = (n: bigint, d = 1n): Q => {
  if (d < 0n) [n, d] = [-n, -d];
  const g = gcd(n, d) || 1n;
  return { n: n / g, d: d / g };
};
const add = (a: Q, b: Q) => q(a.n * b.d + b.n * a.d, a.d * b.d);
const sub = (a: Q, b: Q) => q(a.n * b.d - b.n * a.d, a.d * b.d);
const mul = (a: Q, b: Q) => q(a.n * b.n, a.d * b.d);
const div = (a: Q, b: Q) => q(a.n * b.d, a.d * b.n);
const ZERO = q(0n);
const toNumber = (a: Q) => {
  // Scaled so that the quotient keeps ~60 significant bits.
  const shift = 200n;
  return Number((a.n << shift) / a.d) / 2 ** Number(shift);
};
/** A double as the exact fraction it is (a double is a dyadic rational). */
function exact(x: number): Q {
  let d = 1n;
  while (!Number.isInteger(x)) {
    x *= 2;
    d *= 2n;
  }
  return q(BigInt(x), d);
}

/** Solves A·x = b exactly (A square, non-singular) by Gaussian elimination. */
function solveExact(a: Q[][], b: Q[]): Q[] {
  const m = a.map((row, i) => [...row, b[i]!]);
  const size = m.length;
  for (let col = 0; col < size; col++) {
    const pivot = m.findIndex((row, r) => r >= col && row[col]!.n !== 0n);
    if (pivot < 0) throw new Error('singular');
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    for (let r = 0; r < size; r++) {
      if (r === col || m[r]![col]!.n === 0n) continue;
      const f = div(m[r]![col]!, m[col]![col]!);
      m[r] = m[r]!.map((v, c) => sub(v, mul(f, m[col]![c]!)));
    }
  }
  return m.map((row, i) => div(row[size]!, row[i]!));
}

/**
 * The regression written out plainly: intercept, woman, a dummy for every grade and level but
 * the lowest, the years and the flags; X'X β = X'y in fractions; σ² = RSS ÷ (n − p);
 * Var(β_woman) = σ²·[(X'X)⁻¹]ww (from X'X z = e_woman); R² = 1 − RSS ÷ TSS.
 */
function exactRegression(rows: AdjustedGapRow[]) {
  const grades = [...new Set(rows.map((r) => r.gradeId))].sort((a, b) => a - b).slice(1);
  const levels = [...new Set(rows.map((r) => r.levelId))].sort((a, b) => a - b).slice(1);
  const x = rows.map((r) =>
    [
      1,
      r.female ? 1 : 0,
      ...grades.map((g) => (r.gradeId === g ? 1 : 0)),
      ...levels.map((l) => (r.levelId === l ? 1 : 0)),
      r.yearsExperience,
      r.yearsWithCompany,
      r.offshoreProject ? 1 : 0,
      r.actingAsDifferentGrade ? 1 : 0,
      r.pillar ? 1 : 0,
      r.remote ? 1 : 0,
    ].map(exact),
  );
  const y = rows.map((r) => exact(Math.log(r.hourlyPay)));
  const p = x[0]!.length;
  const n = rows.length;
  const xtx = Array.from({ length: p }, (_, i) =>
    Array.from({ length: p }, (_, j) => x.reduce((s, row) => add(s, mul(row[i]!, row[j]!)), ZERO)),
  );
  const xty = Array.from({ length: p }, (_, i) => x.reduce((s, row, k) => add(s, mul(row[i]!, y[k]!)), ZERO));
  const beta = solveExact(xtx, xty);
  const residuals = y.map((yk, k) =>
    sub(
      yk,
      x[k]!.reduce((s, v, j) => add(s, mul(v, beta[j]!)), ZERO),
    ),
  );
  const rss = residuals.reduce((s, r) => add(s, mul(r, r)), ZERO);
  const mean = div(
    y.reduce((s, v) => add(s, v), ZERO),
    q(BigInt(n)),
  );
  const tss = y.reduce((s, v) => add(s, mul(sub(v, mean), sub(v, mean))), ZERO);
  const inverseWW = solveExact(
    xtx,
    Array.from({ length: p }, (_, i) => q(i === 1 ? 1n : 0n)),
  )[1]!;
  const variance = div(rss, q(BigInt(n - p)));
  return {
    beta: toNumber(beta[1]!),
    standardError: Math.sqrt(toNumber(mul(variance, inverseWW))),
    rSquared: toNumber(sub(q(1n), div(rss, tss))),
    parameters: p,
  };
}

// ---------------------------------------------------------------- data

const row = (id: number, over: Partial<AdjustedGapRow> = {}): AdjustedGapRow => ({
  id,
  female: false,
  jobId: 1,
  jobName: 'Engineer',
  gradeId: 1,
  levelId: 1,
  ...PLAIN_PROFILE,
  hourlyPay: 2000,
  ...over,
});

/** [woman, grade, level, years of experience, years with company, four flags, cents an hour] */
const HAND: number[][] = [
  [1, 2, 1, 12, 10, 1, 0, 1, 0, 2659],
  [0, 1, 1, 2, 1, 0, 1, 0, 1, 2046],
  [0, 1, 1, 18, 9, 0, 0, 1, 0, 2238],
  [1, 1, 1, 18, 4, 0, 0, 1, 0, 2081],
  [1, 1, 1, 18, 0, 0, 0, 0, 0, 2204],
  [0, 2, 2, 9, 3, 0, 0, 1, 0, 2760],
  [1, 2, 2, 9, 9, 0, 1, 0, 0, 2427],
  [0, 2, 2, 1, 0, 0, 0, 0, 0, 2644],
  [0, 3, 3, 18, 7, 1, 1, 1, 0, 3361],
  [1, 3, 3, 20, 9, 0, 0, 1, 0, 3676],
  [1, 1, 2, 11, 2, 0, 0, 1, 1, 2386],
  [0, 2, 2, 15, 1, 1, 0, 1, 1, 2857],
  [1, 3, 3, 13, 5, 0, 0, 1, 1, 3115],
  [0, 3, 2, 0, 0, 0, 1, 1, 1, 2899],
  [0, 3, 3, 4, 4, 0, 0, 0, 0, 3485],
  [1, 3, 3, 12, 6, 0, 0, 0, 1, 3641],
  [0, 2, 1, 3, 2, 0, 1, 0, 0, 2592],
  [0, 3, 2, 2, 0, 0, 1, 1, 0, 2857],
  [1, 1, 1, 15, 7, 0, 0, 1, 0, 2267],
  [0, 2, 1, 16, 0, 1, 0, 0, 0, 2901],
  [0, 3, 3, 20, 1, 0, 1, 0, 1, 3947],
  [1, 3, 3, 20, 3, 0, 0, 0, 1, 3371],
  [0, 2, 1, 6, 4, 0, 0, 0, 0, 2435],
  [0, 1, 2, 14, 5, 0, 0, 1, 1, 2313],
  [1, 1, 2, 19, 9, 0, 0, 0, 0, 2239],
  [0, 3, 2, 12, 3, 0, 1, 0, 0, 3419],
  [0, 3, 3, 14, 6, 0, 1, 1, 0, 3220],
  [1, 3, 3, 20, 2, 0, 0, 0, 0, 3312],
  [0, 3, 2, 0, 0, 0, 0, 1, 0, 2672],
  [0, 1, 1, 0, 0, 1, 0, 0, 0, 1997],
  [1, 1, 1, 11, 7, 0, 0, 0, 0, 2245],
  [0, 1, 1, 16, 8, 1, 0, 1, 1, 2434],
];
const handRows = HAND.map(([w, g, l, ye, yc, off, act, pil, rem, pay], i) =>
  row(i + 1, {
    female: w === 1,
    // Grade and level ids need not be 1, 2, 3: the first by id is the reference.
    gradeId: 10 * g!,
    levelId: 100 + l!,
    yearsExperience: ye!,
    yearsWithCompany: yc!,
    offshoreProject: off === 1,
    actingAsDifferentGrade: act === 1,
    pillar: pil === 1,
    remote: rem === 1,
    hourlyPay: pay!,
  }),
);

const normal = (rand: () => number) => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());

/**
 * A company with a planted woman coefficient: ln(pay) = 7.6 + planted·woman + 0.15·grade +
 * 0.07·level + 0.01·years of experience + 0.004·years with company + 0.03·offshore − 0.02·remote
 * + noise (sd 0.08). Women are more often in the lower grades, so the raw gap is wider than the
 * planted one.
 */
function plantedCompany(size: number, planted: number, seed: number, jobs = 4): AdjustedGapRow[] {
  const rand = seededRandom(seed);
  return Array.from({ length: size }, (_, i) => {
    const female = rand() < 0.4;
    const grade = Math.min(6, 1 + Math.floor(rand() * (female ? 5 : 6)));
    const level = Math.min(4, Math.max(1, grade - 2 + Math.floor(rand() * 3)));
    const yearsExperience = Math.floor(rand() * 30);
    const yearsWithCompany = Math.floor(rand() * (yearsExperience + 1));
    const flags = [rand() < 0.2, rand() < 0.1, rand() < 0.3, rand() < 0.4] as const;
    const jobId = 1 + Math.floor(rand() * jobs);
    const log =
      7.6 +
      planted * (female ? 1 : 0) +
      0.15 * grade +
      0.07 * level +
      0.01 * yearsExperience +
      0.004 * yearsWithCompany +
      (flags[0] ? 0.03 : 0) -
      (flags[3] ? 0.02 : 0) +
      0.08 * normal(rand);
    return row(i + 1, {
      female,
      jobId,
      jobName: `Job ${String.fromCharCode(64 + jobId)}`,
      gradeId: grade,
      levelId: level,
      yearsExperience,
      yearsWithCompany,
      offshoreProject: flags[0],
      actingAsDifferentGrade: flags[1],
      pillar: flags[2],
      remote: flags[3],
      hourlyPay: Math.exp(log),
    });
  });
}

const fitted = (rows: AdjustedGapRow[]): WomanCoefficient => {
  const fit = womanCoefficient(rows);
  if (typeof fit === 'string') throw new Error(`not estimated: ${fit}`);
  return fit;
};

// ---------------------------------------------------------------- tests

describe('the adjusted gap agrees with the normal equations solved exactly', () => {
  it('gives the same woman coefficient, standard error and R² on a small company', () => {
    const expected = exactRegression(handRows);
    const fit = fitted(handRows);
    expect(fit.parameters).toBe(expected.parameters);
    expect(fit.n).toBe(32);
    expect(fit.degreesOfFreedom).toBe(32 - expected.parameters);
    expect(Math.abs(fit.beta - expected.beta)).toBeLessThan(1e-9);
    expect(Math.abs(fit.standardError - expected.standardError)).toBeLessThan(1e-9);
    expect(Math.abs(fit.rSquared - expected.rSquared)).toBeLessThan(1e-9);
    // The figures as the answer gives them: e^β − 1 in percent, the interval around it.
    const estimate = estimateOf(handRows);
    if (estimate.tooFew) throw new Error('too few');
    expect(estimate.percent).toBe(Math.round((Math.exp(expected.beta) - 1) * 1000) / 10);
    // Log points (× 100), two decimals.
    expect(Math.abs(estimate.standardError - expected.standardError * 100)).toBeLessThanOrEqual(0.005);
    expect(estimate.rSquared).toBe(Math.round(expected.rSquared * 1000) / 1000);
    expect(estimate.low).toBeLessThan(estimate.percent);
    expect(estimate.high).toBeGreaterThan(estimate.percent);
  });

  it('does not depend on the order of the rows or on which ids the grades and levels carry', () => {
    const shuffled = [...handRows]
      .reverse()
      .map((r) => ({ ...r, gradeId: 100 - r.gradeId, levelId: -r.levelId }));
    const a = fitted(handRows);
    const b = fitted(shuffled);
    expect(Math.abs(a.beta - b.beta)).toBeLessThan(1e-12);
    expect(Math.abs(a.standardError - b.standardError)).toBeLessThan(1e-12);
  });
});

describe('the worked example of docs/pay-transparency.md', () => {
  it('gives −5.0% where women earn 0.95 of men in each grade, while the unadjusted gap is 19.1%', () => {
    const cells = [
      [1, true, 14, 1900],
      [1, false, 6, 2000],
      [2, true, 6, 2850],
      [2, false, 14, 3000],
    ] as const;
    const rows = cells.flatMap(([gradeId, female, count, pay]) =>
      Array.from({ length: count }, (_, k) =>
        row(0, {
          female,
          gradeId,
          yearsExperience: 5,
          yearsWithCompany: 2,
          hourlyPay: k % 2 ? pay * 1.02 : pay / 1.02,
        }),
      ),
    );
    expect(estimateOf(rows)).toEqual({
      tooFew: false,
      percent: -5,
      standardError: 0.71,
      low: -6.4,
      high: -3.6,
      n: 40,
      rSquared: 0.992,
    });
    expect(Math.abs(fitted(rows).beta - Math.log(0.95))).toBeLessThan(1e-12);
  });
});

describe('the adjusted gap recovers a planted coefficient', () => {
  it('finds −5% for women of a comparable profile in 3,000 employees, the interval covering it', () => {
    const rows = plantedCompany(3000, -0.05, 20261127);
    const fit = fitted(rows);
    expect(Math.abs(fit.beta - -0.05)).toBeLessThan(3 * fit.standardError);
    expect(fit.standardError).toBeLessThan(0.005);
    expect(fit.rSquared).toBeGreaterThan(0.8);
    const answer = adjustedGap(rows);
    expect(adjustedGapSchema.parse(answer)).toEqual(answer);
    const company = answer.company;
    if (company.tooFew) throw new Error('too few');
    const plantedPercent = (Math.exp(-0.05) - 1) * 100;
    expect(company.low).toBeLessThanOrEqual(plantedPercent);
    expect(company.high).toBeGreaterThanOrEqual(plantedPercent);
    expect(company.percent).toBeLessThan(0);
    expect(company.n).toBe(3000);
    // Each of the four jobs has ~750 employees: estimated, and near the planted value too.
    expect(answer.jobs.map((j) => j.jobName)).toEqual(['Job A', 'Job B', 'Job C', 'Job D']);
    for (const job of answer.jobs) {
      if (job.estimate.tooFew) throw new Error(`${job.jobName}: too few`);
      expect(job.estimate.low).toBeLessThan(-1);
      expect(job.estimate.high).toBeGreaterThan(-9);
    }
  });

  it('finds no gap where none is planted, while the raw gap is wide', () => {
    const rows = plantedCompany(3000, 0, 7);
    const fit = fitted(rows);
    expect(Math.abs(fit.beta)).toBeLessThan(3 * fit.standardError);
    const mean = (xs: AdjustedGapRow[]) => xs.reduce((s, r) => s + Math.log(r.hourlyPay), 0) / xs.length;
    const raw = mean(rows.filter((r) => r.female)) - mean(rows.filter((r) => !r.female));
    expect(raw).toBeLessThan(-0.05);
  });

  it('its 95% interval covers the planted value about 95 times in 100', () => {
    let covered = 0;
    const runs = 200;
    for (let seed = 1; seed <= runs; seed++) {
      const estimate = estimateOf(plantedCompany(60, -0.05, seed, 1));
      if (estimate.tooFew) continue;
      const planted = (Math.exp(-0.05) - 1) * 100;
      if (estimate.low <= planted && planted <= estimate.high) covered++;
    }
    expect(covered / runs).toBeGreaterThan(0.88);
    expect(covered / runs).toBeLessThan(0.995);
  });
});

describe('too few to estimate', () => {
  const company = (women: number, men: number) =>
    plantedCompany(400, -0.05, 3)
      .filter((r) => r.female)
      .slice(0, women)
      .concat(
        plantedCompany(400, -0.05, 3)
          .filter((r) => !r.female)
          .slice(0, men),
      );

  it('under 30 employees, or with fewer than 10 women or 10 men, and says so with nothing else', () => {
    expect(MIN_EMPLOYEES_TO_ESTIMATE).toBe(30);
    expect(estimateOf(company(15, 14))).toEqual({ tooFew: true, n: 29, reason: 'employees' });
    expect(estimateOf(company(9, 40))).toEqual({ tooFew: true, n: 49, reason: 'women' });
    expect(estimateOf(company(40, 9))).toEqual({ tooFew: true, n: 49, reason: 'men' });
    expect(estimateOf(company(15, 15)).tooFew).toBe(false);
    expect(estimateOf(company(10, 20)).tooFew).toBe(false);
  });

  it('per job: a job too small says so while the company and the large job are estimated', () => {
    const rows = plantedCompany(300, -0.05, 11, 2).map((r) =>
      r.jobId === 2 && r.id % 10 !== 0 ? { ...r, jobId: 1, jobName: 'Job A' } : r,
    );
    const answer = adjustedGap(rows);
    expect(answer.company.tooFew).toBe(false);
    const [a, b] = answer.jobs;
    expect(a!.jobName).toBe('Job A');
    expect(a!.estimate.tooFew).toBe(false);
    expect(b!.jobName).toBe('Job B');
    expect(b!.estimate).toEqual({
      tooFew: true,
      n: rows.filter((r) => r.jobId === 2).length,
      reason: 'employees',
    });
    // A suppressed estimate carries the count and the reason, no figure.
    expect(Object.keys(b!.estimate).sort()).toEqual(['n', 'reason', 'tooFew']);
  });
});

describe('collinear and constant columns', () => {
  it('drops them without changing the woman coefficient', () => {
    const base = plantedCompany(500, -0.04, 5);
    const plain = fitted(base);
    // Everyone remote, nobody acting as a different grade: constant columns.
    const constant = fitted(base.map((r) => ({ ...r, remote: true, actingAsDifferentGrade: false })));
    // The remote flag is in the planted model, so dropping it moves β a little; compared with
    // the same data fitted without its variation, the figures are the same.
    const noRemoteVariation = base.map((r) => ({ ...r, remote: false, actingAsDifferentGrade: false }));
    const reference = fitted(noRemoteVariation);
    expect(constant.parameters).toBe(reference.parameters);
    expect(Math.abs(constant.beta - reference.beta)).toBeLessThan(1e-10);
    expect(constant.parameters).toBe(plain.parameters - 2);
    // A level that only grade 6 uses and that grade 6 always has: the two dummies are the same
    // column. Years with the company equal to years of experience: collinear too.
    const tied = base.map((r) => ({
      ...r,
      levelId: r.gradeId === 6 ? 9 : r.levelId === 9 ? 1 : r.levelId,
    }));
    const tiedFit = fitted(tied);
    const merged = fitted(tied.map((r) => ({ ...r, levelId: r.levelId === 9 ? 1 : r.levelId })));
    expect(tiedFit.parameters).toBe(merged.parameters);
    expect(Math.abs(tiedFit.beta - merged.beta)).toBeLessThan(1e-9);
    expect(Math.abs(tiedFit.standardError - merged.standardError)).toBeLessThan(1e-9);
    const sameYears = fitted(base.map((r) => ({ ...r, yearsWithCompany: r.yearsExperience })));
    expect(sameYears.parameters).toBe(plain.parameters - 1);
    expect(Number.isFinite(sameYears.beta) && Number.isFinite(sameYears.standardError)).toBe(true);
  });

  it('a single job with a single grade and level is estimated on years and flags', () => {
    const rows = plantedCompany(200, -0.05, 9).map((r) => ({ ...r, gradeId: 2, levelId: 3 }));
    const fit = fitted(rows);
    expect(fit.parameters).toBe(1 + 1 + 2 + 4);
    expect(estimateOf(rows).tooFew).toBe(false);
  });

  it('when the women are exactly one grade, the sexes cannot be told apart: too few to estimate', () => {
    const rows = plantedCompany(200, -0.05, 13).map((r) => ({
      ...r,
      gradeId: r.female ? 7 : Math.min(r.gradeId, 6),
    }));
    expect(estimateOf(rows)).toEqual({ tooFew: true, n: 200, reason: 'not-identifiable' });
  });

  it('refuses a pay that is not positive', () => {
    expect(() => estimateOf(handRows.map((r, i) => (i === 3 ? { ...r, hourlyPay: 0 } : r)))).toThrow(
      /hourly pay must be a positive number/,
    );
  });
});
