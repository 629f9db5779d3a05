import type { Job } from '@salary/shared/jobs/jobs.contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import JobsSection from '../features/jobs/jobs-section.tsx';
import { setToken } from '../lib/token-storage.ts';
import { newUser } from '../test/fixtures.ts';
import { envelope, sendJson, setPageUrl, testServerForFile } from '../test/http-test-server.ts';
import { renderWithProviders } from '../test/render-app.tsx';

/*
 * The stale-version dialog, through a real form (Edit Job, the rules modal every name list
 * shares) against the HTTP test server: someone else renamed the job since the form was
 * opened, so the save answers 409 STALE_VERSION; the dialog says who changed what, and
 * Reload or Apply anyway does what it says.
 */

const server = testServerForFile();
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

/** The job as stored: bob renamed it to "Platform" (version 2) after the list was read. */
let stored: Job;
let listed: Job;
const BOB_AT = '2026-11-27T09:12:00.000Z';

beforeEach(() => {
  listed = { id: 1, name: 'Engineering', _count: { positions: 3 }, version: 1 };
  stored = { ...listed, name: 'Platform', version: 2 };
  setPageUrl(`${server.origin}/settings/jobs`);
  setToken('token');
  const user = newUser({ permissions: { showSettings: true, manageSettings: true } });
  let reads = 0;
  server.handle((req, res) => {
    if (req.path === '/api/auth/me') return sendJson(res, 200, envelope({ token: 'token', user }));
    // The first read is from before bob's save; every later one sees it.
    if (req.method === 'GET' && req.path === '/api/jobs')
      return sendJson(res, 200, envelope([reads++ === 0 ? listed : stored]));
    if (req.method === 'PUT' && req.path === '/api/jobs/1') {
      const body = JSON.parse(req.body) as { name: string; version?: number };
      if (body.version !== stored.version) {
        return sendJson(res, 409, {
          success: false,
          message: `Job ${stored.name} was changed since you opened it: bob@example.com changed Name on Nov 27, 2026, 09:12 AM UTC. Reload to see the changes, or apply yours anyway.`,
          error: 'STALE_VERSION',
          data: {
            version: stored.version,
            changes: [{ by: 'bob@example.com', at: BOB_AT, fields: ['Name'] }],
          },
        });
      }
      stored = { ...stored, name: body.name, version: stored.version + 1 };
      return sendJson(res, 200, envelope(stored, 'Job updated successfully'));
    }
    sendJson(res, 404, { success: false, message: 'Not found', error: 'NOT_FOUND', data: null });
  });
});

/** Opens Edit Job on the list as first read, renames it to "Backend" and saves. */
async function saveFromStaleForm() {
  renderWithProviders(<JobsSection />);
  await userEvent.click(await screen.findByRole('button', { name: 'Edit Engineering' }));
  const form = await screen.findByRole('dialog', { name: 'Edit Job' });
  const name = within(form).getByLabelText(/^Name/);
  await userEvent.clear(name);
  await userEvent.type(name, 'Backend');
  await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
  return screen.findByRole('alertdialog', { name: 'Changed since you opened it' });
}

const puts = () => server.requests.filter((r) => r.method === 'PUT').map((r) => JSON.parse(r.body));

describe('a save from a form opened before someone else saved', () => {
  it('says who changed what since, and Apply anyway saves over it with the new version', async () => {
    const dialog = await saveFromStaleForm();
    expect(
      within(dialog).getByText('bob@example.com changed Name on Nov 27, 2026, 09:12 AM UTC'),
    ).toBeInTheDocument();
    expect(dialog).toHaveAccessibleDescription(/Job Platform was changed since you opened it/);
    // Nothing was saved yet, and no error toast stands in for the dialog.
    expect(puts()).toEqual([{ name: 'Backend', version: 1 }]);
    expect(screen.queryByText('Failed to update job')).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply anyway' }));
    expect(await screen.findByText('Job updated successfully')).toBeInTheDocument();
    expect(puts()).toEqual([
      { name: 'Backend', version: 1 },
      { name: 'Backend', version: 2 },
    ]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: 'Edit Job' })).not.toBeInTheDocument();
    expect(await screen.findByText('Backend')).toBeInTheDocument();
  });

  it('Reload drops my edits and shows the latest, sending nothing more', async () => {
    const dialog = await saveFromStaleForm();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reload' }));
    expect(await screen.findByText('Platform')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: 'Edit Job' })).not.toBeInTheDocument();
    expect(puts()).toEqual([{ name: 'Backend', version: 1 }]);
    expect(screen.queryByText('Backend')).not.toBeInTheDocument();
  });
});
