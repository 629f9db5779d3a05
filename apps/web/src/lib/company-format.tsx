import * as dates from '@salary/shared/common/date-time';
import * as money from '@salary/shared/common/money';
import {
  type Company,
  type CompanyFormat,
  companySchema,
  DEFAULT_COMPANY_FORMAT,
  formatOf,
} from '@salary/shared/company/company.contract';
import type { BenefitType, MultiplierType } from '@salary/shared/settings/settings.contract';
import * as labels from '@salary/shared/settings/settings-labels';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { SectionLoader } from '../components/section-loader.tsx';
import { apiClient } from './api-client.ts';

/*
 * How the company writes money, numbers and times (Settings → Company): every screen formats
 * through the functions below, which bind the shared formatters (packages/shared common/money
 * and common/date-time) to the company record. The record is read once per session and kept
 * with the app's other queries; `CompanyFormatProvider` holds the signed-in pages until it is
 * there and renders them again, from scratch, when it changes (a save on the Company screen),
 * so no figure keeps the old currency. Outside the provider (the sign-in screen, component
 * tests that do not mount it) the defaults apply: USD, en-US, UTC.
 */

let current: CompanyFormat = DEFAULT_COMPANY_FORMAT;

/**
 * Back to the defaults, as before any company record was read. The component tests run in one
 * module instance per worker and call it after each test, so one test's company never formats
 * the next one's figures.
 */
export function resetCompanyFormat(): void {
  current = DEFAULT_COMPANY_FORMAT;
}

export const companyQueryKey = ['company'] as const;

export async function getCompany(signal?: AbortSignal): Promise<Company> {
  return companySchema.parse((await apiClient.get<unknown>('/company', { signal })).data);
}

export function companyQueryOptions() {
  // The setting changes rarely and only through its own screen, which updates this entry.
  return queryOptions({
    queryKey: companyQueryKey,
    queryFn: ({ signal }) => getCompany(signal),
    staleTime: Infinity,
  });
}

export function useCompany() {
  return useQuery(companyQueryOptions());
}

const keyOf = (f: CompanyFormat) => `${f.currency}|${f.locale}|${f.timeZone}`;

/** The signed-in pages, formatted the company's way; a failed read keeps the defaults. */
export function CompanyFormatProvider({ children }: { children: ReactNode }) {
  const { data, isPending } = useCompany();
  if (isPending) return <SectionLoader />;
  const format = data ? formatOf(data) : DEFAULT_COMPANY_FORMAT;
  // Set while rendering, before any child renders: every formatter below reads it.
  current = format;
  return <Fragment key={keyOf(format)}>{children}</Fragment>;
}

/** How an amount and this moment read in a format not saved yet (the Company screen's sample). */
export const sampleIn = (format: CompanyFormat) =>
  `${money.formatMoney(1234.56, format)} · ${dates.formatDateTime(new Date(), format)}`;

/** The format in force (for the few places that hand it on, such as a chart library). */
export const companyFormat = (): CompanyFormat => current;

/** '$1,234.56', '1.234,56 €'; null → '—'. */
export const formatMoney = (value: number | null | undefined) => money.formatMoney(value, current);
/** A chart axis's short amount: '$12K', '12.000 €'. */
export const formatMoneyCompact = (value: number) => money.formatMoneyCompact(value, current);
/** '$', '€': an amount input's prefix. */
export const currencySymbol = () => money.currencySymbol(current);
/** A moment with its zone: 'Nov 27, 2026, 02:05 PM UTC', '27.11.2026, 14:05 MEZ'. */
export const formatDateTime = (value: string | Date | number) => dates.formatDateTime(value, current);
/** A calendar day: 'Nov 27, 2026'. */
export const formatDay = (value: string | Date | number) => dates.formatDay(value, current);
/** 12,345 / 12.345. */
export const formatCount = (value: number) => dates.formatCount(value, current);
/** A number in the company's locale with the options given (cached per options). */
const numberFormats = new Map<string, Intl.NumberFormat>();
export function numberFormat(options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${current.locale}|${JSON.stringify(options)}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(current.locale, options);
    numberFormats.set(key, f);
  }
  return f;
}
/** 1.5 / 1,5 (at most two decimals). */
export const formatNumber = (value: number) => dates.formatNumber(value, current);
/** '7.5%' / '7,5%'. */
export const formatPercent = (value: number) => labels.formatPercent(value, current);
/** A multiplier's configured value: '7.5%' or '$250.00'. */
export const formatMultiplierValue = (value: number, type: MultiplierType) =>
  labels.formatMultiplierValue(value, type, current);
/** A benefit's amount: '$180.00' or '5% of gross salary'. */
export const formatBenefitAmount = (amount: number, type: BenefitType) =>
  labels.formatBenefitAmount(amount, type, current);
