import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { chooseDay, dayText, expectScheduledToast, NEXT_YEAR, ruleChange } from '../../test/dated.ts';
import { envelope, previewPaths, sendJson } from '../../test/http-test-server.ts';
import { MANAGER } from '../../test/settings-server.ts';
import { signedInPage } from '../../test/sign-in.ts';
import AdjustmentFactorsSection from './adjustment-factors-section.tsx';

/* Settings → Adjustment Factors with dates: Effective from on the form, the rows' waiting changes. */

const page = signedInPage('/settings/adjustment-factors');
const { server } = page;
vi.setConfig({ testTimeout: 40_000 });
const WAIT = { timeout: 15_000 };

const engineering = { id: 3, name: 'Engineering', _count: { positions: 2 }, version: 1 };
const backend = { id: 7, name: 'Backend', jobId: 3, job: { id: 3, name: 'Engineering' }, version: 1 };
const frontend = { id: 8, name: 'Frontend', jobId: 3, job: { id: 3, name: 'Engineering' }, version: 1 };
const factors = [
  {
    id: 21,
    jobId: 3,
    positionId: 7,
    factor: 0.1,
    type: 'PERCENTAGE',
    job: engineering,
    position: backend,
    version: 2,
  },
  {
    id: 22,
    jobId: 3,
    positionId: 8,
    factor: 150,
    type: 'FIXED',
    job: engineering,
    position: frontend,
    version: 1,
  },
];
const waiting = [
  // Only the value moves: the row's type reads it.
  ruleChange(51, 'adjustmentFactor', 'Engineering / Backend', NEXT_YEAR, [
    { field: 'factor', before: 0.1, after: 0.12 },
  ]),
  ruleChange(52, 'adjustmentFactor', 'Engineering / Frontend', NEXT_YEAR, [
    { field: 'type', before: 'FIXED', after: null },
    { field: 'factor', before: 150, after: null },
  ]),
];

function open() {
  page.open(MANAGER, <AdjustmentFactorsSection />, (req, res) => {
    const url = new URL(req.path, server.origin);
    if (req.method === 'GET' && url.pathname === '/api/jobs')
      return sendJson(res, 200, envelope([engineering]));
    if (req.method === 'GET' && url.pathname === '/api/positions')
      return sendJson(res, 200, envelope([backend, frontend]));
    if (req.method === 'GET' && url.pathname === '/api/adjustment-factors')
      return sendJson(res, 200, envelope(factors));
    if (req.method === 'GET' && url.pathname === '/api/scheduled-changes')
      return sendJson(res, 200, envelope(waiting));
    if (req.method === 'PUT' && url.pathname === '/api/adjustment-factors/21')
      return sendJson(res, 200, envelope(factors[0]));
    sendJson(res, 404, { success: false, message: 'Not found', error: 'NOT_FOUND', data: null });
  });
}

const writes = () =>
  server.requests.filter((r) => r.method !== 'GET' && r.path !== '/api/impact').map((r) => r.path);

async function editBackend() {
  const [edit] = await screen.findAllByRole('button', { name: 'Edit Backend / Engineering' }, WAIT);
  await userEvent.click(edit as HTMLElement);
  await screen.findByRole('button', { name: 'Update Adjustment Factor' });
  await waitFor(() =>
    expect(screen.getByLabelText(/^Adjustment Factor/, { selector: 'input' })).toHaveValue(10),
  );
}

describe('Settings → Adjustment Factors: effective from', () => {
  it('shows each waiting change under its row: the new value in its type, or removed', async () => {
    open();
    const table = await screen.findByRole('table', {}, WAIT);
    const [backendRow, frontendRow] = within(table).getAllByRole('row').slice(1);
    await waitFor(() => expect(backendRow).toHaveTextContent(`+10%from ${dayText(NEXT_YEAR)}: +12%`));
    expect(frontendRow).toHaveTextContent(`+150.00from ${dayText(NEXT_YEAR)}: removed`);
  });

  it('schedules an edit from a day to come: the preview and the save carry the day, the toast says so', async () => {
    open();
    await editBackend();
    expect(screen.getByText(/Effective from:/)).toHaveTextContent('Effective from: today');
    await chooseDay(NEXT_YEAR);
    await userEvent.click(screen.getByRole('button', { name: 'Update Adjustment Factor' }));
    await expectScheduledToast('Adjustment factor updated successfully', NEXT_YEAR, WAIT);
    expect(writes()).toEqual([`/api/adjustment-factors/21?effectiveFrom=${NEXT_YEAR}`]);
    expect(previewPaths(server)).toEqual([`/adjustment-factors/21?effectiveFrom=${NEXT_YEAR}`]);
    // Back in add mode, from today.
    expect(await screen.findByRole('button', { name: 'Add Adjustment Factor' })).toBeInTheDocument();
    expect(screen.getByText(/Effective from:/)).toHaveTextContent('today');
  });

  it('sends no day when Effective from went back to today', async () => {
    open();
    await editBackend();
    await chooseDay(NEXT_YEAR);
    await userEvent.click(screen.getByRole('button', { name: 'Back to today' }));
    await userEvent.click(screen.getByRole('button', { name: 'Update Adjustment Factor' }));
    const toast = await screen.findByText(/^Adjustment factor updated successfully/, {}, WAIT);
    expect(toast.textContent).toBe('Adjustment factor updated successfully');
    expect(writes()).toEqual(['/api/adjustment-factors/21']);
  });
});
