/**
 * The input domain of the engine. Anything outside it is rejected with INVALID_INPUT rather than
 * guessed at, so request/import validation (packages/shared) should use the same bounds.
 * The bounds also keep every intermediate total a safe integer number of cents.
 */

/** Largest absolute dollar amount accepted for any money input (base, fixed factor/multiplier/benefit). */
export const MAX_MONEY = 1_000_000_000;

/** Largest number of years (experience or with the company). */
export const MAX_YEARS = 100;

/** Percentage multipliers (six base and custom) are -100..100 percent. */
export const MAX_PERCENT = 100;

/** A PERCENTAGE adjustment factor is a fraction -1..1. */
export const MAX_FACTOR = 1;

/** Decimal places accepted: money, percents and years 2; adjustment fractions 4. */
export const MONEY_DECIMALS = 2;
export const PERCENT_DECIMALS = 2;
export const YEARS_DECIMALS = 2;
export const FACTOR_DECIMALS = 4;
