import { DEFAULT_SETTINGS_VALUES } from '@salary/shared/settings/settings.contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { newUser } from '../../test/fixtures.ts';
import { badGateway, envelope, type Handler, quietErrorLog, sendJson } from '../../test/http-test-server.ts';
import { signedInPage } from '../../test/sign-in.ts';
import CalculatorPage from './calculator-page.tsx';

const page = signedInPage('/calculator');
const { server } = page;
quietErrorLog();

const WAIT = { timeout: 10_000 };
const settings = {
  ...DEFAULT_SETTINGS_VALUES,
  socialInsuranceEnabled: false,
  version: 1,
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** A signed-in user with showSalary; `answer` handles everything but the session check. */
function open(answer: Handler) {
  return page.open(newUser({ permissions: { showSalary: true } }), <CalculatorPage />, answer);
}

describe('CalculatorPage loading its lists', { timeout: 30_000 }, () => {
  it("says 'Error loading form data' when the lists cannot be read", async () => {
    open((req, res) => (req.path === '/api/jobs' ? badGateway(req, res) : sendJson(res, 200, envelope([]))));
    expect(await screen.findByText('Error loading form data', {}, WAIT)).toBeInTheDocument();
  });

  it("says 'Error loading positions' when the chosen job's positions cannot be read", async () => {
    open((req, res) => {
      if (req.path === '/api/jobs')
        return sendJson(res, 200, envelope([{ id: 1, name: 'Data', _count: { positions: 1 }, version: 1 }]));
      if (req.path === '/api/settings') return sendJson(res, 200, envelope(settings));
      if (req.path.startsWith('/api/positions')) return badGateway(req, res);
      sendJson(res, 200, envelope([]));
    });
    // Once the jobs are in, the select stops saying 'Loading…'.
    await screen.findByPlaceholderText('Select a job', {}, WAIT);
    await userEvent.click(screen.getByRole('combobox', { name: /^Job/ }));
    // jsdom runs no layout, so Mantine's dropdown never counts as visible: find the option regardless.
    await userEvent.click(await screen.findByRole('option', { name: 'Data', hidden: true }, WAIT));
    expect(await screen.findByText('Error loading positions', {}, WAIT)).toBeInTheDocument();
    expect(server.requests.some((r) => r.path === '/api/positions?jobId=1')).toBe(true);
  });
});

describe('CalculatorPage checking its form', { timeout: 60_000 }, () => {
  // The page's first paint waits for its lists: slow on a busy machine.
  const FIRST_PAINT = { timeout: 30_000 };
  const jobs = [
    { id: 1, name: 'Data', _count: { positions: 1 }, version: 1 },
    { id: 2, name: 'Design', _count: { positions: 1 }, version: 1 },
  ];
  const positions = [
    { id: 11, name: 'Analyst', jobId: 1, job: { id: 1, name: 'Data' }, version: 1 },
    { id: 12, name: 'Illustrator', jobId: 2, job: { id: 2, name: 'Design' }, version: 1 },
  ];
  const openWithLists = () =>
    open((req, res) => {
      const url = new URL(req.path, server.origin);
      if (url.pathname === '/api/jobs') return sendJson(res, 200, envelope(jobs));
      if (url.pathname === '/api/settings') return sendJson(res, 200, envelope(settings));
      if (url.pathname === '/api/positions') {
        const jobId = Number(url.searchParams.get('jobId'));
        return sendJson(res, 200, envelope(positions.filter((p) => p.jobId === jobId)));
      }
      sendJson(res, 200, envelope([]));
    });
  const select = (label: RegExp) => screen.getByRole('combobox', { name: label });
  async function pick(label: RegExp, option: string) {
    await userEvent.click(select(label));
    // jsdom runs no layout, so Mantine's dropdown never counts as visible: find the option regardless.
    await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }, WAIT));
  }

  it('names the missing fields and sends nothing', async () => {
    openWithLists();
    await screen.findByPlaceholderText('Select a job', {}, FIRST_PAINT);
    await userEvent.click(screen.getByRole('button', { name: /^Calculate/ }));
    expect(await screen.findByText('Please fill in all required fields', {}, WAIT)).toBeInTheDocument();
    for (const message of [
      'Job is required',
      'Position is required',
      'Grade is required',
      'Level is required',
    ])
      expect(screen.getByText(message)).toBeInTheDocument();
    expect(server.requests.filter((r) => r.path === '/api/calculate')).toEqual([]);
  });

  it("clears the position when the job changes, and offers the new job's positions only", async () => {
    openWithLists();
    await screen.findByPlaceholderText('Select a job', {}, FIRST_PAINT);
    expect(select(/^Position/)).toBeDisabled();
    await pick(/^Job/, 'Data');
    await pick(/^Position/, 'Analyst');
    expect(select(/^Position/)).toHaveValue('Analyst');

    await pick(/^Job/, 'Design');
    expect(select(/^Position/)).toHaveValue('');
    await userEvent.click(select(/^Position/));
    expect(
      await screen.findByRole('option', { name: 'Illustrator', hidden: true }, WAIT),
    ).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Analyst', hidden: true })).not.toBeInTheDocument();
  });
});
