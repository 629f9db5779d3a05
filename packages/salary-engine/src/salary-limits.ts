/**
 * The input domain of the engine, in the integer units it takes. Anything outside it is
 * rejected with INVALID_INPUT rather than guessed at; request and import validation
 * (packages/shared) use the same bounds in the API's decimals. The bounds also keep every
 * intermediate total a safe integer number of cents.
 */

/** Largest absolute money input in cents (base, fixed factor/multiplier/benefit): 1,000,000,000.00. */
export const MAX_MONEY_CENTS = 100_000_000_000;

/** Largest number of years (experience or with the company). */
export const MAX_YEARS = 100;

/** Percentage multipliers (six base and custom) are -100..100 percent: ±10,000 basis points. */
export const MAX_PERCENT_BP = 10_000;

/** A PERCENTAGE adjustment factor is a fraction -1..1: ±10,000 basis points. */
export const MAX_FACTOR_BP = 10_000;

/** Years are the one decimal input: at most 2 decimals, kept in hundredths of a year. */
export const YEARS_DECIMALS = 2;
