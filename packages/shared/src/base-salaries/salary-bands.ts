import type { BasisPoints, Cents } from '../common/money.ts';

/*
 * A salary band: the range around a grade and level's base salary (its midpoint) that the
 * base salary cell sets — a spread either side (default ±10%) or a minimum and maximum typed
 * into the cell. All integers: cents and basis points.
 */

/** The spread either side of the midpoint when a cell has none of its own: ±10%. */
export const DEFAULT_BAND_SPREAD = 1000 as BasisPoints;
/** The widest spread: ±100% (a minimum of 0). */
export const MAX_BAND_SPREAD = 10_000 as BasisPoints;

/** What a base salary cell stores of its band (null: not set). */
export interface StoredBand {
  amount: Cents;
  bandSpread: BasisPoints | null;
  bandMin: Cents | null;
  bandMax: Cents | null;
}

export interface Band {
  min: Cents;
  midpoint: Cents;
  max: Cents;
}

/** Half away from zero, of a non-negative product over 10,000 (exact below 2^53). */
const spreadOf = (amount: number, spread: number) => Math.floor((amount * spread + 5000) / 10_000);

/** The band in force for a cell: each typed bound, else the spread's (default ±10%). */
export function bandOf(cell: StoredBand): Band {
  const spread = spreadOf(cell.amount, cell.bandSpread ?? DEFAULT_BAND_SPREAD);
  return {
    min: cell.bandMin ?? ((cell.amount - spread) as Cents),
    midpoint: cell.amount,
    max: cell.bandMax ?? ((cell.amount + spread) as Cents),
  };
}

export const BAND_POSITIONS = ['BELOW', 'INSIDE', 'ABOVE'] as const;
export type BandPosition = (typeof BAND_POSITIONS)[number];

/** Where a pay stands in a band: bounds count as inside. */
export function bandPosition(pay: Cents, band: Band): BandPosition {
  if (pay < band.min) return 'BELOW';
  if (pay > band.max) return 'ABOVE';
  return 'INSIDE';
}

/**
 * Pay ÷ the band's midpoint in hundredths, rounded half up (1.05 is 105); null when the
 * midpoint is 0 (no ratio to a zero salary).
 */
export function compaRatioHundredths(pay: Cents, band: Band): number | null {
  if (band.midpoint <= 0) return null;
  // pay × 200 / midpoint, then halved rounding up: exact in integers for any salary below 2^45.
  const twice = Math.floor((pay * 200) / band.midpoint);
  return Math.floor((twice + 1) / 2);
}

/** The words a band position is shown with. */
export const BAND_POSITION_LABELS: Record<BandPosition, string> = {
  BELOW: 'Below band',
  INSIDE: 'In band',
  ABOVE: 'Above band',
};
