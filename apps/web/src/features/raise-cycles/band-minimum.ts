import { asCents, fromCents, roundToCents } from '@salary/shared/common/money';
import type { WorksheetRow } from '@salary/shared/raise-cycles/raise-cycles.contract';

/**
 * The monthly amount that brings a row's basic wage up to its band's minimum, in cents through
 * the money module; null when the basic wage is at or above the minimum.
 */
export function bandMinimumGap(row: WorksheetRow): number | null {
  const gap = asCents(roundToCents(row.bandMinimum) - roundToCents(row.basicWage));
  return gap > 0 ? fromCents(gap) : null;
}
