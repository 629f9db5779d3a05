/**
 * The one module that parses, rounds and formats money. Money is an integer number of cents
 * (`Cents`) in the database, the repositories, the services and the salary engine; on the wire
 * (the API, the web app's forms) it is a JSON number with at most two decimals, the "decimal".
 * The conversions between the two live here and nowhere else.
 */

declare const CENTS: unique symbol;

/** An amount of money as a whole number of cents. Only the functions below make one. */
export type Cents = number & { readonly [CENTS]: 'Cents' };

/**
 * A whole number of cents, as the database's bigint money columns and integer arithmetic give
 * it. Anything that is not a safe integer is refused (a fraction of a cent is not money here).
 */
export function asCents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number of cents: ${value}`);
  // Normalise -0 so no answer ever shows "-0".
  return (value === 0 ? 0 : value) as Cents;
}

/** Integer cents → the API's decimal: a JSON-safe number with at most two decimals. */
export function fromCents(cents: Cents): number {
  return cents / 100;
}

/**
 * The API's decimal (a number with at most two decimals, or a decimal text) → integer cents,
 * exactly: 12.34 is 1234, never 1233.99… A number is scaled and rounded, then checked: the
 * cents must give back the number (or be within float noise of its × 100, as 0.1 + 0.2 is),
 * so a real third decimal is refused (a RangeError), never guessed at. Round first with
 * `roundToCents` where more decimals can come in (a spreadsheet's cell).
 */
export function toCents(value: number | string): Cents {
  return asCents(scaledExactly(value, 2, 'a money amount'));
}

/**
 * `value × 10^decimals` as an integer, exactly, for a decimal with at most `decimals` places
 * (a number or a decimal text such as numeric's); anything else is a RangeError.
 */
function scaledExactly(value: number | string, decimals: number, what: string): number {
  const scale = 10 ** decimals;
  if (typeof value === 'string') {
    const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(value.trim());
    if (!match) throw new RangeError(`Not ${what}: ${value}`);
    const [, sign, whole = '', frac = ''] = match;
    if (/[1-9]/.test(frac.slice(decimals))) throw new RangeError(`More than ${decimals} decimals: ${value}`);
    const n =
      (sign ? -1 : 1) * (Number(whole) * scale + Number(frac.padEnd(decimals, '0').slice(0, decimals)));
    if (!Number.isSafeInteger(n)) throw new RangeError(`Not ${what}: ${value}`);
    return n === 0 ? 0 : n;
  }
  if (!Number.isFinite(value)) throw new RangeError(`Not ${what}: ${value}`);
  const scaled = value * scale;
  const n = Math.round(scaled);
  if (n / scale !== value && Math.abs(scaled - n) > 1e-6) {
    throw new RangeError(`More than ${decimals} decimals: ${value}`);
  }
  if (!Number.isSafeInteger(n)) throw new RangeError(`Not ${what}: ${value}`);
  return n === 0 ? 0 : n;
}

declare const BASIS_POINTS: unique symbol;

/**
 * A percentage as a whole number of basis points, hundredths of a percent (1/10,000 of the
 * whole): 2.5% is 250, an adjustment fraction 0.1525 (+15.25%) is 1525. Only the functions
 * below make one.
 */
export type BasisPoints = number & { readonly [BASIS_POINTS]: 'BasisPoints' };

/** A whole number of basis points, as stored or computed; anything else is refused. */
export function asBasisPoints(value: number): BasisPoints {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number of basis points: ${value}`);
  return (value === 0 ? 0 : value) as BasisPoints;
}

/** The API's percent (at most two decimals: 2.5 means 2.5%) → basis points (250), exactly. */
export function percentToBasisPoints(value: number | string): BasisPoints {
  return scaledExactly(value, 2, 'a percentage') as BasisPoints;
}

/** Basis points → the API's percent (250 → 2.5). */
export function basisPointsToPercent(bp: BasisPoints): number {
  return bp / 100;
}

/** The API's fraction (at most four decimals: 0.1525 means +15.25%) → basis points (1525). */
export function fractionToBasisPoints(value: number | string): BasisPoints {
  return scaledExactly(value, 4, 'a fraction') as BasisPoints;
}

