import { Select } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { asOfFromParams, companyToday, withAsOf } from '../../components/as-of.tsx';

/*
 * What the report covers: a calendar year (`?year=YYYY`; the default is the last complete one,
 * the year the law's reports cover) or a single day (`?view=day`, with `?asOf=` for another day
 * than today). Kept in the address, so a report can be linked to and reloaded.
 */

export type ReportPeriod = { kind: 'year'; year: number } | { kind: 'day'; asOf: string | undefined };

/** How far back the years go (the server prices every day of a year, as back pay does). */
const YEARS_BACK = 10;

export function periodFromParams(params: URLSearchParams, today = companyToday()): ReportPeriod {
  const current = Number(today.slice(0, 4));
  const asOf = asOfFromParams(params, today);
  if (params.get('view') === 'day' || params.has('asOf')) return { kind: 'day', asOf };
  const year = Number(params.get('year'));
  return /^\d{4}$/.test(params.get('year') ?? '') && year <= current && year >= current - YEARS_BACK
    ? { kind: 'year', year }
    : { kind: 'year', year: current - 1 };
}

/** The address's period and a way to change it. */
export function useReportPeriod(): [ReportPeriod, (period: ReportPeriod) => void] {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `search` is the address's content.
  const period = useMemo(() => periodFromParams(params), [search]);
  const setPeriod = useCallback(
    (next: ReportPeriod) =>
      setParams((current) => {
        const out = new URLSearchParams(current);
        out.delete('year');
        out.delete('view');
        out.delete('asOf');
        if (next.kind === 'year') {
          out.set('year', String(next.year));
          return out;
        }
        out.set('view', 'day');
        return withAsOf(out, next.asOf);
      }),
    [setParams],
  );
  return [period, setPeriod];
}

/** "Year 2025", "2026 to date" … ten years back, and "As of a day". */
export function ReportPeriodInput({
  period,
  onChange,
}: {
  period: ReportPeriod;
  onChange(period: ReportPeriod): void;
}) {
  const current = Number(companyToday().slice(0, 4));
  const data = [
    { value: String(current), label: `${current} to date` },
    ...Array.from({ length: YEARS_BACK }, (_, i) => ({
      value: String(current - 1 - i),
      label: `Year ${current - 1 - i}`,
    })),
    { value: 'day', label: 'As of a day' },
  ];
  return (
    <Select
      label="Report"
      description="A calendar year counts everyone employed in it, for their days"
      data={data}
      value={period.kind === 'year' ? String(period.year) : 'day'}
      allowDeselect={false}
      onChange={(value) => {
        if (value === null) return;
        onChange(value === 'day' ? { kind: 'day', asOf: undefined } : { kind: 'year', year: Number(value) });
      }}
    />
  );
}
