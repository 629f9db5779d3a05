import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import * as dated from '../../test/dated.ts';
import { NO_BAND_OF_ITS_OWN } from '../../test/fixtures.ts';
import { envelope, sendJson } from '../../test/http-test-server.ts';
import { MANAGER, VIEWER } from '../../test/settings-server.ts';
import { signedInPage } from '../../test/sign-in.ts';
import BaseSalariesSection from './base-salaries-section.tsx';

/* Settings → Base Salaries → Bands: each band shown, a grade's spread and a cell's bounds saved, dated. */

const page = signedInPage('/settings/base-salary');
const { server } = page;
vi.setConfig({ testTimeout: 40_000 });
const WAIT = { timeout: 15_000 };

const junior = { id: 1, name: 'Junior', order: 0, version: 1 };
const senior = { id: 3, name: 'Senior', order: 1, version: 1 };
const level = { id: 2, name: 'Level I', order: 0, version: 1 };
const stored = [
  {
    id: 9,
    gradeId: 1,
    levelId: 2,
    amount: 5000,
    ...NO_BAND_OF_ITS_OWN,
    band: { min: 4500, max: 5500 },
    grade: junior,
    level,
    version: 1,
  },
  {
    id: 10,
    gradeId: 3,
    levelId: 2,
    amount: 7000,
    bandSpread: null,
    bandMin: 6000,
    bandMax: null,
    band: { min: 6000, max: 7700 },
    grade: senior,
    level,
    version: 4,
  },
];

/** `refuse`: the bulk save's 400, naming the cell's field. */
function open(user = MANAGER, refuse?: { field: string; message: string }) {
  page.open(
    user,
    <BaseSalariesSection />,
    (req, res) => {
      const url = new URL(req.path, server.origin);
      const answers: Record<string, unknown> = {
        '/api/grades': [junior, senior],
        '/api/levels': [level],
        '/api/base-salary': stored,
        '/api/scheduled-changes': [],
      };
      if (req.method === 'GET' && url.pathname in answers)
        return sendJson(res, 200, envelope(answers[url.pathname]));
      if (req.method === 'POST' && url.pathname === '/api/base-salary/bulk')
        return refuse
          ? sendJson(res, 400, {
              success: false,
              message: 'One cell was refused; nothing was saved',
              error: 'VALIDATION_ERROR',
              data: { fields: [refuse] },
            })
          : sendJson(res, 200, envelope({ created: 0, updated: 1, deleted: 0, baseSalaries: stored }));
      sendJson(res, 404, { success: false, message: 'Not found', error: 'NOT_FOUND', data: null });
    },
    '/settings/base-salary?view=bands',
  );
}

const saves = () =>
  server.requests
    .filter((r) => r.method === 'POST' && r.path.startsWith('/api/base-salary/bulk'))
    .map((r) => ({ path: r.path, body: JSON.parse(r.body) as unknown }));
const input = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });
async function pick(label: RegExp, option: string) {
  await userEvent.click(input(label));
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

describe('Settings → Base Salaries → Bands', () => {
  it('shows each band around its base salary and where it comes from', async () => {
    open(VIEWER);
    const table = await screen.findByRole('table', { name: 'Salary bands by grade and level' }, WAIT);
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(`^${name}`) });
    expect(row('Junior / Level I')).toHaveTextContent('$4,500.00$5,000.00$5,500.00±10% (default)');
    expect(row('Senior / Level I')).toHaveTextContent(
      '$6,000.00$7,000.00$7,700.00Typed minimum; maximum ±10% (default)',
    );
    // Reading is all a viewer may do.
    expect(screen.queryByRole('button', { name: 'Set grade spread' })).not.toBeInTheDocument();
  });

  it("sets a grade's spread on every base salary of the grade, from a day to come", async () => {
    open();
    await screen.findByRole('table', { name: 'Salary bands by grade and level' }, WAIT);
    await pick(/^Grade$/, 'Junior');
    await userEvent.type(input(/^Band Spread/), '15');
    await dated.chooseDay(dated.NEXT_YEAR);
    await userEvent.click(screen.getByRole('button', { name: 'Set grade spread' }));
    await dated.expectScheduledToast('Salary bands saved successfully', dated.NEXT_YEAR, WAIT);
    expect(saves()).toEqual([
      {
        path: `/api/base-salary/bulk?effectiveFrom=${dated.NEXT_YEAR}`,
        body: { cells: [{ gradeId: 1, levelId: 2, amount: 5000, version: 1, bandSpread: 15 }] },
      },
    ]);
  });

  it('saves a minimum and maximum typed for one grade and level; an emptied bound goes back to the spread', async () => {
    open();
    await screen.findByRole('table', { name: 'Salary bands by grade and level' }, WAIT);
    await pick(/^Grade and level/, 'Senior / Level I');
    await waitFor(() => expect(input(/^Band Minimum/)).toHaveValue('$6,000'));
    await userEvent.clear(input(/^Band Minimum/));
    await userEvent.type(input(/^Band Maximum/), '7400');
    await userEvent.click(screen.getByRole('button', { name: 'Save band' }));
    expect(await screen.findByText('Salary bands saved successfully', {}, WAIT)).toBeInTheDocument();
    expect(saves().map((s) => s.body)).toEqual([
      { cells: [{ gradeId: 3, levelId: 2, amount: 7000, version: 4, bandMin: null, bandMax: 7400 }] },
    ]);
  });

  it("shows the server's reason under the bound it refused, and keeps what was typed", async () => {
    open(MANAGER, {
      field: 'cells.0.bandMax',
      message: 'Band Maximum must be at least the Base Salary Amount',
    });
    await screen.findByRole('table', { name: 'Salary bands by grade and level' }, WAIT);
    await pick(/^Grade and level/, 'Junior / Level I');
    await userEvent.type(input(/^Band Maximum/), '4000');
    await userEvent.click(screen.getByRole('button', { name: 'Save band' }));
    expect(
      await screen.findByText('Band Maximum must be at least the Base Salary Amount', {}, WAIT),
    ).toBeInTheDocument();
    expect(input(/^Band Maximum/)).toHaveValue('$4,000');
  });
});