/** Basis points → the API's fraction (1525 → 0.1525). */
export function basisPointsToFraction(bp: BasisPoints): number {
  return bp / 10_000;
}

/**
 * The screen's percent (12.5) as the API's fraction (0.125), rounded to a basis point: the
 * adjustment factor form's conversion.
 */
export function percentToFraction(percent: number): number {
  return Math.round(percent * 100) / 10_000;
}

/** The API's fraction (0.125) as the percent a screen shows (12.5), rounded to a basis point. */
export function fractionToPercent(fraction: number): number {
  return Math.round(fraction * 10_000) / 100;
}

/** True when the number has at most four decimals (a fraction in basis points). */
export function hasAtMostFourDecimals(value: number): boolean {
  return Number.isFinite(value) && Math.abs(Math.round(value * 10_000) - value * 10_000) < 1e-6;
}

/** 100 minus a percent, in basis points, so 100 − 66.67 is 33.33 and not 33.329999999999998. */
export function remainingPercent(percent: number): number {
  return (10_000 - Math.round(percent * 100)) / 100;
}

/** A change as a percent of what it was, two decimals; null when it was zero. */
export function changeInPercent(delta: number, before: number): number | null {
  return before === 0 ? null : Math.round((delta / before) * 10_000) / 100;
}

declare const PARTS_PER_MILLION: unique symbol;

/**
 * A ratio the engine reports, not one it takes: a whole number of millionths of the whole
 * (a FIXED adjustment as a fraction of base to six decimals, a multiplier's effect in percent
 * to four decimals).
 */
export type PartsPerMillion = number & { readonly [PARTS_PER_MILLION]: 'PartsPerMillion' };

/** Millionths → the API's fraction (150000 → 0.15). */
export function ppmToFraction(ppm: PartsPerMillion): number {
  return ppm / 1_000_000;
}

/** Millionths → the API's percent (75000 → 7.5). */
export function ppmToPercent(ppm: PartsPerMillion): number {
  return ppm / 10_000;
}

/**
 * The integer a rule value is kept in (stored, and handed to the salary engine): cents for a
 * FIXED / FIXED_AMOUNT amount, basis points for a PERCENTAGE percent. Both are the API's
 * decimal × 100, so a stored value's scale is fixed by its type alone.
 */
export type RuleUnits = Cents | BasisPoints;

/** The API's multiplier or benefit value (percent or amount, by type) → its units, exactly. */
export function toRuleUnits(value: number | string, type: string): RuleUnits {
  return type === 'PERCENTAGE' ? percentToBasisPoints(value) : toCents(value);
}

/** A multiplier's or benefit's units → the API's decimal (percent or amount, by type). */
export function fromRuleUnits(units: RuleUnits, type: string): number {
  return type === 'PERCENTAGE' ? basisPointsToPercent(units as BasisPoints) : fromCents(units as Cents);
}

/**
 * An adjustment factor's units: basis points of base for PERCENTAGE (the API's fraction × 10,000),
 * cents for FIXED.
 */
export function toFactorUnits(value: number | string, type: string): RuleUnits {
  return type === 'PERCENTAGE' ? fractionToBasisPoints(value) : toCents(value);
}

/** An adjustment factor's units → the API's fraction or amount. */
export function fromFactorUnits(units: RuleUnits, type: string): number {
  return type === 'PERCENTAGE' ? basisPointsToFraction(units as BasisPoints) : fromCents(units as Cents);
}

/**
 * Any finite number → the nearest whole cent, half away from zero (2.345 → 235 cents, as the
 * decimal reads, not as the double stores it). For figures that may carry more than two
 * decimals: a spreadsheet's cell, a value typed into a form.
 */
export function roundToCents(value: number): Cents {
  const text = decimalText(value);
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) throw new RangeError(`Not a money amount: ${text}`);
  const [, sign, whole = '', frac = ''] = match;
  const padded = frac.padEnd(3, '0');
  let cents = Number(whole) * 100 + Number(padded.slice(0, 2));
  if (Number(padded[2]) >= 5) cents += 1;
  return asCents(sign ? -cents : cents);
}

