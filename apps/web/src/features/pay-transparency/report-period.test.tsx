import type { PayReport } from '@salary/shared/pay-transparency/pay-transparency.contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render-app.tsx';
import { HeadlineCards } from './headline-cards.tsx';
import { PayDefinitions } from './pay-definitions.tsx';
import { periodFromParams } from './report-period.tsx';
import { YearSummary } from './year-summary.tsx';

/*
 * The report covers a calendar year unless a day is asked for: the last complete year by
 * default (the year the law's reports cover), kept in the address; its screen says which days
 * it counts, which report is due next, and that its pay is annual and hourly.
 */

const TODAY = '2026-11-27';
const at = (search: string) => periodFromParams(new URLSearchParams(search), TODAY);

describe('the report period in the address', () => {
  it('is the last complete year by default, a year when named, a day when asked', () => {
    expect(at('')).toEqual({ kind: 'year', year: 2025 });
    expect(at('year=2026')).toEqual({ kind: 'year', year: 2026 });
    expect(at('year=2019')).toEqual({ kind: 'year', year: 2019 });
    expect(at('view=day')).toEqual({ kind: 'day', asOf: undefined });
    expect(at('asOf=2026-03-31')).toEqual({ kind: 'day', asOf: '2026-03-31' });
  });

  it('falls back to the last complete year for a year it cannot show', () => {
    for (const year of ['2027', '2015', '20x5', ''])
      expect(at(`year=${year}`)).toEqual({ kind: 'year', year: 2025 });
  });
});

const comparison = (gap: number) => ({ female: 1000, male: 1100, gap, tooFew: false });
const report = {
  meanPay: comparison(9.1),
  medianPay: comparison(9.1),
  meanComplementary: comparison(0),
  medianComplementary: comparison(0),
  complementaryShare: { female: 50, male: 50, tooFew: false },
  hourly: {
    meanPay: comparison(-3.2),
    medianPay: comparison(-3.2),
    meanComplementary: comparison(0),
    medianComplementary: comparison(0),
  },
  period: { year: 2025, from: '2025-01-01', to: '2025-12-31', toDate: false, joined: 4, left: 2 },
  reportDuty: {
    headcount: 198,
    countedOn: '2025-12-31',
    every: 'three years',
    next: { year: 2026, dueBy: '2027-06-07' },
    text: '',
  },
} as unknown as PayReport;

describe('a year on screen', () => {
  it('says which days it counts, who joined and left, and which report is due by when', () => {
    renderWithProviders(<YearSummary report={report} />);
    const summary = screen.getByTestId('year-summary');
    expect(summary).toHaveTextContent('Year 2025');
    expect(summary).toHaveTextContent(
      'Jan 1, 2025 to Dec 31, 2025: everyone employed on at least one of these days',
    );
    expect(summary).toHaveTextContent('(4 joined, 2 left)');
    expect(screen.getByTestId('report-duty')).toHaveTextContent(
      '198 employed on Dec 31, 2025: a report every three years. Next: the report for 2026, due by Jun 7, 2027.',
    );
  });

  it('shows the annual and the hourly gaps apart, each saying what it is per', () => {
    renderWithProviders(
      <>
        <HeadlineCards report={report} basis="year" />
        <HeadlineCards report={report} basis="hour" figures={report.hourly} />
      </>,
    );
    const annual = screen.getByRole('region', { name: '(a) Mean pay gap, annual' });
    expect(within(annual).getByTestId('headline-value')).toHaveTextContent('9.1%');
    expect(within(annual).getByText('Pay: gross salary + benefits, in the year')).toBeInTheDocument();
    const hourly = screen.getByRole('region', { name: '(a) Mean pay gap, hourly' });
    expect(within(hourly).getByTestId('headline-value')).toHaveTextContent('-3.2%');
    expect(within(hourly).getByText('Pay: gross salary + benefits, per hour worked')).toBeInTheDocument();
  });

  it('defines annual and hourly pay instead of a month’s', () => {
    renderWithProviders(<PayDefinitions year />);
    const box = screen.getByRole('region', { name: 'What the figures contain' });
    expect(box).toHaveTextContent('Annual pay = gross salary + benefits (pay in kind) over the year');
    expect(box).toHaveTextContent('Hourly pay = annual pay ÷ the contracted hours of those days');
    expect(box).not.toHaveTextContent('per month');
  });
});
