import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import MultipliersSection from '../../features/settings/multipliers-section.tsx';
import SocialInsuranceSection from '../../features/settings/social-insurance-section.tsx';
import { newUser } from '../../test/fixtures.ts';
import { envelope, sendJson, setPageUrl, testServerForFile } from '../../test/http-test-server.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { newSettings } from '../../test/settings-server.ts';
import { serveSignedIn } from '../../test/sign-in.ts';

/*
 * Preview impact on the rule screens: the preview of what saving would do, with monthly
 * payroll and total cost before → after, downloadable, and nothing saved (no PUT leaves).
 */

const server = testServerForFile();
const WAIT = { timeout: 10_000 };

const settings = newSettings();

const IMPACT = {
  employees: 20,
  employeesAffected: 12,
  showSalary: true,
  showCost: true,
  totals: {
    grossBefore: 120742.1,
    grossAfter: 123100,
    grossDelta: 2357.9,
    grossDeltaPercent: 1.95,
    costBefore: 151000,
    costAfter: 153950.5,
    costDelta: 2950.5,
    costDeltaPercent: 1.95,
  },
  byJob: [],
  byGrade: [],
  changes: [],
};

function open(section: ReactNode, impact: object = IMPACT) {
  serveSignedIn(
    server,
    newUser({ permissions: { showSettings: true, manageSettings: true } }),
    (req, res) => {
      if (req.method === 'GET' && req.path === '/api/settings') return sendJson(res, 200, envelope(settings));
      if (req.path === '/api/impact') return sendJson(res, 200, envelope(impact));
      if (req.path === '/api/impact/export') {
        res.writeHead(200, {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition': 'attachment; filename="impact_preview.xlsx"',
        });
        return res.end('PK');
      }
      sendJson(res, 500, { success: false, message: 'unexpected' });
    },
  );
  return renderWithProviders(section, { route: '/settings' });
}

beforeEach(() => {
  setPageUrl(`${server.origin}/settings`);
  // jsdom has no object URLs: the download's save is seen through them.
  URL.createObjectURL = vi.fn(() => 'blob:impact');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

describe('Preview impact', { timeout: 30_000 }, () => {
  it('shows payroll and total cost before → after, downloads the preview, and saves nothing', async () => {
    open(<MultipliersSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Preview impact' }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: 'Impact preview' }, WAIT);
    const payroll = within(dialog).getByRole('region', { name: 'Monthly payroll' });
    expect(payroll).toHaveTextContent('$120,742.10 → $123,100.00');
    expect(payroll).toHaveTextContent('+$2,357.90 (+2.0%)');
    expect(within(dialog).getByRole('region', { name: 'Total cost' })).toHaveTextContent(
      '$151,000.00 → $153,950.50',
    );
    expect(dialog).toHaveTextContent('A preview: nothing has been saved.');
    expect(within(dialog).queryByRole('button', { name: 'Confirm' })).toBeNull();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Download (.xlsx)' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled(), WAIT);
    const exported = server.requests.find((r) => r.path === '/api/impact/export');
    expect(JSON.parse(exported?.body ?? '{}')).toMatchObject({ method: 'PUT', path: '/settings' });

    // The dialog's own Close (the title bar's × is named Close too).
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
    expect(server.requests.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it('on Social Insurance too, showing only the figures the viewer may see', async () => {
    const { costBefore: _b, costAfter: _a, costDelta: _d, costDeltaPercent: _p, ...gross } = IMPACT.totals;
    open(<SocialInsuranceSection />, { ...IMPACT, showCost: false, totals: gross });
    await userEvent.click(await screen.findByRole('button', { name: 'Preview impact' }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: 'Impact preview' }, WAIT);
    expect(within(dialog).getByRole('region', { name: 'Monthly payroll' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('region', { name: 'Total cost' })).toBeNull();
    expect(server.requests.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it('before a save, the same totals sit above Confirm', async () => {
    open(<MultipliersSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Save All Changes' }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: 'Impact of this change' }, WAIT);
    expect(within(dialog).getByRole('region', { name: 'Monthly payroll' })).toHaveTextContent(
      '$120,742.10 → $123,100.00',
    );
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeInTheDocument();
  });

  it('a past change that moves no pay today but owes back pay is still shown, and asked before a save', async () => {
    const flat = {
      grossBefore: 1000,
      grossAfter: 1000,
      grossDelta: 0,
      costBefore: 1200,
      costAfter: 1200,
      costDelta: 0,
    };
    open(<MultipliersSection />, {
      ...IMPACT,
      employeesAffected: 0,
      totals: flat,
      backPay: {
        from: '2026-10-18',
        to: '2026-11-26',
        employees: [{ id: 7, name: 'Ada Lovelace', gross: 812.4, cost: 950.51 }],
        employeeCount: 1,
        totals: { gross: 812.4, cost: 950.51 },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Preview impact' }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: 'Impact preview' }, WAIT);
    expect(within(dialog).getByRole('region', { name: 'Gross back pay' })).toHaveTextContent('$812.40');
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);

    await userEvent.click(screen.getByRole('button', { name: 'Save All Changes' }));
    const asking = await screen.findByRole('dialog', { name: 'Impact of this change' }, WAIT);
    expect(within(asking).getByRole('region', { name: 'Back pay owed' })).toBeInTheDocument();
    expect(within(asking).getByRole('button', { name: 'Confirm' })).toBeInTheDocument();
    expect(screen.queryByText('No employee is affected by this change')).toBeNull();
    expect(server.requests.filter((r) => r.method === 'PUT')).toEqual([]);
  });
});