/**
 * Any finite number rounded to two decimals the way `roundToCents` rounds: for the figures kept
 * in hundredths that are not money (years of experience), as a spreadsheet's binary float
 * (2.1 → 2.0999999999999996) is brought back.
 */
export function roundToTwoDecimals(value: number): number {
  return roundToCents(value) / 100;
}

/** The decimal text of a finite number, without an exponent (1e-7 → '0.0000001'). */
function decimalText(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not a money amount: ${value}`);
  const text = value.toString();
  if (!/e/i.test(text)) return text;
  // Beyond 1e21 a double has no cents to keep; below 1e-7 it rounds to 0 cents either way.
  return Math.abs(value) >= 1e21 ? text : value.toFixed(20).replace(/\.?0+$/, '');
}

/** The sum of some amounts, in cents. */
export function sumCents(values: Iterable<Cents>): Cents {
  let total = 0;
  for (const v of values) total += v;
  return asCents(total);
}

/** True when the number has at most two decimals (as the forms send money): `toCents` takes it. */
export function hasAtMostTwoDecimals(value: number): boolean {
  if (!Number.isFinite(value)) return false;
  return Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}

/**
 * How money reads in this company: an ISO 4217 currency with two minor digits (money is kept
 * in cents) and the BCP 47 locale of its digits. The company settings record holds them; every
 * screen, export and text formats through the functions below with it.
 */
export interface MoneyFormat {
  currency: string;
  locale: string;
}

/** A fresh install: US dollars, en-US digits ("$1,234.56"). */
export const DEFAULT_MONEY_FORMAT: MoneyFormat = { currency: 'USD', locale: 'en-US' };

const formats = new Map<string, Intl.NumberFormat>();

/** One Intl formatter per (locale, currency, options), built once: a list formats thousands. */
function numberFormat(format: MoneyFormat, compact: boolean): Intl.NumberFormat {
  const key = `${format.locale}|${format.currency}|${compact}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(
      format.locale,
      compact
        ? { style: 'currency', currency: format.currency, notation: 'compact', maximumFractionDigits: 1 }
        : {
            style: 'currency',
            currency: format.currency,
            minimumFractionDigits: 2,
            maximumFractionDigits: 2,
          },
    );
    formats.set(key, f);
  }
  return f;
}

/** An amount in the company's currency, always two decimals: '$1,234.56', '1.234,56 €'; null → '—'. */
export function formatMoney(value: number | null | undefined, format: MoneyFormat): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return numberFormat(format, false).format(value);
}

/** With the ISO code instead of the symbol ('1.234,56 PLN'): for writers without the symbol's glyphs. */
export function formatMoneyWithCode(value: number, format: MoneyFormat): string {
  const key = `${format.locale}|${format.currency}|code`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(format.locale, {
      style: 'currency',
      currency: format.currency,
      currencyDisplay: 'code',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formats.set(key, f);
  }
  return f.format(value);
}

/** A chart axis's short amount: '$12K', '12.000 €' → '12 Tsd. €'. */
export function formatMoneyCompact(value: number, format: MoneyFormat): string {
  return numberFormat(format, true).format(value);
}

/** The currency's symbol as the locale writes it ('$', '€', 'CHF'), for an input's prefix. */
export function currencySymbol(format: MoneyFormat): string {
  return (
    numberFormat(format, false)
      .formatToParts(0)
      .find((p) => p.type === 'currency')?.value ?? format.currency
  );
}

/**
 * The spreadsheet number format of an amount in the currency: the symbol on the side the
 * locale puts it ('"$"#,##0.00', '#,##0.00 "€"'). Excel shows the digits' separators in the
 * reader's own settings; the symbol is part of the format, so the cell stays a number.
 */
export function excelMoneyFormat(format: MoneyFormat): string {
  const parts = numberFormat(format, false).formatToParts(1);
  const at = parts.findIndex((p) => p.type === 'currency');
  const symbol = `"${(parts[at]?.value ?? format.currency).replace(/"/g, '')}"`;
  const first = parts.findIndex((p) => p.type === 'integer');
  const spaced = parts.some((p) => p.type === 'literal' && /\s/.test(p.value));
  const gap = spaced ? ' ' : '';
  return at < first ? `${symbol}${gap}#,##0.00` : `#,##0.00${gap}${symbol}`;
}
