import type { BaseSalary, NewBaseSalary } from '@salary/shared/base-salaries/base-salaries.contract';
import { bandOf } from '@salary/shared/base-salaries/salary-bands';
import {
  type BasisPoints,
  basisPointsToPercent,
  type Cents,
  fromCents,
  percentToBasisPoints,
  toCents,
} from '@salary/shared/common/money';

/*
 * A base salary as the server keeps it (amounts in whole cents, the band's spread in basis
 * points) and as the API speaks it (decimals): the routes convert at the edge, and the audit
 * records what the API shows.
 */

/** A stored base salary: the API's shape in cents and basis points, without the band in force. */
export type BaseSalaryRow = Omit<BaseSalary, 'amount' | 'bandSpread' | 'bandMin' | 'bandMax' | 'band'> & {
  amount: Cents;
  bandSpread: BasisPoints | null;
  bandMin: Cents | null;
  bandMax: Cents | null;
};

/** The band a write sets: absent, kept as stored; null, cleared. */
export interface BandInput {
  bandSpread?: BasisPoints | null;
  bandMin?: Cents | null;
  bandMax?: Cents | null;
}

/** What a write stores: a (grade, level), its amount in cents and, when given, its band. */
export interface BaseSalaryInput extends BandInput {
  gradeId: number;
  levelId: number;
  amount: Cents;
}

const centsOrNull = (v: Cents | null) => (v === null ? null : fromCents(v));

export const baseSalaryToApi = (row: BaseSalaryRow): BaseSalary => {
  const band = bandOf(row);
  return {
    ...row,
    amount: fromCents(row.amount),
    bandSpread: row.bandSpread === null ? null : basisPointsToPercent(row.bandSpread),
    bandMin: centsOrNull(row.bandMin),
    bandMax: centsOrNull(row.bandMax),
    band: { min: fromCents(band.min), max: fromCents(band.max) },
  };
};

/** The band fields of a body (validated) in cents and basis points; absent ones stay absent. */
export function bandFromApi(body: {
  bandSpread?: number | null;
  bandMin?: number | null;
  bandMax?: number | null;
}): BandInput {
  const out: BandInput = {};
  if (body.bandSpread !== undefined)
    out.bandSpread = body.bandSpread === null ? null : percentToBasisPoints(body.bandSpread);
  if (body.bandMin !== undefined) out.bandMin = body.bandMin === null ? null : toCents(body.bandMin);
  if (body.bandMax !== undefined) out.bandMax = body.bandMax === null ? null : toCents(body.bandMax);
  return out;
}

/** A create or update body (validated: at most two decimals) in cents and basis points. */
export const baseSalaryFromApi = <Body extends NewBaseSalary>(
  body: Body,
): Omit<Body, 'amount' | 'bandSpread' | 'bandMin' | 'bandMax'> & BaseSalaryInput => {
  const { bandSpread: _s, bandMin: _n, bandMax: _x, ...rest } = body;
  return { ...rest, amount: toCents(body.amount), ...bandFromApi(body) } as Omit<
    Body,
    'amount' | 'bandSpread' | 'bandMin' | 'bandMax'
  > &
    BaseSalaryInput;
};
