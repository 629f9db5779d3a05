import type { PostingRange } from '@salary/shared/pay-transparency/posting-range.contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CompanyFormatProvider } from '../../lib/company-format.tsx';
import { newUser } from '../../test/fixtures.ts';
import { envelope, sendJson, setPageUrl, testServerForFile } from '../../test/http-test-server.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { serveSignedIn } from '../../test/sign-in.ts';
import PostingRangePage from './posting-range-page.tsx';

/*
 * The posting range screen: the role and levels picked, the range asked for (the day only when
 * it is not today), the sentence shown to copy, each level's figures or why it has none, the
 * PDF asked for with the same query, and the server's refusal shown as it says it.
 */

const server = testServerForFile();
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

const lists: Record<string, unknown[]> = {
  '/api/jobs': [{ id: 1, name: 'Backend', _count: { positions: 1 }, version: 1 }],
  '/api/positions': [
    { id: 11, name: 'API Developer', jobId: 1, job: { id: 1, name: 'Backend' }, version: 1 },
  ],
  '/api/grades': [{ id: 21, name: 'Senior', order: 1, version: 1 }],
  '/api/levels': [
    { id: 31, name: 'L1', order: 1, version: 1 },
    { id: 32, name: 'L2', order: 2, version: 1 },
  ],
};

const RANGE: PostingRange = {
  job: { id: 1, name: 'Backend' },
  position: { id: 11, name: 'API Developer' },
  grade: { id: 21, name: 'Senior' },
  levels: [
    { id: 31, name: 'L1', monthly: 4200, annual: 50400, note: null },
    {
      id: 32,
      name: 'L2',
      monthly: null,
      annual: null,
      note: 'No base salary for this grade and level on this day',
    },
  ],
  monthly: { min: 4200, max: 4200 },
  annual: { min: 50400, max: 50400 },
  currency: 'EUR',
  locale: 'en-GB',
  asOf: '2027-01-01',
  text: 'Backend — API Developer, Senior: €4,200.00 per month (€50,400.00 per year), as of 1 Jan 2027.',
};

function open(answer: (query: URLSearchParams) => [number, unknown]) {
  serveSignedIn(server, newUser({ permissions: { showSettings: true } }), (req, res) => {
    const url = new URL(req.path, server.origin);
    if (url.pathname === '/api/company')
      return sendJson(
        res,
        200,
        envelope({
          companyName: 'Acme',
          currency: 'EUR',
          locale: 'en-GB',
          timeZone: 'UTC',
          version: 1,
          updatedAt: null,
        }),
      );
    if (url.pathname === '/api/pay-transparency/posting-range') {
      const [status, body] = answer(url.searchParams);
      return sendJson(res, status, body);
    }
    if (url.pathname === '/api/pay-transparency/posting-range.pdf') {
      res.writeHead(200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': 'attachment; filename="posting_pay_range.pdf"',
      });
      return res.end('%PDF-1.3');
    }
    sendJson(res, 200, envelope(lists[url.pathname] ?? []));
  });
  return renderWithProviders(
    <CompanyFormatProvider>
      <PostingRangePage />
    </CompanyFormatProvider>,
    { route: '/pay-transparency/posting-range' },
  );
}

async function pick(label: RegExp, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  // jsdom runs no layout, so Mantine's dropdown never counts as visible: find the option regardless.
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

async function chooseRole() {
  await screen.findByPlaceholderText('Select a job', {}, { timeout: 30_000 });
  await waitFor(() => expect(server.requests.some((r) => r.path === '/api/levels')).toBe(true));
  await pick(/^Job/, 'Backend');
  await pick(/^Position/, 'API Developer');
  await pick(/^Grade/, 'Senior');
  await pick(/^Levels/, 'L1');
  await pick(/^Levels/, 'L2');
}

const rangeQueries = () =>
  server.requests
    .filter((r) => r.path.startsWith('/api/pay-transparency/posting-range?'))
    .map((r) => new URL(r.path, server.origin).searchParams);

beforeEach(() => {
  setPageUrl(`${server.origin}/pay-transparency/posting-range`);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  URL.createObjectURL = vi.fn(() => 'blob:posting');
  URL.revokeObjectURL = vi.fn();
});

describe('Pay range for a job posting', () => {
  it('asks for the range once the role and levels are chosen, and shows the text to copy and each level', async () => {
    open(() => [200, envelope(RANGE)]);
    expect(await screen.findByRole('heading', { name: 'Pay range for a job posting' })).toBeInTheDocument();
    expect(screen.getByTestId('posting-range-hint')).toHaveTextContent('Choose a job, a position');
    await chooseRole();

    expect(await screen.findByRole('region', { name: 'Text for the posting' })).toHaveTextContent(RANGE.text);
    const last = rangeQueries().at(-1)!;
    expect(Object.fromEntries(last)).toEqual({
      jobId: '1',
      positionId: '11',
      gradeId: '21',
      levelIds: '31,32',
    });
    const table = screen.getByRole('table');
    expect(within(table).getByRole('row', { name: /L1/ })).toHaveTextContent('L1€4,200.00€50,400.00');
    expect(within(table).getByRole('row', { name: /L2/ })).toHaveTextContent(
      'No base salary for this grade and level on this day',
    );
    expect(screen.getByRole('button', { name: 'Copy text' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() =>
      expect(server.requests.some((r) => r.path.startsWith('/api/pay-transparency/posting-range.pdf?'))).toBe(
        true,
      ),
    );
    const pdf = server.requests.find((r) => r.path.startsWith('/api/pay-transparency/posting-range.pdf?'))!;
    expect(new URL(pdf.path, server.origin).searchParams.get('levelIds')).toBe('31,32');
  });

  it('sends the As of day when it is not today', async () => {
    open(() => [200, envelope(RANGE)]);
    await chooseRole();
    await screen.findByRole('region', { name: 'Text for the posting' });
    fireEvent.change(screen.getByLabelText('As of'), { target: { value: '2027-01-01' } });
    await waitFor(() => expect(rangeQueries().at(-1)!.get('asOf')).toBe('2027-01-01'));
  });

  it("shows the server's refusal as it says it", async () => {
    open(() => [
      400,
      {
        success: false,
        message: 'Position does not belong to the selected job',
        error: 'VALIDATION_ERROR',
        data: { fields: [{ field: 'positionId', message: 'Position does not belong to the selected job' }] },
      },
    ]);
    await chooseRole();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Position does not belong to the selected job',
    );
  });
});
