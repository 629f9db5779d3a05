import { todayIn } from '@salary/shared/common/calendar-day';
import type { Insights } from '@salary/shared/insights/insights.contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN, asOfPage, fakeDownloads, sendFile, where } from '../../test/as-of-page.tsx';
import { envelope, sendJson } from '../../test/http-test-server.ts';
import InsightsPage from './insights-page.tsx';

/*
 * Pay Overview's As of day: a date field kept in the address (?asOf=), a banner while it is not
 * today with the way back, the figures and the downloads asked as of that day.
 */

const page = asOfPage('/insights', <InsightsPage />);
fakeDownloads();
configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

/** The figures by day: a leaver still counted on 31 March 2026, not today. */
const figuresFor = (asOf: string | null): Insights => ({
  headcount: asOf === '2026-03-31' ? 3 : 2,
  unpriced: 0,
  payroll: asOf === '2026-03-31' ? 9000 : 6000,
  totalCost: undefined,
  averageSalary: 3000,
  medianSalary: 3000,
  grades: [],
  levels: [],
  byGradeLevel: [],
  byJob: [],
  distribution: [],
  byBandPosition: [],
});

function open(query = '') {
  return page.open(
    ADMIN,
    (url, _req, res) => {
      if (url.pathname === '/api/insights')
        return sendJson(res, 200, envelope(figuresFor(url.searchParams.get('asOf'))));
      if (url.pathname.startsWith('/api/insights/export/')) return sendFile(res);
      sendJson(res, 404, { success: false, message: 'Not found', error: 'NOT_FOUND', data: null });
    },
    query,
  );
}

const { asked } = page;
const headcount = () => screen.getByText('Headcount').closest('[data-figure]')!;

describe('Pay Overview as of today', () => {
  it('shows no banner and dates the As of field today', async () => {
    open();
    expect(await screen.findByLabelText('As of')).toHaveValue(todayIn('UTC'));
    await waitFor(() => expect(headcount()).toHaveTextContent('2'));
    expect(screen.queryByTestId('as-of-banner')).not.toBeInTheDocument();
    expect(asked('/api/insights').every((u) => !u.searchParams.has('asOf'))).toBe(true);
  });

  it('picking a day keeps it in the address, asks the figures as of it and shows the banner', async () => {
    open('?gradeId=3');
    fireEvent.change(await screen.findByLabelText('As of'), { target: { value: '2026-03-31' } });
    await waitFor(() => expect(where()).toBe('?gradeId=3&asOf=2026-03-31'));
    await waitFor(() => expect(headcount()).toHaveTextContent('3'));
    const last = asked('/api/insights').at(-1)!;
    expect([last.searchParams.get('asOf'), last.searchParams.get('gradeId')]).toEqual(['2026-03-31', '3']);
    expect(screen.getByTestId('as-of-banner')).toHaveTextContent(
      'Showing pay as of 31 Mar 2026 — Back to today',
    );
  });
});

describe('Pay Overview as of another day', () => {
  it("downloads a chart's data as of that day", async () => {
    open('?asOf=2026-03-31');
    await waitFor(() => expect(headcount()).toHaveTextContent('3'));
    await userEvent.click(screen.getByRole('button', { name: /Headline figures/ }));
    await waitFor(() => expect(asked('/api/insights/export/headline')).toHaveLength(1));
    expect(asked('/api/insights/export/headline')[0]!.searchParams.get('asOf')).toBe('2026-03-31');
  });

  it('Back to today clears the day from the address, the banner and the figures', async () => {
    open('?asOf=2026-03-31');
    const banner = await screen.findByTestId('as-of-banner');
    await userEvent.click(within(banner).getByRole('button', { name: 'Back to today' }));
    await waitFor(() => expect(where()).toBe(''));
    expect(screen.queryByTestId('as-of-banner')).not.toBeInTheDocument();
    await waitFor(() => expect(headcount()).toHaveTextContent('2'));
    expect(screen.getByLabelText('As of')).toHaveValue(todayIn('UTC'));
  });
});
