import type { Insights } from '@salary/shared/insights/insights.contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN, asOfPage, fakeDownloads, sendFile } from '../../test/as-of-page.tsx';
import { envelope, sendJson } from '../../test/http-test-server.ts';
import InsightsPage from './insights-page.tsx';

/* Pay Overview's "Position in salary band": per grade, below / in / above, with its data table and download. */

const page = asOfPage('/insights', <InsightsPage />);
fakeDownloads();
configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ testTimeout: 30_000 });

const figures = (byBandPosition: Insights['byBandPosition']): Insights => ({
  headcount: 7,
  unpriced: 0,
  payroll: 35000,
  averageSalary: 5000,
  medianSalary: 5000,
  grades: [],
  levels: [],
  byGradeLevel: [],
  byJob: [],
  distribution: [],
  byBandPosition,
});

function open(answer: Insights) {
  return page.open(ADMIN, (url, _req, res) => {
    if (url.pathname === '/api/insights') return sendJson(res, 200, envelope(answer));
    if (url.pathname.startsWith('/api/insights/export/')) return sendFile(res);
    sendJson(res, 404, { success: false, message: 'Not found', error: 'NOT_FOUND', data: null });
  });
}

describe('Position in salary band', () => {
  it('lists each grade’s employees below, in and above band, and downloads them', async () => {
    open(
      figures([
        { gradeId: 1, grade: 'Junior', below: 1, inside: 3, above: 0 },
        { gradeId: 2, grade: 'Senior', below: 0, inside: 2, above: 1 },
      ]),
    );
    const heading = await screen.findByRole('heading', { name: 'Position in salary band' });
    const section = heading.closest('section') ?? document.body;
    const table = within(section as HTMLElement).getByRole('table', { hidden: true });
    const rows = within(table)
      .getAllByRole('row', { hidden: true })
      .map((r) => r.textContent);
    expect(rows).toEqual(['GradeBelow bandIn bandAbove band', 'Junior130', 'Senior021']);
    await userEvent.click(screen.getByRole('button', { name: 'Download .xlsx: Position in salary band' }));
    await waitFor(() => expect(page.asked('/api/insights/export/band-position')).toHaveLength(1));
  });

  it('is left out when nobody has a band to stand in', async () => {
    open(figures([]));
    await screen.findByText('Headcount');
    expect(screen.queryByRole('heading', { name: 'Position in salary band' })).not.toBeInTheDocument();
  });
});
