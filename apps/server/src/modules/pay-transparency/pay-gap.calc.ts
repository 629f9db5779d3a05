import { asCents, fromCents } from '@salary/shared/common/money';
import type { Gender } from '@salary/shared/employees/employee-fields';
import {
  type CategoryKind,
  type Comparison,
  FLAG_THRESHOLD,
  type Justification,
  type PayCategory,
  type PayReport,
  type Quartile,
} from '@salary/shared/pay-transparency/pay-transparency.contract';
import {
  categoryKeyOf,
  type EvaluationBands,
  evaluationCategoryName,
  unscoredJobsOf,
} from './evaluation-category.calc.ts';

/*
 * The pay gap indicators, pure: priced rows in, the report out. Money is integer cents; every
 * mean, median, gap and share is computed exactly (fractions of BigInts) and rounded once,
 * half away from zero — cents for money, one decimal for percent. Definitions and a worked
 * example: docs/pay-transparency.md.
 */

/**
 * One employee as the report reads it: pay and basic wage in 1/`scale` cent (the report's
 * context says the scale: 1 for a month's cents), null when not priced.
 */
export interface PayRow {
  id: number;
  gender: Gender;
  jobId: number;
  /** For the `evaluation` categories (a position's score overrides its job's); absent: the job's. */
  positionId?: number;
  gradeId: number;
  /** Gross + benefits. */
  pay: number | bigint | null;
  /** Base salary + job/position adjustment (the engine's adjusted salary). */
  basic: number | bigint | null;
  /** Whether they receive complementary components (absent: pay above basic). */
  receives?: boolean;
}

interface Priced {
  id: number;
  female: boolean;
  jobId: number;
  positionId: number | undefined;
  gradeId: number;
  pay: bigint;
  basic: bigint;
  complementary: bigint;
  receives: boolean;
}

/** An exact value n / d (d > 0). */
interface Fraction {
  n: bigint;
  d: bigint;
}

/** n / d rounded half away from zero (d ≠ 0). */
export function roundDiv(n: bigint, d: bigint): bigint {
  if (d < 0n) return roundDiv(-n, -d);
  const q = n / d;
  const r = n % d;
  if (2n * (r < 0n ? -r : r) >= d) return n < 0n ? q - 1n : q + 1n;
  return q;
}

const mean = (values: bigint[]): Fraction | null => {
  if (!values.length) return null;
  let sum = 0n;
  for (const v of values) sum += v;
  return { n: sum, d: BigInt(values.length) };
};

/** Median of values already sorted ascending: the middle one, or the two middle ones halved. */
const median = (sorted: bigint[]): Fraction | null => {
  const k = sorted.length;
  if (!k) return null;
  if (k % 2) return { n: sorted[(k - 1) / 2]!, d: 1n };
  return { n: sorted[k / 2 - 1]! + sorted[k / 2]!, d: 2n };
};

/** A fraction of 1/`scale` cents as the API's decimal, rounded to the cent. */
const decimalOf = (f: Fraction | null, scale = 1n): number | null =>
  f ? fromCents(asCents(Number(roundDiv(f.n, f.d * scale)))) : null;

const ascending = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);

/** (men − women) ÷ men × 100, one decimal; null when men's figure is zero or missing. */
export function gapOf(men: Fraction | null, women: Fraction | null): number | null {
  if (!men || !women || men.n === 0n) return null;
  const num = (men.n * women.d - women.n * men.d) * 1000n;
  return Number(roundDiv(num, men.n * women.d)) / 10;
}

/** part ÷ whole × 100, one decimal. */
export const shareOf = (part: number, whole: number): number | null =>
  whole ? Number(roundDiv(BigInt(part) * 1000n, BigInt(whole))) / 10 : null;

