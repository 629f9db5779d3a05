/**
 * The one module that parses, rounds and formats money. Inside the engine money is an
 * integer number of cents; on the wire it is a JSON number with at most two decimals.
 */

/** Dollars (number or decimal string) → integer cents, rounding half away from zero. */
export function toCents(value: number | string): number {
  const text = typeof value === 'number' ? value.toString() : value.trim();
  if (!/^-?\d+(\.\d+)?(e[-+]?\d+)?$/i.test(text)) throw new RangeError(`Not a money amount: ${text}`);
  if (/e/i.test(text)) return roundHalfAwayFromZero(Number(text) * 100);
  const negative = text.startsWith('-');
  const [whole = '0', frac = ''] = text.replace('-', '').split('.');
  const padded = `${frac}000`;
  let cents = Number(whole) * 100 + Number(padded.slice(0, 2));
  if (Number(padded[2]) >= 5) cents += 1;
  return negative ? -cents : cents;
}

/** Integer cents → dollars as a JSON-safe number with at most two decimals. */
export function fromCents(cents: number): number {
  return Math.round(cents) / 100;
}

export function roundHalfAwayFromZero(x: number): number {
  return Math.sign(x) * Math.round(Math.abs(x));
}

/** True when the number has at most two decimals (as the spec's forms send money). */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Number.isFinite(value) && Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}

const listFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Lists: `$1,234.56` — dollar sign, en-US grouping, exactly two decimals. */
export function formatMoney(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return listFormat.format(value);
}
