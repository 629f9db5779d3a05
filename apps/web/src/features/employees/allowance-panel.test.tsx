import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { newUser } from '../../test/fixtures.ts';
import { envelope, type RecordedRequest, sendJson } from '../../test/http-test-server.ts';
import { signedInPage } from '../../test/sign-in.ts';
import { AllowancePanel } from './allowance-panel.tsx';

/*
 * Edit Employee → Individual allowance: what is in force, and the form that sets it from a day
 * (empty: today), with the shared rules' messages before anything is sent; hidden without
 * Show Calculated Salary.
 */

const page = signedInPage('/employees/edit/7');
const WAIT = { timeout: 10_000 };

const stored = { employeeId: 7, allowance: { type: 'FIXED', value: 150, reason: 'Retention' }, version: 4 };

function open(permissions: Record<string, boolean>, answer: (req: RecordedRequest) => [number, unknown]) {
  const saved: RecordedRequest[] = [];
  page.open(newUser({ permissions }), <AllowancePanel employeeId={7} />, (req, res) => {
    if (req.path === '/api/employees/7/allowance' && req.method === 'GET')
      return sendJson(res, 200, envelope(stored));
    if (req.path.startsWith('/api/employees/7/allowance') && req.method === 'PUT') {
      saved.push(req);
      const [status, body] = answer(req);
      return sendJson(res, status, body);
    }
    sendJson(res, 404, { success: false, message: 'Not found' });
  });
  return saved;
}

describe('Individual allowance', { timeout: 30_000 }, () => {
  it('shows the allowance with its reason, and saves a percent from a chosen day with the version read', async () => {
    const saved = open({ showSalary: true, manageEmployee: true }, () => [
      200,
      envelope({
        ...stored,
        allowance: { type: 'PERCENTAGE', value: 2.5, reason: 'Market premium' },
        version: 5,
      }),
    ]);
    const panel = await screen.findByRole('region', { name: 'Individual allowance' }, WAIT);
    expect(within(panel).getByText('$150.00 a month — Reason: Retention')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Allowance Type' }));
    // jsdom runs no layout, so Mantine's dropdown never counts as visible: find the option regardless.
    await user.click(
      await screen.findByRole('option', { name: 'Percent of adjusted base', hidden: true }, WAIT),
    );
    const amount = screen.getByLabelText(/Percent of Adjusted Base/);
    await user.clear(amount);
    await user.type(amount, '2.5');
    const reason = screen.getByLabelText(/Reason/);
    await user.clear(reason);
    await user.type(reason, 'Market premium');
    // jsdom's date input takes a whole day, as the browser's picker gives one.
    fireEvent.change(screen.getByLabelText(/Effective from/), { target: { value: '2030-01-01' } });
    await user.click(screen.getByRole('button', { name: 'Save allowance' }));
    await waitFor(() => expect(saved).toHaveLength(1), WAIT);
    expect(saved[0]!.path).toBe('/api/employees/7/allowance?effectiveFrom=2030-01-01');
    expect(JSON.parse(saved[0]!.body)).toEqual({
      allowance: { type: 'PERCENTAGE', value: 2.5, reason: 'Market premium' },
      version: 4,
    });
  });

  it('refuses a percent over 100 and an empty reason before sending anything', async () => {
    const saved = open({ showSalary: true, manageEmployee: true }, () => [200, envelope(stored)]);
    await screen.findByRole('region', { name: 'Individual allowance' }, WAIT);
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Allowance Type' }));
    // jsdom runs no layout, so Mantine's dropdown never counts as visible: find the option regardless.
    await user.click(
      await screen.findByRole('option', { name: 'Percent of adjusted base', hidden: true }, WAIT),
    );
    const amount = screen.getByLabelText(/Percent of Adjusted Base/);
    await user.clear(amount);
    await user.type(amount, '120');
    await user.clear(screen.getByLabelText(/Reason/));
    await user.click(screen.getByRole('button', { name: 'Save allowance' }));
    expect(await screen.findByText('Percent must be between 0 and 100', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByText('Reason is required')).toBeInTheDocument();
    expect(saved).toHaveLength(0);
  });

  it('shows nothing without Show Calculated Salary, and no form without Edit Employee', async () => {
    open({ showSalary: true }, () => [200, envelope(stored)]);
    const panel = await screen.findByRole('region', { name: 'Individual allowance' }, WAIT);
    expect(within(panel).queryByRole('button', { name: 'Save allowance' })).toBeNull();
  });
});
