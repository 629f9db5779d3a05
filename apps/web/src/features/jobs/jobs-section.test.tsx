import type { Job } from '@salary/shared/jobs/jobs.contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/token-storage.ts';
import { newUser } from '../../test/fixtures.ts';
import { envelope, sendJson, setPageUrl, testServerForFile } from '../../test/http-test-server.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import JobsSection from './jobs-section.tsx';

const server = testServerForFile();

// Each test signs in and drives real inputs; on a busy shared machine that outlasts the defaults.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

let jobs: Job[];
/** How DELETE /jobs/:id answers: the status and envelope message (empty = none of its own). */
let deleteAnswer: { status: number; message: string };

beforeEach(() => {
  jobs = [{ id: 1, name: 'Engineering', _count: { positions: 3 }, version: 1 }];
  deleteAnswer = { status: 200, message: 'Job deleted successfully' };
  setPageUrl(`${server.origin}/settings/jobs`);
  setToken('token');
  const user = newUser({ permissions: { showSettings: true, manageSettings: true } });
  server.handle((req, res) => {
    if (req.path === '/api/auth/me') return sendJson(res, 200, envelope({ token: 'token', user }));
    if (req.method === 'GET' && req.path === '/api/jobs') return sendJson(res, 200, envelope(jobs));
    if (req.method === 'PUT' && req.path === '/api/jobs/1') {
      jobs = [{ ...jobs[0]!, name: JSON.parse(req.body).name }];
      return sendJson(res, 200, envelope(jobs[0]));
    }
    if (req.method === 'DELETE' && req.path === '/api/jobs/1') {
      const ok = deleteAnswer.status < 400;
      if (ok) jobs = [];
      return sendJson(res, deleteAnswer.status, {
        success: ok,
        message: deleteAnswer.message,
        error: ok ? null : 'CONFLICT',
        data: null,
      });
    }
    sendJson(res, 404, { success: false, message: 'Not found', error: 'NOT_FOUND', data: null });
  });
});

async function askDelete() {
  await userEvent.click(await screen.findByRole('button', { name: 'Delete Engineering' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Delete job' });
  expect(within(dialog).getByText('Are you sure you want to delete this job?')).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
}

describe('JobsSection', () => {
  it('lists jobs with their position counts', async () => {
    renderWithProviders(<JobsSection />);
    const row = (await screen.findByText('Engineering')).closest('tr')!;
    expect(within(row).getByText('3')).toBeInTheDocument();
  });

  it('edits in a prefilled modal that closes after saving, then shows the reloaded name', async () => {
    renderWithProviders(<JobsSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Engineering' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Job' });
    const name = within(dialog).getByLabelText(/^Name/);
    expect(name).toHaveValue('Engineering');
    await userEvent.clear(name);
    await userEvent.type(name, 'Platform');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Job updated successfully')).toBeInTheDocument();
    expect(await screen.findByText('Platform')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Job' })).not.toBeInTheDocument());
    expect(JSON.parse(server.requests.find((r) => r.method === 'PUT')!.body)).toEqual({
      name: 'Platform',
      version: 1,
    });
  });

  it('deletes after the confirmation and reloads the list', async () => {
    renderWithProviders(<JobsSection />);
    await askDelete();
    expect(await screen.findByText('Job deleted successfully')).toBeInTheDocument();
    expect(await screen.findByText('No jobs yet')).toBeInTheDocument();
  });

  it("shows the server's reason when a delete is refused", async () => {
    deleteAnswer = {
      status: 409,
      message: 'Cannot delete job "Engineering": 2 employees are assigned to it',
    };
    renderWithProviders(<JobsSection />);
    await askDelete();
    expect(
      await screen.findByText('Cannot delete job "Engineering": 2 employees are assigned to it'),
    ).toBeInTheDocument();
    expect(screen.getByText('Engineering')).toBeInTheDocument();
  });

  it("falls back to 'Failed to delete job' when the server gives no reason", async () => {
    deleteAnswer = { status: 500, message: '' };
    renderWithProviders(<JobsSection />);
    await askDelete();
    expect(await screen.findByText('Failed to delete job')).toBeInTheDocument();
  });
});
