import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newUser, TWO_JOBS } from '../../test/fixtures.ts';
import { envelope, sendJson, setPageUrl, testServerForFile } from '../../test/http-test-server.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { serveSignedIn } from '../../test/sign-in.ts';
import { EmployeeForm } from './employee-form.tsx';
import { EMPTY_EMPLOYEE_FORM } from './employee-form-values.ts';

/* What the employee form checks in the browser before anything is sent: the job's positions, years. */

const server = testServerForFile();
// The form's first paint waits for its code on a busy machine.
const WAIT = { timeout: 20_000 };

const { jobs, positions } = TWO_JOBS;

function open() {
  serveSignedIn(server, newUser({ permissions: { manageEmployee: true, showSalary: true } }), (req, res) => {
    const url = new URL(req.path, server.origin);
    if (url.pathname === '/api/positions') {
      const jobId = Number(url.searchParams.get('jobId'));
      return sendJson(res, 200, envelope(positions.filter((p) => p.jobId === jobId)));
    }
    sendJson(res, 404, { success: false, message: 'Not found' });
  });
  const save = vi.fn(async () => undefined);
  renderWithProviders(
    <Routes>
      <Route
        path="/employees/new"
        element={
          <EmployeeForm
            mode="create"
            defaultValues={EMPTY_EMPLOYEE_FORM}
            references={{ jobs, grades: [], levels: [], customMultipliers: [] }}
            save={save}
            onSaved={() => undefined}
          />
        }
      />
      <Route path="/dashboard" element={<h1>The list</h1>} />
    </Routes>,
    { route: '/employees/new' },
  );
  return save;
}

const select = (label: RegExp) => screen.getByRole('combobox', { name: label });
const years = (label: RegExp) => screen.getByRole('textbox', { name: label });

async function pick(label: RegExp, option: string) {
  await userEvent.click(select(label));
  // jsdom runs no layout, so Mantine's dropdown never counts as visible: find the option regardless.
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }, WAIT));
}

beforeEach(() => setPageUrl(`${server.origin}/employees/new`));
afterEach(() => vi.restoreAllMocks());

describe('Employee form: checks before sending', { timeout: 60_000 }, () => {
  it("clears the position when the job changes, and offers the new job's positions only", async () => {
    open();
    await screen.findByRole('button', { name: 'Create Employee' }, WAIT);
    expect(select(/^Position/)).toBeDisabled();
    await pick(/^Job/, 'Data');
    await pick(/^Position/, 'Analyst');
    expect(select(/^Position/)).toHaveValue('Analyst');

    await pick(/^Job/, 'Design');
    await waitFor(() => expect(select(/^Position/)).toHaveValue(''));
    await userEvent.click(select(/^Position/));
    expect(
      await screen.findByRole('option', { name: 'Illustrator', hidden: true }, WAIT),
    ).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Analyst', hidden: true })).not.toBeInTheDocument();
  });

  it('refuses negative years as typed, keeping them, and saves nothing', async () => {
    const save = open();
    await screen.findByRole('button', { name: 'Create Employee' }, WAIT);
    await userEvent.type(years(/^Years with Company/), '-3');
    expect(years(/^Years with Company/)).toHaveValue('-3');
    await userEvent.click(screen.getByRole('button', { name: 'Create Employee' }));
    expect(await screen.findByText('Years with Company cannot be negative')).toBeInTheDocument();
    expect(years(/^Years with Company/)).toHaveValue('-3');
    expect(save).not.toHaveBeenCalled();
  });

  it('Cancel returns to the list', async () => {
    open();
    await userEvent.click(await screen.findByRole('link', { name: 'Cancel' }, WAIT));
    expect(await screen.findByRole('heading', { name: 'The list' })).toBeInTheDocument();
  });
});
