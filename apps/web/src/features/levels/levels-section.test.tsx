import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/token-storage.ts';
import { newUser } from '../../test/fixtures.ts';
import { envelope, sendJson, setPageUrl, testServerForFile } from '../../test/http-test-server.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import LevelsSection from './levels-section.tsx';

const server = testServerForFile();

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });
let levels: { id: number; name: string; order: number; version: number }[];
let reorders: unknown[];
let deleteRefusal: string | null;

beforeEach(() => {
  levels = [
    { id: 1, name: 'Entry', order: 0, version: 1 },
    { id: 2, name: 'Mid', order: 1, version: 1 },
    { id: 3, name: 'Expert', order: 2, version: 1 },
  ];
  reorders = [];
  deleteRefusal = null;
  setPageUrl(`${server.origin}/settings/levels`);
  setToken('token');
  const user = newUser({ permissions: { showSettings: true, manageSettings: true } });
  server.handle((req, res) => {
    if (req.path === '/api/auth/me') return sendJson(res, 200, envelope({ token: 'token', user }));
    if (req.method === 'GET' && req.path === '/api/levels') {
      return sendJson(res, 200, envelope([...levels].sort((a, b) => a.order - b.order)));
    }
    if (req.method === 'POST' && req.path === '/api/levels/reorder') {
      const body = JSON.parse(req.body) as { levels: { id: number; order: number }[] };
      reorders.push(body);
      for (const pair of body.levels) levels.find((l) => l.id === pair.id)!.order = pair.order;
      return sendJson(res, 200, envelope(levels));
    }
    if (req.method === 'DELETE' && req.path.startsWith('/api/levels/')) {
      if (deleteRefusal)
        return sendJson(res, 409, { success: false, message: deleteRefusal, error: 'CONFLICT', data: null });
      const id = Number(req.path.split('/').pop());
      levels = levels.filter((l) => l.id !== id);
      return sendJson(res, 200, envelope(null, 'Level deleted successfully'));
    }
    sendJson(res, 404, { success: false, message: 'Not found', error: 'NOT_FOUND', data: null });
  });
});

const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('td')?.textContent);

async function askDelete(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Delete ${name}` }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Delete level' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
}

describe('LevelsSection', () => {
  it('moves a level up from the keyboard, sends every pair, and shows the reloaded order', async () => {
    renderWithProviders(<LevelsSection />);
    expect(await screen.findByRole('button', { name: 'Move Entry up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Expert down' })).toBeDisabled();
    screen.getByRole('button', { name: 'Move Expert up' }).focus();
    await userEvent.keyboard('{Enter}');

    await waitFor(() => expect(names()).toEqual(['Entry', 'Expert', 'Mid']));
    expect(reorders).toEqual([
      {
        levels: [
          { id: 1, order: 0 },
          { id: 2, order: 2 },
          { id: 3, order: 1 },
        ],
      },
    ]);
  });

  it('deletes a level nothing uses after the confirmation', async () => {
    renderWithProviders(<LevelsSection />);
    await askDelete('Mid');
    expect(await screen.findByText('Level deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(names()).toEqual(['Entry', 'Expert']));
  });

  it("shows the server's reason when a level in use is not deleted, and keeps it", async () => {
    deleteRefusal = 'Cannot delete level "Mid": 2 employees are assigned to it';
    renderWithProviders(<LevelsSection />);
    await askDelete('Mid');
    expect(await screen.findByText(deleteRefusal)).toBeInTheDocument();
    expect(names()).toEqual(['Entry', 'Mid', 'Expert']);
  });
});
