import type { Permissions } from '@salary/shared/common/permissions';
import type { Job } from '@salary/shared/jobs/jobs.contract';
import type { Position } from '@salary/shared/positions/positions.contract';
import { configure, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/token-storage.ts';
import { newUser } from '../../test/fixtures.ts';
import { envelope, sendJson, setPageUrl, testServerForFile } from '../../test/http-test-server.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import PositionsSection from './positions-section.tsx';

const server = testServerForFile();

// Each test signs in and drives real inputs; on a busy shared machine that outlasts the defaults.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const job = (id: number, name: string, positions = 0): Job => ({
  id,
  name,
  _count: { positions },
  version: 1,
});
const position = (id: number, name: string, owner: Job): Position => ({
  id,
  version: 1,
  name,
  jobId: owner.id,
  job: { id: owner.id, name: owner.name },
});

/** Signs in as a user with `permissions`; the server answers jobs and positions from the lists given. */
function open(jobs: Job[], positions: Position[], permissions: Partial<Permissions>) {
  setToken('token');
  const user = newUser({ permissions });
  server.handle((req, res) => {
    const url = new URL(req.path, server.origin);
    if (url.pathname === '/api/auth/me') return sendJson(res, 200, envelope({ token: 'token', user }));
    if (url.pathname === '/api/jobs') return sendJson(res, 200, envelope(jobs));
    if (url.pathname === '/api/positions') {
      const jobId = Number(url.searchParams.get('jobId'));
      return sendJson(res, 200, envelope(positions.filter((p) => p.jobId === jobId)));
    }
    sendJson(res, 404, { success: false, message: 'Not found', error: 'NOT_FOUND', data: null });
  });
  return renderWithProviders(<PositionsSection />, { route: '/settings/positions' });
}

beforeEach(() => {
  setPageUrl(`${server.origin}/settings/positions`);
});

describe('PositionsSection', () => {
  it('asks for jobs first when there are none, linking to the Jobs section', async () => {
    open([], [], { showSettings: true, manageSettings: true });
    expect(await screen.findByText('No Jobs Found')).toBeInTheDocument();
    expect(screen.getByText('Please add jobs before managing positions.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Go to Jobs/ })).toHaveAttribute('href', '/settings/jobs');
    expect(screen.queryByRole('button', { name: /Add Position/ })).not.toBeInTheDocument();
  });

  it('lists the first job’s positions by default', async () => {
    const design = job(7, 'Design', 0);
    const engineering = job(3, 'Engineering', 2);
    open(
      [design, engineering],
      [position(1, 'Backend', engineering), position(2, 'Product Designer', design)],
      { showSettings: true, manageSettings: true },
    );
    expect(await screen.findByText('Product Designer')).toBeInTheDocument();
    expect(screen.queryByText('Backend')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Job', { selector: 'input' })).toHaveValue('Design');
    expect(server.requests.some((r) => r.path === '/api/positions?jobId=7')).toBe(true);
  });

  it('says so when the job has no positions', async () => {
    open([job(3, 'Engineering')], [], { showSettings: true, manageSettings: true });
    expect(await screen.findByText('No positions found for this job')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('offers add, edit and delete only to users who may manage settings', async () => {
    const engineering = job(3, 'Engineering', 1);
    const { unmount } = open([engineering], [position(1, 'Backend', engineering)], {
      showSettings: true,
      manageSettings: true,
    });
    const row = (await screen.findByText('Backend')).closest('tr')!;
    expect(within(row).getByRole('button', { name: 'Edit Backend' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Delete Backend' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Add Position/ })).toBeInTheDocument();
    unmount();

    open([engineering], [position(1, 'Backend', engineering)], { showSettings: true });
    const readOnlyRow = (await screen.findByText('Backend')).closest('tr')!;
    expect(within(readOnlyRow).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add Position/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });
});
