import type {
  ProposalCells,
  WorksheetImportReport,
} from '@salary/shared/raise-cycles/worksheet-file.contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeDownloads } from '../../test/as-of-page.tsx';
import { newUser } from '../../test/fixtures.ts';
import { envelope, type RecordedRequest, sendJson } from '../../test/http-test-server.ts';
import { signedInPage } from '../../test/sign-in.ts';
import { WorksheetFileActions } from './worksheet-file-actions.tsx';

/*
 * The worksheet's file buttons against a real HTTP server: the export downloads the cycle's
 * .xlsx; the import previews the picked file (a dry run), shows the rows that change and, on
 * Confirm, imports it and tells the page; a file refused for its cells or for rows changed since
 * the export lists them in the dialog and imports nothing.
 */

const page = signedInPage('/raise-cycles/5');
const { server } = page;
fakeDownloads();
const WAIT = { timeout: 10_000 };
const IMPORT_PATH = '/api/raise-cycles/5/worksheet/import';

const none: ProposalCells = { rating: null, kind: 'NONE', value: null, grade: null, level: null, reason: '' };

const report = (over: Partial<WorksheetImportReport> = {}): WorksheetImportReport => ({
  sheet: 'Worksheet',
  changed: 2,
  changes: [
    {
      row: 2,
      employeeId: 1,
      name: 'Ana Lima',
      before: none,
      after: { ...none, kind: 'PERCENT', value: 3, rating: 4 },
      currentGross: 4000,
      newGrossBefore: 4000,
      newGross: 4120,
    },
    {
      row: 3,
      employeeId: 2,
      name: 'Bo Berg',
      before: { ...none, kind: 'AMOUNT', value: 100 },
      after: { ...none, kind: 'MOVE', grade: 'G2', level: 'Senior', reason: 'Promotion' },
      currentGross: 4000,
      newGrossBefore: 4100,
      newGross: 4500,
    },
  ],
  unchanged: 5,
  totals: { eligiblePayroll: 8000, budget: 160, budgetUsed: 620, overBudget: true },
  warnings: ['The proposals are over budget'],
  ...over,
});

type Answer = (dryRun: boolean, res: Parameters<typeof sendJson>[0]) => void;

/** Serves the export and the import (`answer` decides the import's answer); answers the calls made. */
function open(answer: Answer, { editable = true } = {}) {
  const calls: RecordedRequest[] = [];
  const onImported = vi.fn();
  page.open(
    newUser({ permissions: { showSalary: true, manageEmployee: true } }),
    <WorksheetFileActions cycleId={5} editable={editable} onImported={onImported} />,
    (req, res) => {
      const url = new URL(req.path, server.origin);
      calls.push(req);
      if (req.method === 'GET' && url.pathname === '/api/raise-cycles/5/worksheet.xlsx') {
        res.writeHead(200, {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition': 'attachment; filename="raise_worksheet_5.xlsx"',
        });
        return res.end('PK');
      }
      if (req.method === 'POST' && url.pathname === IMPORT_PATH)
        return answer(url.searchParams.get('dryRun') === 'true', res);
      sendJson(res, 404, { success: false, message: 'Not found', error: 'NOT_FOUND', data: null });
    },
  );
  const imports = () => calls.filter((r) => r.path.startsWith(IMPORT_PATH));
  return { calls, imports, onImported };
}

