import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newUser } from '../../test/fixtures.ts';
import { envelope, sendJson, setPageUrl, testServerForFile } from '../../test/http-test-server.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { serveSignedIn } from '../../test/sign-in.ts';
import { CurrentPayPanel } from './current-pay-panel.tsx';

/*
 * Edit Employee shows the pay the employee has now, at the top: only the figures the viewer
 * may see (the server leaves the others out of the employee it answers).
 */

const server = testServerForFile();
const WAIT = { timeout: 10_000 };

const base = {
  id: 7,
  name: 'Ada Lovelace',
} as unknown as EmployeeView;

function open(permissions: Record<string, boolean>, employee: EmployeeView) {
  serveSignedIn(server, newUser({ permissions }), (req, res) => {
    if (req.path === '/api/employees/7/breakdown')
      return sendJson(res, 200, envelope({ grossSalary: 5000, netSalary: 4300, lines: [], deductions: [] }));
    sendJson(res, 404, { success: false, message: 'Not found' });
  });
  return renderWithProviders(<CurrentPayPanel employee={employee} />, { route: '/employees/edit/7' });
}

beforeEach(() => setPageUrl(`${server.origin}/employees/edit/7`));
afterEach(() => vi.restoreAllMocks());

describe('Current pay on Edit Employee', { timeout: 30_000 }, () => {
  it('shows gross, net and total cost to someone who may see salaries and costs', async () => {
    open({ showSalary: true, showCost: true }, { ...base, calculatedSalary: 5000, accumulatedCost: 6200 });
    expect(await screen.findByRole('region', { name: 'Gross salary' }, WAIT)).toHaveTextContent('$5,000.00');
    expect(screen.getByRole('region', { name: 'Total cost' })).toHaveTextContent('$6,200.00');
    const net = screen.getByRole('region', { name: 'Net salary' });
    await vi.waitFor(() => expect(net).toHaveTextContent('$4,300.00'), WAIT);
  });

  it('shows only the total cost to someone who may see costs but not salaries, and asks for no breakdown', async () => {
    open({ showCost: true }, { ...base, accumulatedCost: 6200 });
    expect(await screen.findByRole('region', { name: 'Total cost' }, WAIT)).toHaveTextContent('$6,200.00');
    expect(screen.queryByRole('region', { name: 'Gross salary' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Net salary' })).toBeNull();
    expect(server.requests.some((r) => r.path.endsWith('/breakdown'))).toBe(false);
  });

  it('shows nothing to someone who may see neither', async () => {
    const { container } = open({}, base);
    expect(container.querySelector('[data-testid="current-pay-value"]')).toBeNull();
    expect(document.body).not.toHaveTextContent('$');
  });
});
