import { DEFAULT_SETTINGS_VALUES } from '@salary/shared/settings/settings.contract';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import CalculatorPage from '../features/calculator/calculator-page.tsx';
import { EmployeeFilters } from '../features/employees/employee-filters.tsx';
import { newUser } from '../test/fixtures.ts';
import { envelope, sendJson, setPageUrl, testServerForFile } from '../test/http-test-server.ts';
import { renderWithProviders } from '../test/render-app.tsx';
import { serveSignedIn } from '../test/sign-in.ts';

/* Keyboard: a select jumps to what is typed, wherever the app builds one. */

const server = testServerForFile();
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const grades = ['G1', 'G2', 'G3'].map((name, i) => ({ id: i + 1, name, order: i, version: 1 }));
const settings = { ...DEFAULT_SETTINGS_VALUES, version: 1, updatedAt: '2026-01-01T00:00:00.000Z' };

beforeEach(() => {
  setPageUrl(`${server.origin}/calculator`);
  serveSignedIn(server, newUser({ permissions: { showSalary: true } }), (req, res) => {
    if (req.path === '/api/grades') return sendJson(res, 200, envelope(grades));
    if (req.path === '/api/settings') return sendJson(res, 200, envelope(settings));
    sendJson(res, 200, envelope([]));
  });
});

/** Focus, type, ↓, Enter: keys only. */
async function typeAndPick(select: HTMLElement, typed: string) {
  select.focus();
  await userEvent.keyboard(`${typed}{ArrowDown}{Enter}`);
}

describe('selects jump to typed text', () => {
  it('picks G2 on the calculator after typing "G2", ↓ and Enter', async () => {
    renderWithProviders(<CalculatorPage />, { route: '/calculator' });
    const grade = await screen.findByRole('combobox', { name: /^Grade/ });
    await screen.findByPlaceholderText('Select a grade');
    await typeAndPick(grade, 'G2');
    await waitFor(() => expect(grade).toHaveValue('G2'));
  });

  it('picks G3 in the directory filter the same way', async () => {
    const onApply = vi.fn();
    renderWithProviders(
      <EmployeeFilters filters={{}} showSalaryFilters applying={false} onApply={onApply} />,
    );
    const grade = await screen.findByRole('combobox', { name: 'Grade' });
    // The options are in once the grades have loaded.
    await waitFor(() => expect(server.requests.some((r) => r.path === '/api/grades')).toBe(true));
    await typeAndPick(grade, 'g3');
    await waitFor(() => expect(onApply).toHaveBeenCalledWith({ gradeId: 3 }));
  });
});
