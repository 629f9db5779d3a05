import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import * as dated from '../../test/dated.ts';
import { NO_BAND_OF_ITS_OWN } from '../../test/fixtures.ts';
import { envelope, previewPaths, sendJson } from '../../test/http-test-server.ts';
import { MANAGER } from '../../test/settings-server.ts';
import { signedInPage } from '../../test/sign-in.ts';
import BaseSalariesSection from './base-salaries-section.tsx';

/* Settings → Base Salaries with dates: Effective from on the form and the grid, and the rows' waiting changes. */

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
    ...NO_BAND_OF_ITS_OWN,
    band: { min: 6300, max: 7700 },
    grade: senior,
    level,
    version: 1,
  },
];
const waiting = [
  dated.ruleChange(41, 'baseSalary', 'Junior / Level I', dated.NEXT_YEAR, [
    { field: 'amount', before: 5000, after: 5150 },
  ]),
  // An employee's change and a factor's do not show on base salary rows.
  { ...dated.ruleChange(42, 'adjustmentFactor', 'Senior / Level I', dated.NEXT_YEAR, []), changes: [] },
];

/** The writes (not previews) the screen sent, and the previews' requested paths. */
function open(route: string) {
  page.open(
    MANAGER,
    <BaseSalariesSection />,
    (req, res) => {
      const url = new URL(req.path, server.origin);
      const answers: Record<string, unknown> = {
        '/api/grades': [junior, senior],
        '/api/levels': [level],
        '/api/base-salary': stored,
        '/api/scheduled-changes': waiting,
      };
      if (req.method === 'GET' && url.pathname in answers)
        return sendJson(res, 200, envelope(answers[url.pathname]));
      if (req.method === 'POST' && url.pathname === '/api/base-salary/bulk')
        return sendJson(res, 200, envelope({ created: 0, updated: 1, deleted: 0, baseSalaries: stored }));
      if (req.method === 'POST' && url.pathname === '/api/base-salary')
        return sendJson(res, 201, envelope({ ...stored[0], id: 11 }));
      if (req.method === 'PUT' && url.pathname === '/api/base-salary/9')
        return sendJson(res, 200, envelope({ ...stored[0], version: 2 }));
      sendJson(res, 404, { success: false, message: 'Not found', error: 'NOT_FOUND', data: null });
    },
    route,
  );
}

const writes = () =>
  server.requests.filter((r) => r.method !== 'GET' && !r.path.startsWith('/api/impact')).map((r) => r.path);

const input = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });

async function pick(label: RegExp, option: string) {
  await userEvent.click(input(label));
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

async function fillNew() {
  await screen.findByRole('button', { name: 'Add Base Salary' }, WAIT);
  await pick(/^Grade/, 'Junior');
  await pick(/^Level/, 'Level I');
  await userEvent.type(input(/^Base Salary Amount/), '5150');
}

describe('Settings → Base Salaries: effective from', () => {
  it('reads "today" and sends no effectiveFrom unless opened; opened and left empty is still today', async () => {
    open('/settings/base-salary');
    await fillNew();
    expect(screen.getByText(/Effective from:/)).toHaveTextContent('Effective from: today');
    await userEvent.click(screen.getByRole('button', { name: 'change' }));
    expect(screen.getByLabelText(/Effective from/)).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Add Base Salary' }));
    expect(await screen.findByText('Base salary created successfully', {}, WAIT)).toBeInTheDocument();
    expect(writes()).toEqual(['/api/base-salary']);
    expect(previewPaths(server)).toEqual(['/base-salary']);
  });

  it('schedules a new base salary from a day to come: the preview and the save carry the day, the toast says so', async () => {
    open('/settings/base-salary');
    await fillNew();
    await dated.chooseDay(dated.NEXT_YEAR);
    await userEvent.click(screen.getByRole('button', { name: 'Add Base Salary' }));
    await dated.expectScheduledToast('Base salary created successfully', dated.NEXT_YEAR, WAIT);
    expect(writes()).toEqual([`/api/base-salary?effectiveFrom=${dated.NEXT_YEAR}`]);
    expect(previewPaths(server)).toEqual([`/base-salary?effectiveFrom=${dated.NEXT_YEAR}`]);
    // The form is ready for the next one, from today again.
    await waitFor(() => expect(input(/^Base Salary Amount/)).toHaveValue(null));
    expect(screen.getByText(/Effective from:/)).toHaveTextContent('today');
  });

  it("writes an edit from a past day with the spec's toast, nothing about a schedule", async () => {
    open('/settings/base-salary');
    const [edit] = await screen.findAllByRole('button', { name: 'Edit Junior / Level I' }, WAIT);
    await userEvent.click(edit as HTMLElement);
    await screen.findByRole('button', { name: 'Update Base Salary' });
    await dated.chooseDay(dated.LAST_YEAR);
    await userEvent.click(screen.getByRole('button', { name: 'Preview impact' }));
    await waitFor(() =>
      expect(previewPaths(server)).toEqual([`/base-salary/9?effectiveFrom=${dated.LAST_YEAR}`]),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Update Base Salary' }));
    const toast = await screen.findByText(/^Base salary updated successfully/, {}, WAIT);
    expect(toast.textContent).toBe('Base salary updated successfully');
    expect(writes()).toEqual([`/api/base-salary/9?effectiveFrom=${dated.LAST_YEAR}`]);
  });

  it('shows a waiting change under its row only: "from <day>: <amount>"', async () => {
    open('/settings/base-salary');
    const table = await screen.findByRole('table', {}, WAIT);
    const [junior5000, senior7000] = within(table).getAllByRole('row').slice(1);
    await waitFor(() =>
      expect(junior5000).toHaveTextContent(`$5,000.00from ${dated.dayText(dated.NEXT_YEAR)}: $5,150.00`),
    );
    expect(senior7000).not.toHaveTextContent('from');
  });
});

describe('Settings → Base Salaries, Grid: effective from', () => {
  it('saves the changed cells from a day to come, says so, and shows each waiting change under its cell', async () => {
    open('/settings/base-salary?view=grid');
    const cell = await screen.findByRole('textbox', { name: 'Senior / Level I' }, WAIT);
    await waitFor(() =>
      expect(screen.getByText(`from ${dated.dayText(dated.NEXT_YEAR)}: $5,150.00`)).toBeInTheDocument(),
    );
    await userEvent.clear(cell);
    await userEvent.type(cell, '7200');
    await dated.chooseDay(dated.NEXT_YEAR);
    await userEvent.click(screen.getByRole('button', { name: 'Save 1 cell' }));
    await dated.expectScheduledToast('Base salaries saved successfully', dated.NEXT_YEAR, WAIT);
    expect(writes()).toEqual([`/api/base-salary/bulk?effectiveFrom=${dated.NEXT_YEAR}`]);
    expect(screen.getByTestId('grid-note')).toHaveTextContent(
      `Scheduled from ${dated.dayText(dated.NEXT_YEAR)}: 0 created, 1 updated, 0 cleared.`,
    );
    // Today's amount stays in the cell.
    await waitFor(() => expect(cell).toHaveValue('7000'));
  });

  it('saves from today without a day', async () => {
    open('/settings/base-salary?view=grid');
    const cell = await screen.findByRole('textbox', { name: 'Senior / Level I' }, WAIT);
    await userEvent.clear(cell);
    await userEvent.type(cell, '7200');
    await userEvent.click(screen.getByRole('button', { name: 'Save 1 cell' }));
    const toast = await screen.findByText(/^Base salaries saved successfully/, {}, WAIT);
    expect(toast.textContent).toBe('Base salaries saved successfully');
    expect(writes()).toEqual(['/api/base-salary/bulk']);
  });
});