function compare(
  women: bigint[],
  men: bigint[],
  minGroup: number,
  figure: (values: bigint[]) => Fraction | null,
  scale: bigint,
): Comparison {
  if (women.length < minGroup || men.length < minGroup)
    return { female: null, male: null, gap: null, tooFew: true };
  const w = figure(women);
  const m = figure(men);
  return { female: decimalOf(w, scale), male: decimalOf(m, scale), gap: gapOf(m, w), tooFew: false };
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const isInt64 = (v: bigint) => v >= INT64_MIN && v <= INT64_MAX;

/** Sorted copies, for medians: sorted natively as 64-bit integers (exact beyond, by comparison). */
function sorted(values: bigint[]): bigint[] {
  if (values.every(isInt64)) return Array.from(BigInt64Array.from(values).sort());
  return [...values].sort(ascending);
}

/**
 * (f): F/M employees by pay ascending (ties by id) in four groups whose sizes differ by at most
 * one, the lower quartiles taking the remainder.
 *
 * Without sorting the rows: the pays alone are sorted (natively), which gives each group's last
 * pay; a row is above a boundary if its pay is higher, or equal and its id among those of equal
 * pay comes after the ones the lower group takes.
 */
export function quartilesOf(rows: Array<{ id: number; pay: bigint; female: boolean }>): Quartile[] {
  const n = rows.length;
  const base = Math.floor(n / 4);
  const sizes = [0, 1, 2, 3].map((q) => base + (q < n % 4 ? 1 : 0));
  const pays = sorted(rows.map((r) => r.pay));
  /** Each boundary between groups: the lower group's last pay, and the ids of that pay it takes. */
  const boundaries: Array<{ pay: bigint; below: Set<number> }> = [];
  let end = 0;
  for (let q = 0; q < 3; q++) {
    end += sizes[q]!;
    // Everyone in the lower groups: nobody above this boundary or any after it.
    if (end === n) break;
    const pay = pays[end - 1]!;
    let first = end - 1;
    while (first > 0 && pays[first - 1] === pay) first--;
    const ids = rows.filter((r) => r.pay === pay).map((r) => r.id);
    ids.sort((x, y) => x - y);
    boundaries.push({ pay, below: new Set(ids.slice(0, end - first)) });
  }
  const female = [0, 0, 0, 0];
  for (const r of rows) {
    let q = 0;
    for (const b of boundaries) if (r.pay > b.pay || (r.pay === b.pay && !b.below.has(r.id))) q++;
    if (r.female) female[q]!++;
  }
  return sizes.map((size, q) => {
    const f = female[q]!;
    return {
      quartile: q + 1,
      size,
      female: f,
      male: size - f,
      femaleShare: shareOf(f, size),
      maleShare: shareOf(size - f, size),
    };
  });
}

export interface ReportContext {
  kind: CategoryKind;
  minGroup: number;
  jobNames: ReadonlyMap<number, string>;
  gradeNames: ReadonlyMap<number, string>;
  justifications: ReadonlyMap<string, Justification>;
  generatedAt: string;
  /** The rows' money is in 1/scale cent (absent: cents). */
  scale?: bigint;
  /** The scores and bands of the `evaluation` kind (without them every row is unscored). */
  evaluation?: EvaluationBands;
}

export const categoryKey = (kind: CategoryKind, row: { jobId: number; gradeId: number }) =>
  kind === 'grade' ? String(row.gradeId) : `${row.jobId}:${row.gradeId}`;

export function categoryName(
  kind: CategoryKind,
  ctx: Pick<ReportContext, 'jobNames' | 'gradeNames'>,
  row: { jobId: number; gradeId: number },
) {
  const grade = ctx.gradeNames.get(row.gradeId) ?? `Grade ${row.gradeId}`;
  return kind === 'grade' ? grade : `${ctx.jobNames.get(row.jobId) ?? `Job ${row.jobId}`} · ${grade}`;
}

interface Group {
  women: Priced[];
  men: Priced[];
}

const pick = (rows: Priced[], key: 'pay' | 'basic' | 'complementary') => rows.map((r) => r[key]);

/** (g) one category; every figure null when either sex has fewer than `minGroup`. */
export function categoryFigures(
  group: Group,
  minGroup: number,
  scale = 1n,
): Pick<
  PayCategory,
  | 'female'
  | 'male'
  | 'tooFew'
  | 'meanPayFemale'
  | 'meanPayMale'
  | 'payGap'
  | 'basicWageGap'
  | 'complementaryGap'
  | 'flagged'
> {
  const female = group.women.length;
  const male = group.men.length;
  if (female < minGroup || male < minGroup)
    return {
      female,
      male,
      tooFew: true,
      meanPayFemale: null,
      meanPayMale: null,
      payGap: null,
      basicWageGap: null,
      complementaryGap: null,
      flagged: false,
    };
  const figure = (key: 'pay' | 'basic' | 'complementary') => ({
    w: mean(pick(group.women, key)),
    m: mean(pick(group.men, key)),
  });
  const pay = figure('pay');
  const basic = figure('basic');
  const complementary = figure('complementary');
  const payGap = gapOf(pay.m, pay.w);
  return {
    female,
    male,
    tooFew: false,
    meanPayFemale: decimalOf(pay.w, scale),
    meanPayMale: decimalOf(pay.m, scale),
    payGap,
    basicWageGap: gapOf(basic.m, basic.w),
    complementaryGap: gapOf(complementary.m, complementary.w),
    flagged: isFlagged(payGap),
  };
}

/** A gap of 5.0% or more either way. */
export const isFlagged = (gap: number | null): boolean => gap !== null && Math.abs(gap) >= FLAG_THRESHOLD;

/** Flagged without justification first (largest gap first), then flagged, then reported, then too few. */
function categoryRank(c: PayCategory): number {
  if (c.flagged) return c.justification ? 1 : 0;
  return c.tooFew ? 3 : 2;
}

function byReportOrder(a: PayCategory, b: PayCategory): number {
  const rank = categoryRank(a) - categoryRank(b);
  if (rank) return rank;
  if (a.flagged) return Math.abs(b.payGap!) - Math.abs(a.payGap!) || a.name.localeCompare(b.name);
  return a.name.localeCompare(b.name);
}

/** The priced F/M rows and the counts of everyone else. */
export function splitRows(rows: readonly PayRow[]) {
  const counts = { female: 0, male: 0, other: 0, undisclosed: 0, unpriced: 0, total: rows.length };
  const priced: Priced[] = [];
  for (const r of rows) {
    if (r.pay === null || r.basic === null) counts.unpriced++;
    else if (r.gender === 'OTHER') counts.other++;
    else if (r.gender === 'UNDISCLOSED') counts.undisclosed++;
    else {
      const female = r.gender === 'FEMALE';
      if (female) counts.female++;
      else counts.male++;
      const pay = BigInt(r.pay);
      const basic = BigInt(r.basic);
      priced.push({
        id: r.id,
        female,
        jobId: r.jobId,
        positionId: r.positionId,
        gradeId: r.gradeId,
        pay,
        basic,
        complementary: pay - basic,
        receives: r.receives ?? pay > basic,
      });
    }
  }
  return { counts, priced };
}

/** Rows grouped by category key; a row in no category of the kind (unscored) in none. */
export function groupByCategory(
  priced: readonly Priced[],
  kind: CategoryKind,
  evaluation?: EvaluationBands,
): Map<string, Group & { first: Priced }> {
  const groups = new Map<string, Group & { first: Priced }>();
  for (const r of priced) {
    const key = categoryKeyOf(kind, r, evaluation);
    if (key === null) continue;
    let g = groups.get(key);
    if (!g) {
      g = { women: [], men: [], first: r };
      groups.set(key, g);
    }
    (r.female ? g.women : g.men).push(r);
  }
  return groups;
}

export function buildPayReport(rows: readonly PayRow[], ctx: ReportContext): PayReport {
  const { minGroup } = ctx;
  const { counts, priced } = splitRows(rows);
  const women = priced.filter((r) => r.female);
  const men = priced.filter((r) => !r.female);
  const womenPay = sorted(pick(women, 'pay'));
  const menPay = sorted(pick(men, 'pay'));
  const receivingWomen = sorted(
    pick(
      women.filter((r) => r.receives),
      'complementary',
    ),
  );
  const receivingMen = sorted(
    pick(
      men.filter((r) => r.receives),
      'complementary',
    ),
  );
  const scale = ctx.scale ?? 1n;
  const enough = women.length >= minGroup && men.length >= minGroup;

  const categories: PayCategory[] = [];
  for (const [key, group] of groupByCategory(priced, ctx.kind, ctx.evaluation))
    categories.push({
      key,
      name:
        ctx.kind === 'evaluation' && ctx.evaluation
          ? evaluationCategoryName(key, ctx.evaluation)
          : categoryName(ctx.kind, ctx, group.first),
      ...categoryFigures(group, minGroup, scale),
      justification: ctx.justifications.get(key) ?? null,
    });
  categories.sort(byReportOrder);

  return {
    generatedAt: ctx.generatedAt,
    categoryKind: ctx.kind,
    minGroup,
    counts,
    meanPay: compare(womenPay, menPay, minGroup, mean, scale),
    medianPay: compare(womenPay, menPay, minGroup, median, scale),
    meanComplementary: compare(receivingWomen, receivingMen, minGroup, mean, scale),
    medianComplementary: compare(receivingWomen, receivingMen, minGroup, median, scale),
    complementaryShare: enough
      ? {
          female: shareOf(receivingWomen.length, women.length),
          male: shareOf(receivingMen.length, men.length),
          tooFew: false,
        }
      : { female: null, male: null, tooFew: true },
    quartiles: quartilesOf(priced),
    categories,
    ...(ctx.kind === 'evaluation' && ctx.evaluation
      ? { unscoredJobs: unscoredJobsOf(rows, ctx.evaluation, ctx.jobNames) }
      : {}),
  };
}
