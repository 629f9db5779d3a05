import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/token-storage.ts';
import { newUser } from '../../test/fixtures.ts';
import { envelope, sendJson, setPageUrl, testServerForFile } from '../../test/http-test-server.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import GradesSection from './grades-section.tsx';

const server = testServerForFile();

// Each test signs in and drives real inputs; on a busy shared machine that outlasts the defaults.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });
let grades: { id: number; name: string; order: number; version: number }[];
let reorders: unknown[];
let failReorder: boolean;

beforeEach(() => {
  grades = [
    { id: 1, name: 'Junior', order: 0, version: 1 },
    { id: 2, name: 'Middle', order: 1, version: 1 },
    { id: 3, name: 'Senior', order: 2, version: 1 },
  ];
  reorders = [];
  failReorder = false;
  setPageUrl(`${server.origin}/settings/grades`);
  setToken('token');
  const user = newUser({ permissions: { showSettings: true, manageSettings: true } });
  server.handle((req, res) => {
    if (req.path === '/api/auth/me') return sendJson(res, 200, envelope({ token: 'token', user }));
    if (req.method === 'GET' && req.path === '/api/grades') {
      return sendJson(res, 200, envelope([...grades].sort((a, b) => a.order - b.order)));
    }
    if (req.method === 'POST' && req.path === '/api/grades/reorder') {
      if (failReorder) return sendJson(res, 500, { success: false, message: '', error: null, data: null });
      const body = JSON.parse(req.body) as { grades: { id: number; order: number }[] };
      reorders.push(body);
      for (const pair of body.grades) grades.find((g) => g.id === pair.id)!.order = pair.order;
      return sendJson(res, 200, envelope(grades));
    }
    sendJson(res, 404, { success: false, message: 'Not found', error: 'NOT_FOUND', data: null });
  });
});

const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('td')?.textContent);

describe('GradesSection reordering', () => {
  it('disables Up on the first row and Down on the last', async () => {
    renderWithProviders(<GradesSection />);
    expect(await screen.findByRole('button', { name: 'Move Junior up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Senior down' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Middle up' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Move Middle down' })).toBeEnabled();
  });

  it('swaps two neighbours’ orders, sends every pair, then shows the reloaded list', async () => {
    renderWithProviders(<GradesSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Move Middle down' }));

    await waitFor(() => expect(names()).toEqual(['Junior', 'Senior', 'Middle']));
    expect(reorders).toEqual([
      {
        grades: [
          { id: 1, order: 0 },
          { id: 2, order: 2 },
          { id: 3, order: 1 },
        ],
      },
    ]);
    // The list is asked for again after the reorder, not patched locally (the company's format,
    // read once per session, may load in between).
    const calls = server.requests.map((r) => `${r.method} ${r.path}`).filter((c) => c !== 'GET /api/company');
    expect(calls.slice(calls.indexOf('POST /api/grades/reorder'))).toEqual([
      'POST /api/grades/reorder',
      'GET /api/grades',
    ]);
  });

  it("toasts 'Failed to reorder grades' when the server gives no reason", async () => {
    failReorder = true;
    renderWithProviders(<GradesSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Move Senior up' }));
    expect(await screen.findByText('Failed to reorder grades')).toBeInTheDocument();
    expect(names()).toEqual(['Junior', 'Middle', 'Senior']);
  });
});