async function pickFile() {
  const input = await screen.findByLabelText('Worksheet file to import', {}, WAIT);
  await userEvent.upload(
    input,
    new File(['not really a workbook'], 'raise_worksheet_5.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    }),
  );
  return screen.findByRole('dialog', { name: 'Import worksheet' }, WAIT);
}

const refused = (res: Parameters<typeof sendJson>[0], status: number, message: string, data: unknown) =>
  sendJson(res, status, {
    success: false,
    message,
    error: status === 400 ? 'VALIDATION_ERROR' : 'CONFLICT',
    data,
  });

describe('WorksheetFileActions', { timeout: 30_000 }, () => {
  it('downloads the worksheet as .xlsx', async () => {
    const { calls } = open(() => {});
    await userEvent.click(await screen.findByRole('button', { name: 'Export worksheet (.xlsx)' }, WAIT));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled(), WAIT);
    expect(calls.some((r) => r.method === 'GET' && r.path === '/api/raise-cycles/5/worksheet.xlsx')).toBe(
      true,
    );
  });

  it('previews the rows that change, writes nothing until Confirm, then imports and tells the page', async () => {
    const { imports, onImported } = open((dryRun, res) =>
      sendJson(
        res,
        200,
        envelope(
          report(),
          dryRun ? '2 to change, 5 unchanged' : '2 proposals imported. The proposals are over budget',
        ),
      ),
    );
    const dialog = await pickFile();
    const table = await within(dialog).findByRole('table', { name: 'Rows that change' }, WAIT);
    expect(within(dialog).getByText('2 rows change, 5 unchanged.')).toBeInTheDocument();
    expect(
      within(dialog).getByText(/The proposals are over budget: \$620\.00 of \$160\.00/),
    ).toBeInTheDocument();
    const [, ana, bo] = within(table).getAllByRole('row');
    expect(
      within(ana!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2', 'Ana Lima', 'None', 'Percent 3%, rating 4', '$4,000.00 → $4,120.00']);
    expect(
      within(bo!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      '3',
      'Bo Berg',
      'Amount $100.00',
      'Move to G2 / Senior — "Promotion"',
      '$4,100.00 → $4,500.00',
    ]);
    expect(imports()).toHaveLength(1);
    expect(imports()[0]!.path).toBe(`${IMPORT_PATH}?dryRun=true`);
    expect(imports()[0]!.body).toContain('form-data; name="file"');
    expect(onImported).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('2 proposals imported. The proposals are over budget', {}, WAIT),
    ).toBeInTheDocument();
    expect(imports()).toHaveLength(2);
    expect(imports()[1]!.path).toBe(IMPORT_PATH);
    expect(onImported).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Import worksheet' })).toBeNull(), WAIT);
  });

  it('offers nothing to confirm when the file changes no proposal', async () => {
    const { imports } = open((_dryRun, res) =>
      sendJson(
        res,
        200,
        envelope(report({ changed: 0, changes: [], warnings: [] }), '0 to change, 7 unchanged'),
      ),
    );
    const dialog = await pickFile();
    const nothing = await within(dialog).findByText('The file changes no proposal (5 unchanged).', {}, WAIT);
    // The dialog may still be fading in (Mantine's transition) on a loaded machine: wait for it.
    await waitFor(() => expect(nothing).toBeVisible(), WAIT);
    expect(within(dialog).queryByRole('button', { name: 'Confirm' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(imports()).toHaveLength(1);
  });

  it('lists every bad cell by row and column, and imports nothing', async () => {
    const { imports, onImported } = open((_dryRun, res) =>
      refused(res, 400, 'The file has 2 problems (sheet "Worksheet"); nothing was imported.', {
        sheet: 'Worksheet',
        problems: [
          { row: 2, column: 'Raise kind', message: 'Raise kind must be one of None, Percent, Amount, Move' },
          { row: 4, column: 'Employee ID', message: 'Employee 9 is not in this cycle' },
        ],
      }),
    );
    const dialog = await pickFile();
    const table = await within(dialog).findByRole('table', { name: 'Import problems' }, WAIT);
    const message = within(dialog).getByText(
      'The file has 2 problems (sheet "Worksheet"); nothing was imported.',
    );
    await waitFor(() => expect(message).toBeVisible(), WAIT);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['2', 'Raise kind', 'Raise kind must be one of None, Percent, Amount, Move'],
      ['4', 'Employee ID', 'Employee 9 is not in this cycle'],
    ]);
    expect(within(dialog).queryByRole('button', { name: 'Confirm' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(imports()).toHaveLength(1);
    expect(onImported).not.toHaveBeenCalled();
  });

  it('lists the rows changed in the app since the export', async () => {
    open((_dryRun, res) =>
      refused(res, 409, 'A row was changed in the app since the file was exported: row 3 (Bo Berg)', {
        sheet: 'Worksheet',
        conflicts: [
          {
            row: 3,
            employeeId: 2,
            name: 'Bo Berg',
            exported: none,
            now: { ...none, kind: 'AMOUNT', value: 80 },
          },
        ],
      }),
    );
    const dialog = await pickFile();
    const table = await within(dialog).findByRole('table', { name: 'Rows changed since the export' }, WAIT);
    expect(within(table).getAllByRole('row')[1]!.textContent).toBe('3Bo BergNoneAmount $80.00');
  });

  it('shows any other refusal as the rest of the app does: a toast', async () => {
    open((_dryRun, res) =>
      refused(res, 409, 'Proposals can be changed only while the cycle is a draft', null),
    );
    await pickFile();
    expect(
      await screen.findByText('Proposals can be changed only while the cycle is a draft', {}, WAIT),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Import worksheet' })).toBeNull(), WAIT);
  });

  it('offers the export only, when the worksheet cannot be edited', async () => {
    open(() => {}, { editable: false });
    expect(await screen.findByRole('button', { name: 'Export worksheet (.xlsx)' }, WAIT)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Import worksheet' })).toBeNull();
    expect(screen.queryByLabelText('Worksheet file to import')).toBeNull();
  });
});
