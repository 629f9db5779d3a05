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
