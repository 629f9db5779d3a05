import { z } from 'zod';
import type { DateTimeFormat } from '../common/date-time.ts';
import { plainText, requiredText } from '../common/fields.ts';
import type { MoneyFormat } from '../common/money.ts';
import { versionField } from '../common/stale-version.ts';
import { weeklyHoursRule } from '../employees/fields/hours.ts';

/*
 * The company: its name, the currency its money is in, the locale its numbers and dates are
 * written in and the time zone its times are shown in. One record; every signed-in user reads
 * it (none of it is confidential, and every screen formats with it); admins and manageSettings
 * change it, with the optimistic `version` of the other settings.
 *
 * Money is kept in cents everywhere (two decimals on the wire), so only currencies with two
 * minor digits are offered: JPY (none) or KWD (three) would show amounts the app cannot hold.
 */

/** The locales offered on the Company screen; any other valid BCP 47 tag is accepted too. */
export const COMMON_LOCALES = [
  { value: 'en-US', label: 'English (United States)' },
  { value: 'en-GB', label: 'English (United Kingdom)' },
  { value: 'de-DE', label: 'German (Germany)' },
  { value: 'fr-FR', label: 'French (France)' },
  { value: 'nl-NL', label: 'Dutch (Netherlands)' },
  { value: 'es-ES', label: 'Spanish (Spain)' },
  { value: 'it-IT', label: 'Italian (Italy)' },
  { value: 'pl-PL', label: 'Polish (Poland)' },
  { value: 'sv-SE', label: 'Swedish (Sweden)' },
] as const;

/** ISO 4217 codes this runtime knows whose amounts have exactly two decimals. */
export function twoDecimalCurrencies(): string[] {
  return Intl.supportedValuesOf('currency').filter(
    (code) =>
      new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
        .maximumFractionDigits === 2,
  );
}

let currencies: Set<string> | undefined;
const isTwoDecimalCurrency = (code: string) => {
  currencies ??= new Set(twoDecimalCurrencies());
  return currencies.has(code);
};

/** A well-formed BCP 47 tag that the runtime formats numbers and dates in. */
export function isSupportedLocale(tag: string): boolean {
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    return canonical !== undefined && Intl.NumberFormat.supportedLocalesOf([canonical]).length === 1;
  } catch {
    return false;
  }
}

/** The IANA name as the runtime spells it ('europe/berlin' → 'Europe/Berlin'), or undefined. */
export function canonicalTimeZone(name: string): string | undefined {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

export const CURRENCY_MESSAGE =
  'Currency must be an ISO 4217 code with two decimals, such as USD, EUR or GBP (amounts are kept in cents)';
export const LOCALE_MESSAGE = 'Number and date format must be a language tag such as en-US or de-DE';
export const TIME_ZONE_MESSAGE = 'Time zone must be an IANA time zone name such as Europe/Berlin or UTC';

export const currencyField = plainText('Currency')
  .trim()
  .toUpperCase()
  .min(1, 'Currency is required')
  .refine((v) => v.length === 0 || (/^[A-Z]{3}$/.test(v) && isTwoDecimalCurrency(v)), CURRENCY_MESSAGE);

export const localeField = plainText('Number and date format')
  .trim()
  .min(1, 'Number and date format is required')
  .max(35, LOCALE_MESSAGE)
  .refine((v) => v.length === 0 || isSupportedLocale(v), LOCALE_MESSAGE)
  .transform((v) => (isSupportedLocale(v) ? Intl.getCanonicalLocales(v)[0]! : v));

export const timeZoneField = plainText('Time zone')
  .trim()
  .min(1, 'Time zone is required')
  .max(64, TIME_ZONE_MESSAGE)
  .refine((v) => v.length === 0 || canonicalTimeZone(v) !== undefined, TIME_ZONE_MESSAGE)
  .transform((v) => canonicalTimeZone(v) ?? v);

export const STANDARD_WEEKLY_HOURS_LABEL = 'Standard weekly hours';
/** The hours a new employee takes when none are given, until the company says otherwise. */
export const DEFAULT_WEEKLY_HOURS = 40;

/** The employees' own weekly hours' rule: the standard is what a new employee takes. */
export const standardWeeklyHoursField = weeklyHoursRule(STANDARD_WEEKLY_HOURS_LABEL);

/** PUT /api/company: the whole record; `version` as read (absent: the last save wins). */
export const updateCompanyBody = z
  .object({
    companyName: requiredText('Company name', 200),
    currency: currencyField,
    locale: localeField,
    timeZone: timeZoneField,
    /** Absent: keeps the stored hours (clients from before the field existed). */
    standardWeeklyHours: standardWeeklyHoursField,
    version: versionField,
  })
  .describe('The company record: name, currency, number and date format, time zone');
export type UpdateCompanyInput = z.infer<typeof updateCompanyBody>;
/** The form's values before validation. */
export type CompanyFormValues = z.input<typeof updateCompanyBody>;

export const companySchema = z
  .object({
    /** The name the statement and reports show; null when neither saved nor set by COMPANY_NAME. */
    companyName: z.string().nullable(),
    currency: z.string().describe('ISO 4217 code (two decimals)'),
    locale: z.string().describe('BCP 47 tag of number and date formats'),
    timeZone: z.string().describe('IANA time zone of the times shown'),
    standardWeeklyHours: z
      .number()
      .default(DEFAULT_WEEKLY_HOURS)
      .describe("Contracted hours a week of a new employee whose hours are not given (hourly pay's divisor)"),
    version: z.number().int(),
    updatedAt: z.string().nullable().describe('When it was last saved (ISO 8601); null: never'),
  })
  .describe('The company record');
export type Company = z.infer<typeof companySchema>;

/** What the formatters need of the record. */
export type CompanyFormat = MoneyFormat & DateTimeFormat;

export const DEFAULT_COMPANY_FORMAT: CompanyFormat = { currency: 'USD', locale: 'en-US', timeZone: 'UTC' };

export const formatOf = (c: Pick<Company, 'currency' | 'locale' | 'timeZone'>): CompanyFormat => ({
  currency: c.currency,
  locale: c.locale,
  timeZone: c.timeZone,
});

/** The save's labels as the Company screen shows them (audit texts, stale messages). */
export const COMPANY_FIELD_LABELS: Record<string, string> = {
  companyName: 'Company name',
  currency: 'Currency',
  locale: 'Number and date format',
  timeZone: 'Time zone',
  standardWeeklyHours: STANDARD_WEEKLY_HOURS_LABEL,
};

export const STALE_COMPANY_MESSAGE =
  'The company settings were changed by someone else. Reload and try again.';
