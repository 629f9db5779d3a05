import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_BAND_OF_ITS_OWN } from '../../test/fixtures.ts';
import { envelope, sendJson } from '../../test/http-test-server.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { MANAGER } from '../../test/settings-server.ts';
import { serveSignedIn, signedInPage } from '../../test/sign-in.ts';
import BaseSalariesSection from './base-salaries-section.tsx';

const { server } = signedInPage('/settings/base-salary');

// Each test signs in and drives real inputs; on a busy shared machine that outlasts the default.
vi.setConfig({ testTimeout: 30_000 });
// The list's first paint waits for the section's code and three lookups: slow on a busy machine.
const WAIT = { timeout: 15_000 };

const grade = { id: 1, name: 'Junior', order: 0, version: 1 };
const level = { id: 2, name: 'Level I', order: 0, version: 1 };
const stored = {
  id: 9,
  gradeId: 1,
  levelId: 2,
  amount: 5000,
  ...NO_BAND_OF_ITS_OWN,
  band: { min: 4500, max: 5500 },
  grade,
  level,
  version: 1,
};

beforeEach(() => {
  serveSignedIn(server, MANAGER, (req, res) => {
    if (req.path === '/api/grades') return sendJson(res, 200, envelope([grade]));
    if (req.path === '/api/levels') return sendJson(res, 200, envelope([level]));
    if (req.method === 'GET' && req.path === '/api/base-salary')
      return sendJson(res, 200, envelope([stored]));
    sendJson(res, 404, { success: false, message: 'Not found', error: 'NOT_FOUND', data: null });
  });
});

const input = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });

describe('Settings → Base Salaries, the list with its form', () => {
  it('Cancel Edit leaves edit mode and empties the form; missing fields are named, nothing sent', async () => {
    renderWithProviders(<BaseSalariesSection />, { route: '/settings/base-salary' });
    // The table and the phone's cards both carry the row's buttons (CSS shows one): the first.
    const [edit] = await screen.findAllByRole('button', { name: 'Edit Junior / Level I' }, WAIT);
    await userEvent.click(edit as HTMLElement);
    await screen.findByRole('button', { name: 'Update Base Salary' });
    await waitFor(() => expect(input(/^Base Salary Amount/)).toHaveValue(5000));

    await userEvent.click(screen.getByRole('button', { name: 'Cancel Edit' }));
    await screen.findByRole('button', { name: 'Add Base Salary' });
    expect(input(/^Base Salary Amount/)).toHaveValue(null);
    expect(input(/^Grade/)).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Cancel Edit' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add Base Salary' }));
    expect(await screen.findByText('Grade is required')).toBeInTheDocument();
    expect(screen.getByText('Level is required')).toBeInTheDocument();
    expect(screen.getByText('Base Salary Amount is required')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });
});
