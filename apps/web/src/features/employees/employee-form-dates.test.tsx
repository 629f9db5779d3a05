import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newUser } from '../../test/fixtures.ts';
import { sendJson, setPageUrl, testServerForFile } from '../../test/http-test-server.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { serveSignedIn } from '../../test/sign-in.ts';
import { EmployeeForm } from './employee-form.tsx';
import { companyToday } from './employee-form-dates.tsx';
import { EMPTY_EMPLOYEE_FORM } from './employee-form-values.ts';

/*
 * The employee's days on the form: a hire date (career start) decides the years with the
 * company (of experience), shown read-only as the whole years since it; a leave date before
 * the hire date is refused under its input.
 */

const server = testServerForFile();
const WAIT = { timeout: 10_000 };

function open() {
  serveSignedIn(server, newUser({ permissions: { manageEmployee: true } }), (_req, res) =>
    sendJson(res, 404, { success: false, message: 'Not found' }),
  );
  const save = vi.fn(async () => undefined);
  renderWithProviders(
    <EmployeeForm
      mode="create"
      defaultValues={EMPTY_EMPLOYEE_FORM}
      references={{ jobs: [], grades: [], levels: [], customMultipliers: [] }}
      save={save}
      onSaved={() => undefined}
    />,
    { route: '/employees/new' },
  );
  return save;
}

/** The day `years` whole years before the company's today. */
const yearsAgo = (years: number) => `${Number(companyToday().slice(0, 4)) - years}${companyToday().slice(4)}`;

beforeEach(() => setPageUrl(`${server.origin}/employees/new`));
afterEach(() => vi.restoreAllMocks());

describe('Employee form: days', { timeout: 30_000 }, () => {
  it('derives Years with Company from the hire date, read-only, and gives the input back without it', async () => {
    open();
    const user = userEvent.setup();
    const hire = await screen.findByLabelText('Hire Date', {}, WAIT);
    expect(screen.getByRole('textbox', { name: /Years with Company/ })).not.toHaveAttribute('readonly');
    await user.type(hire, yearsAgo(3));
    const years = await screen.findByRole('textbox', { name: /Years with Company/ });
    expect(years).toHaveAttribute('readonly');
    expect(years).toHaveValue('3');
    expect(screen.getByText('3 — from hire date')).toBeInTheDocument();
    await user.clear(hire);
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Years with Company/ })).not.toHaveAttribute('readonly'),
    );
  });

  it('derives Years of Experience from the career start', async () => {
    open();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Career Start Date', {}, WAIT), yearsAgo(5));
    expect(await screen.findByText('5 — from career start')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Years of Experience/ })).toHaveValue('5');
  });

  it('refuses a leave date before the hire date', async () => {
    const save = open();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Hire Date', {}, WAIT), '2024-03-15');
    await user.type(screen.getByLabelText('Leave Date'), '2024-03-14');
    await user.click(screen.getByRole('button', { name: 'Create Employee' }));
    expect(await screen.findByText('Leave Date cannot be before the Hire Date')).toBeInTheDocument();
    expect(screen.getByLabelText('Leave Date')).toHaveAttribute('aria-invalid', 'true');
    expect(save).not.toHaveBeenCalled();
  });
});
