import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newEmployeeView, newUser } from '../../test/fixtures.ts';
import { envelope, type RecordedRequest, sendJson } from '../../test/http-test-server.ts';
import { signedInPage } from '../../test/sign-in.ts';
import { companyToday } from './employee-form-dates.tsx';
import { MarkAsLeaverButton } from './mark-as-leaver.tsx';

/*
 * Mark as leaver on Edit Employee: asks for the leave date (today unless changed) and saves the
 * employee as read, with that leave date and the version read (an ordinary edit).
 */

const page = signedInPage('/employees/edit/7');
const WAIT = { timeout: 10_000 };

const employee = newEmployeeView({ offshoreProject: true });

function open(answer: (req: RecordedRequest) => [number, unknown]) {
  const saved: RecordedRequest[] = [];
  page.open(
    newUser({ permissions: { manageEmployee: true } }),
    <MarkAsLeaverButton employee={employee} />,
    (req, res) => {
      if (req.method === 'PUT' && req.path === '/api/employees/7') {
        saved.push(req);
        const [status, body] = answer(req);
        return sendJson(res, status, body);
      }
      sendJson(res, 404, { success: false, message: 'Not found' });
    },
  );
  return saved;
}

afterEach(() => vi.restoreAllMocks());

describe('Mark as leaver', { timeout: 30_000 }, () => {
  it("saves the employee as read with today's leave date and the version read", async () => {
    const saved = open(() => [200, envelope({ ...employee, leaveDate: companyToday() })]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mark as leaver' }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: 'Mark Ada Lovelace as leaver' });
    expect(screen.getByLabelText(/Leave Date/)).toHaveValue(companyToday());
    await user.click(within(dialog).getByRole('button', { name: 'Mark as leaver' }));
    expect(await screen.findByText('Ada Lovelace marked as leaver', {}, WAIT)).toBeInTheDocument();
    await waitFor(() => expect(dialog).not.toBeInTheDocument(), WAIT);
    expect(JSON.parse(saved[0]!.body)).toMatchObject({
      name: 'Ada Lovelace',
      technologyId: 1,
      hireDate: '2021-05-03',
      leaveDate: companyToday(),
      version: 4,
    });
  });

  it("shows a refusal under the date: the rules' own, and the server's", async () => {
    const saved = open(() => [
      400,
      {
        success: false,
        message: 'Leave Date cannot be before the Hire Date',
        error: 'VALIDATION_ERROR',
        data: { fields: [{ field: 'leaveDate', message: 'Leave Date cannot be before the Hire Date' }] },
      },
    ]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mark as leaver' }, WAIT));
    await screen.findByLabelText(/Leave Date/);
    // The dialog's input as it is now (its opening transition renders it again).
    const input = () => screen.getByLabelText(/Leave Date/);
    const confirm = () =>
      user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Mark as leaver' }));
    await user.clear(input());
    await user.type(input(), '2020-01-01');
    expect(input()).toHaveValue('2020-01-01');
    await confirm();
    expect(
      await screen.findByText('Leave Date cannot be before the Hire Date', {}, WAIT),
    ).toBeInTheDocument();
    expect(saved).toHaveLength(0);
    // A day the rules take but the server refuses (a hire date changed since): its words.
    await user.clear(input());
    await user.type(input(), '2022-01-01');
    await confirm();
    await waitFor(() => expect(saved).toHaveLength(1), WAIT);
    expect(
      await screen.findByText('Leave Date cannot be before the Hire Date', {}, WAIT),
    ).toBeInTheDocument();
  });
});
