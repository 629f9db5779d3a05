import { COMMON_LOCALES, twoDecimalCurrencies } from '@salary/shared/company/company.contract';

/*
 * The choices of the Company screen: every currency with two decimals by code and name, the
 * common locales (and the saved one when it is not among them), every IANA time zone.
 */

export interface Option {
  value: string;
  label: string;
}

export function currencyOptions(): Option[] {
  const names = new Intl.DisplayNames(['en'], { type: 'currency' });
  return twoDecimalCurrencies().map((code) => ({
    value: code,
    label: `${code} — ${names.of(code) ?? code}`,
  }));
}

export function localeOptions(saved: string): Option[] {
  const list: Option[] = COMMON_LOCALES.map((l) => ({ value: l.value, label: `${l.label} — ${l.value}` }));
  if (!list.some((o) => o.value === saved)) list.push({ value: saved, label: saved });
  return list;
}

export function timeZoneOptions(saved: string): Option[] {
  const zones = new Set(['UTC', ...Intl.supportedValuesOf('timeZone'), saved]);
  return [...zones].map((z) => ({ value: z, label: z.replace(/_/g, ' ') }));
}
