import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/token-storage.ts';
import { newUser } from '../../test/fixtures.ts';
import { envelope, sendJson, setPageUrl, testServerForFile } from '../../test/http-test-server.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { AdjustmentFactorForm } from './adjustment-factor-form.tsx';

const server = testServerForFile();

// Each test signs in and drives real inputs; on a busy shared machine that outlasts the defaults.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });
let saved: unknown[];

const engineering = { id: 3, name: 'Engineering', _count: { positions: 1 }, version: 1 };
const design = { id: 4, name: 'Design', _count: { positions: 1 }, version: 1 };
const backend = { id: 7, name: 'Backend', jobId: 3, job: { id: 3, name: 'Engineering' }, version: 1 };
const designer = { id: 8, name: 'Product Designer', jobId: 4, job: { id: 4, name: 'Design' }, version: 1 };

beforeEach(() => {
  saved = [];
  setPageUrl(`${server.origin}/settings/adjustment-factors`);
  setToken('token');
  const user = newUser({ permissions: { showSettings: true, manageSettings: true } });
  server.handle((req, res) => {
    const url = new URL(req.path, server.origin);
    if (url.pathname === '/api/auth/me') return sendJson(res, 200, envelope({ token: 'token', user }));
    if (url.pathname === '/api/jobs') return sendJson(res, 200, envelope([design, engineering]));
    if (url.pathname === '/api/positions') {
      const jobId = Number(url.searchParams.get('jobId'));
      return sendJson(res, 200, envelope([backend, designer].filter((p) => p.jobId === jobId)));
    }
    if (req.method === 'POST' && url.pathname === '/api/adjustment-factors') {
      const body = JSON.parse(req.body);
      saved.push(body);
      return sendJson(res, 201, envelope({ id: 1, ...body, job: engineering, position: backend }));
    }
    sendJson(res, 404, { success: false, message: 'Not found', error: 'NOT_FOUND', data: null });
  });
});

const input = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });

async function pick(label: RegExp, option: string) {
  await userEvent.click(input(label));
  // jsdom runs no layout, so Mantine's dropdown never counts as visible: find the option regardless.
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

async function openNewFactor() {
  renderWithProviders(<AdjustmentFactorForm editing={null} onDone={vi.fn()} />);
  await screen.findByRole('button', { name: 'Add Adjustment Factor' });
}

async function chooseBackend() {
  await pick(/^Job/, 'Engineering');
  await pick(/^Position/, 'Backend');
}

describe('AdjustmentFactorForm', () => {
  it('keeps Position disabled until a job is chosen, then offers that job’s positions', async () => {
    await openNewFactor();
    expect(input(/^Position/)).toBeDisabled();

    await pick(/^Job/, 'Engineering');
    await waitFor(() => expect(input(/^Position/)).toBeEnabled());
    // Selects draw their options when opened: open Position's list and read what it offers.
    await userEvent.click(input(/^Position/));
    expect(await screen.findByRole('option', { name: 'Backend', hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Product Designer', hidden: true })).not.toBeInTheDocument();
    expect(server.requests.map((r) => r.path)).toContain('/api/positions?jobId=3');
  });

  it('sends a percentage as the entered percent / 100, with numeric ids', async () => {
    await openNewFactor();
    expect(screen.getByText('Values between -100% and +100%')).toBeInTheDocument();

    await chooseBackend();
    await userEvent.type(input(/^Adjustment Factor/), '-12');
    await userEvent.click(screen.getByRole('button', { name: 'Add Adjustment Factor' }));

    await waitFor(() =>
      expect(saved).toEqual([{ jobId: 3, positionId: 7, type: 'PERCENTAGE', factor: -0.12 }]),
    );
    expect(await screen.findByText('Adjustment factor created successfully')).toBeInTheDocument();
  });

  it('sends a fixed factor as the amount typed', async () => {
    await openNewFactor();
    await chooseBackend();
    await pick(/^Adjustment Type/, 'Fixed amount');
    expect(screen.queryByText('Values between -100% and +100%')).not.toBeInTheDocument();
    await userEvent.type(input(/^Adjustment Factor/), '150.25');
    await userEvent.click(screen.getByRole('button', { name: 'Add Adjustment Factor' }));

    await waitFor(() => expect(saved).toEqual([{ jobId: 3, positionId: 7, type: 'FIXED', factor: 150.25 }]));
  });

  it('keeps a typed factor as typed and checks it again when the type changes', async () => {
    await openNewFactor();
    await chooseBackend();
    await pick(/^Adjustment Type/, 'Fixed amount');
    const factor = input(/^Adjustment Factor/);
    await userEvent.type(factor, '150');
    const outOfRange = 'Adjustment Factor must be between -100% and +100%';
    expect(screen.queryByText(outOfRange)).not.toBeInTheDocument();

    // 150 is a fine amount but too much as a percentage: said at once, the value left alone.
    await pick(/^Adjustment Type/, 'Percentage');
    expect(await screen.findByText(outOfRange)).toBeInTheDocument();
    expect(factor).toHaveValue(150);
    await userEvent.click(screen.getByRole('button', { name: 'Add Adjustment Factor' }));
    expect(factor).toHaveValue(150);
    expect(factor).toHaveAttribute('aria-invalid', 'true');

    // Back to a fixed amount, it is fine again.
    await pick(/^Adjustment Type/, 'Fixed amount');
    await waitFor(() => expect(screen.queryByText(outOfRange)).not.toBeInTheDocument());
    expect(saved).toEqual([]);
  });

  it.each([
    {
      name: 'refuses a percentage beyond ±100 on Add, saving nothing',
      typed: '150',
      message: 'Adjustment Factor must be between -100% and +100%',
      kept: 150,
    },
    {
      name: 'refuses 12.555 as a percentage rather than saving 12.56',
      typed: '12.555',
      message: 'Adjustment Factor must have at most 2 decimals as a percent (4 as a fraction)',
      kept: 12.555,
    },
  ])('$name', async ({ typed, message, kept }) => {
    await openNewFactor();
    await chooseBackend();
    const factor = input(/^Adjustment Factor/);
    await userEvent.type(factor, typed);
    await userEvent.click(screen.getByRole('button', { name: 'Add Adjustment Factor' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(factor).toHaveValue(kept);
    expect(saved).toEqual([]);
  });

  it('clears the position when the job changes', async () => {
    await openNewFactor();
    await chooseBackend();
    expect(input(/^Position/)).toHaveValue('Backend');
    await pick(/^Job/, 'Design');
    expect(input(/^Position/)).toHaveValue('');
  });

  it('shows a stored percentage as the percent it was entered as when editing', async () => {
    renderWithProviders(
      <AdjustmentFactorForm
        editing={{
          id: 1,
          version: 1,
          jobId: 3,
          positionId: 7,
          type: 'PERCENTAGE',
          factor: 0.35,
          job: engineering,
          position: backend,
        }}
        onDone={vi.fn()}
      />,
    );
    expect(await screen.findByRole('button', { name: 'Update Adjustment Factor' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel Edit' })).toBeInTheDocument();
    expect(input(/^Adjustment Factor/)).toHaveValue(35);
    await waitFor(() => expect(input(/^Position/)).toHaveValue('Backend'));
  });
});
