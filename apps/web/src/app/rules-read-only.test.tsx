import type { Permissions } from '@salary/shared/common/permissions';
import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import AdjustmentFactorsSection from '../features/adjustment-factors/adjustment-factors-section.tsx';
import BaseSalariesSection from '../features/base-salaries/base-salaries-section.tsx';
import GradesSection from '../features/grades/grades-section.tsx';
import JobsSection from '../features/jobs/jobs-section.tsx';
import LevelsSection from '../features/levels/levels-section.tsx';
import PositionsSection from '../features/positions/positions-section.tsx';
import { setToken } from '../lib/token-storage.ts';
import { NO_BAND_OF_ITS_OWN, newUser } from '../test/fixtures.ts';
import { envelope, sendJson, setPageUrl, testServerForFile } from '../test/http-test-server.ts';
import { renderWithProviders } from '../test/render-app.tsx';

/* The salary-rules sections for someone with Show Settings but not Edit/Delete Settings. */

const server = testServerForFile();
const WAIT = { timeout: 10_000 };

const VIEWER: Partial<Permissions> = { showSettings: true };
const MANAGER: Partial<Permissions> = { showSettings: true, manageSettings: true };

// Something in every list, so a row's actions would show if the screen offered them.
const job = { id: 3, name: 'Engineering', _count: { positions: 1 }, version: 1 };
const position = { id: 7, name: 'Backend', jobId: 3, job: { id: 3, name: 'Engineering' }, version: 1 };
const grade = { id: 1, name: 'Senior', order: 0, version: 1 };
const level = { id: 2, name: 'L2', order: 0, version: 1 };
const LISTS: Record<string, unknown[]> = {
  '/api/jobs': [job],
  '/api/positions': [position],
  '/api/grades': [grade],
  '/api/levels': [level],
  '/api/base-salary': [
    {
      id: 5,
      gradeId: 1,
      levelId: 2,
      amount: 4200,
      ...NO_BAND_OF_ITS_OWN,
      band: { min: 3780, max: 4620 },
      grade: { id: 1, name: 'Senior', order: 0 },
      level: { id: 2, name: 'L2', order: 0 },
      version: 1,
    },
  ],
  '/api/adjustment-factors': [
    {
      id: 9,
      jobId: 3,
      positionId: 7,
      factor: 0.1,
      type: 'PERCENTAGE',
      job: { id: 3, name: 'Engineering' },
      position: { id: 7, name: 'Backend' },
      version: 1,
    },
  ],
};

const SECTIONS: Array<[path: string, title: string, section: ReactNode]> = [
  ['jobs', 'Jobs', <JobsSection key="jobs" />],
  ['positions', 'Positions', <PositionsSection key="positions" />],
  ['grades', 'Grades', <GradesSection key="grades" />],
  ['levels', 'Levels', <LevelsSection key="levels" />],
  ['base-salary', 'Base Salaries', <BaseSalariesSection key="base-salary" />],
  ['adjustment-factors', 'Adjustment Factors', <AdjustmentFactorsSection key="adjustment-factors" />],
];

function open(path: string, section: ReactNode, permissions: Partial<Permissions>) {
  setPageUrl(`${server.origin}/settings/${path}`);
  setToken('token');
  const user = newUser({ name: 'Read Only', permissions });
  server.handle((req, res) => {
    const url = new URL(req.path, server.origin);
    if (url.pathname === '/api/auth/me') return sendJson(res, 200, envelope({ token: 'token', user }));
    const list = LISTS[url.pathname];
    if (req.method === 'GET' && list) return sendJson(res, 200, envelope(list));
    sendJson(res, 404, { success: false, message: 'Not found', error: 'NOT_FOUND', data: null });
  });
  return renderWithProviders(section, { route: `/settings/${path}` });
}

/** The section's list panel once a row is in it. */
async function listWithRows(title: string) {
  const list = await screen.findByRole('region', { name: title }, WAIT);
  await within(list).findByRole('table', {}, WAIT);
  await within(list).findAllByRole('row', {}, WAIT);
  const rows = list.querySelectorAll('tbody tr');
  expect(rows.length).toBeGreaterThan(0);
  return within(list);
}

/** The text of cell `index` in the list's row that starts with `rowText` (as a browser reads it). */
function cell(title: string, rowText: string, index: number) {
  const rows = Array.from(screen.getByRole('region', { name: title }).querySelectorAll('tbody tr'));
  const row = rows.find((r) => r.textContent?.startsWith(rowText));
  return row?.querySelectorAll('td')[index]?.textContent;
}

beforeEach(() => {
  setPageUrl(`${server.origin}/settings`);
});

describe('a user with Show Settings but not Edit/Delete Settings', { timeout: 30_000 }, () => {
  it.each(SECTIONS)(
    'sees /settings/%s read-only: the list, no forms, no buttons',
    async (path, title, section) => {
      const { container } = open(path, section, VIEWER);
      const list = await listWithRows(title);

      expect(within(container).queryAllByRole('button')).toHaveLength(0);
      expect(within(container).queryAllByRole('form')).toHaveLength(0);
      expect(list.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    },
  );

  it('still sees what is stored, e.g. amounts and factors', async () => {
    const salaries = open('base-salary', <BaseSalariesSection />, VIEWER);
    await listWithRows('Base Salaries');
    expect(cell('Base Salaries', 'SeniorL2', 2)).toBe('$4,200.00');
    salaries.unmount();

    open('adjustment-factors', <AdjustmentFactorsSection />, VIEWER);
    await listWithRows('Adjustment Factors');
    expect(cell('Adjustment Factors', 'EngineeringBackend', 3)).toBe('+10%');
  });
});

describe('someone who may change settings, on the same screens', { timeout: 30_000 }, () => {
  it('gets the controls: Add Job and each row’s Edit', async () => {
    open('jobs', <JobsSection />, MANAGER);
    const list = await listWithRows('Jobs');
    expect(await screen.findByRole('button', { name: /Add Job/ }, WAIT)).toBeInTheDocument();
    expect(list.getAllByRole('button', { name: /Edit/ }).length).toBeGreaterThan(0);
  });

  it.each(SECTIONS)('gets buttons on /settings/%s', async (path, title, section) => {
    const { container } = open(path, section, MANAGER);
    await listWithRows(title);
    expect(within(container).queryAllByRole('button').length).toBeGreaterThan(0);
  });
});
