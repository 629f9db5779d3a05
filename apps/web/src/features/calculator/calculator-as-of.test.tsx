import { DEFAULT_SETTINGS_VALUES } from '@salary/shared/settings/settings.contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { asOfPage, where } from '../../test/as-of-page.tsx';
import { newUser } from '../../test/fixtures.ts';
import { envelope, sendJson } from '../../test/http-test-server.ts';
import CalculatorPage from './calculator-page.tsx';

/*
 * The calculator's As of day (?asOf= in the address): a banner while it is not today, and the
 * profile priced with the rules in force that day (`asOf` in the body of POST /calculate).
 */

const page = asOfPage('/calculator', <CalculatorPage />);
const { server } = page;
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

const lists: Record<string, unknown[]> = {
  '/api/jobs': [{ id: 1, name: 'Data', _count: { positions: 1 }, version: 1 }],
  '/api/positions': [{ id: 11, name: 'Analyst', jobId: 1, job: { id: 1, name: 'Data' }, version: 1 }],
  '/api/grades': [{ id: 21, name: 'Senior', order: 1, version: 1 }],
  '/api/levels': [{ id: 31, name: 'L1', order: 1, version: 1 }],
};

function open(query: string) {
  return page.open(
    newUser({ permissions: { showSalary: true } }),
    (url, _req, res) => {
      if (url.pathname === '/api/settings')
        return sendJson(res, 200, envelope({ ...DEFAULT_SETTINGS_VALUES, version: 1, updatedAt: null }));
      // The calculation itself is not this file's subject: refused, so only its body counts.
      if (url.pathname === '/api/calculate')
        return sendJson(res, 422, {
          success: false,
          message: 'No base salary',
          error: 'BASE_SALARY_NOT_FOUND',
        });
      sendJson(res, 200, envelope(lists[url.pathname] ?? []));
    },
    query,
  );
}

async function pick(label: RegExp, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  // jsdom runs no layout, so Mantine's dropdown never counts as visible: find the option regardless.
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

async function calculate(): Promise<Record<string, unknown>> {
  await screen.findByPlaceholderText('Select a job', {}, { timeout: 30_000 });
  await pick(/^Job/, 'Data');
  await pick(/^Position/, 'Analyst');
  await pick(/^Grade/, 'Senior');
  await pick(/^Level/, 'L1');
  await userEvent.click(screen.getByRole('button', { name: /^Calculate/ }));
  await waitFor(() => expect(server.requests.some((r) => r.path === '/api/calculate')).toBe(true));
  return JSON.parse(server.requests.find((r) => r.path === '/api/calculate')!.body);
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('the calculator as of another day', () => {
  it('shows the banner and prices with that day: asOf in the body', async () => {
    open('?asOf=2026-03-31');
    expect(await screen.findByTestId('as-of-banner')).toHaveTextContent(
      'Showing pay as of 31 Mar 2026 — Back to today',
    );
    expect(screen.getByLabelText('As of')).toHaveValue('2026-03-31');
    expect(await calculate()).toMatchObject({ asOf: '2026-03-31', jobId: 1, gradeId: 21 });
  });

  it('Back to today clears the day: no banner, no asOf sent', async () => {
    open('?asOf=2026-03-31');
    await userEvent.click(
      within(await screen.findByTestId('as-of-banner')).getByRole('button', { name: 'Back to today' }),
    );
    await waitFor(() => expect(where()).toBe(''));
    expect(screen.queryByTestId('as-of-banner')).not.toBeInTheDocument();
    expect(await calculate()).not.toHaveProperty('asOf');
  });
});
