import type { ImportReport } from '@salary/shared/excel/excel.contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { chooseDay, dayText, expectScheduledToast, LAST_YEAR, NEXT_YEAR } from '../../test/dated.ts';
import { newUser } from '../../test/fixtures.ts';
import { envelope, type RecordedRequest, sendJson } from '../../test/http-test-server.ts';
import { signedInPage } from '../../test/sign-in.ts';
import { ImportEmployeesButton } from './import-employees-button.tsx';

/*
 * The import's *Effective from*: "today" unless opened, as on Edit Employee and the rule forms;
 * a day chosen checks the file again for that day, and Confirm imports with the day the preview
 * was made for — the check and the import send the same `effectiveFrom`.
 */

const page = signedInPage('/dashboard');
const { server } = page;
const WAIT = { timeout: 20_000 };

const report = (effectiveFrom?: string): ImportReport => ({
  sheet: 'Employees',
  created: 0,
  updated: 1,
  unchanged: 0,
  problems: [],
  creations: [],
  changes: [
    {
      row: 2,
      id: 7,
      name: 'Ada Lovelace',
      changes: [
        { field: 'gradeId', label: 'Grade', before: 3, after: 5, beforeText: 'Senior', afterText: 'Lead' },
      ],
    },
  ],
  conflicts: [],
  conflictCount: 0,
  possibleDuplicates: [],
  duplicateCount: 0,
  ignoredEdits: [],
  notices: [],
  ...(effectiveFrom && { effectiveFrom }),
});

const TOO_EARLY = 'Effective From must be within ten years before today';

/** Serves the import: a dry run answers the report for its day; a day in 1900 is refused. */
function serve() {
  const imports: RecordedRequest[] = [];
  page.open(
    newUser({ permissions: { manageEmployee: true, showSalary: true, showCost: true } }),
    <ImportEmployeesButton />,
    (req, res) => {
      const url = new URL(req.path, server.origin);
      if (req.method === 'POST' && url.pathname === '/api/employees/import') {
        imports.push(req);
        const day = url.searchParams.get('effectiveFrom') ?? undefined;
        if (day?.startsWith('1900'))
          return sendJson(res, 400, {
            success: false,
            message: TOO_EARLY,
            error: 'VALIDATION_ERROR',
            data: null,
          });
        const answer = report(day);
        if (url.searchParams.get('dryRun') !== 'true' && day === LAST_YEAR)
          answer.backPay = {
            from: day,
            to: '2026-11-26',
            employees: [{ id: 7, name: 'Ada Lovelace', gross: 812.4, cost: 950.51 }],
            employeeCount: 1,
            totals: { gross: 812.4, cost: 950.51 },
          };
        return sendJson(res, 200, envelope(answer));
      }
      sendJson(res, 404, { success: false, message: 'Not found' });
    },
  );
  return imports;
}

const query = (req: RecordedRequest) => new URL(req.path, server.origin).searchParams;

async function pickFile() {
  const input = await screen.findByLabelText('Excel file to import', {}, WAIT);
  await userEvent.upload(
    input,
    new File(['not really a workbook'], 'employees.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    }),
  );
  return screen.findByRole('dialog', { name: 'Import Employees' }, WAIT);
}

describe('Import Employees: Effective from', { timeout: 60_000 }, () => {
  it('reads "today" unless opened, and then sends no day with the check or the import', async () => {
    const imports = serve();
    const dialog = await pickFile();
    expect(await within(dialog).findByText('1 changed', { exact: false }, WAIT)).toBeInTheDocument();
    expect(within(dialog).getByText(/Effective from:/)).toHaveTextContent('Effective from: today');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Employees imported successfully', {}, WAIT)).toBeInTheDocument();
    expect(imports).toHaveLength(2);
    expect(query(imports[0]!).get('dryRun')).toBe('true');
    for (const req of imports) expect(query(req).has('effectiveFrom')).toBe(false);
  });

  it('checks the file again for the day chosen, and imports with that same day: a day to come is scheduled', async () => {
    const imports = serve();
    const dialog = await pickFile();
    await within(dialog).findByText('1 changed', { exact: false }, WAIT);
    await chooseDay(NEXT_YEAR);
    await waitFor(
      () => expect(imports.some((r) => query(r).get('effectiveFrom') === NEXT_YEAR)).toBe(true),
      WAIT,
    );
    expect(
      await within(dialog).findByText(
        `The changes take effect on ${dayText(NEXT_YEAR)}`,
        { exact: false },
        WAIT,
      ),
    ).toHaveTextContent(`The changes take effect on ${dayText(NEXT_YEAR)}; today's values stay until then.`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await expectScheduledToast('Employees imported successfully', NEXT_YEAR, WAIT);
    const written = imports.filter((r) => query(r).get('dryRun') !== 'true');
    expect(written).toHaveLength(1);
    expect(query(written[0]!).get('effectiveFrom')).toBe(NEXT_YEAR);
  });

  it('says what a past day owes once imported', async () => {
    const imports = serve();
    const dialog = await pickFile();
    await within(dialog).findByText('1 changed', { exact: false }, WAIT);
    await chooseDay(LAST_YEAR);
    expect(
      await within(dialog).findByText(
        `The changes take effect from ${dayText(LAST_YEAR)}`,
        { exact: false },
        WAIT,
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText(
        `Employees imported successfully. Back pay owed from ${dayText(LAST_YEAR)}: $812.40 gross, $950.51 total cost`,
        {},
        WAIT,
      ),
    ).toBeInTheDocument();
    expect(query(imports.at(-1)!).get('effectiveFrom')).toBe(LAST_YEAR);
  });

  it('keeps a refused day in the dialog, Confirm off, until another day is chosen', async () => {
    const imports = serve();
    const dialog = await pickFile();
    await within(dialog).findByText('1 changed', { exact: false }, WAIT);
    await chooseDay('1900-01-01');
    expect(await within(dialog).findByText(TOO_EARLY, {}, WAIT)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back to today' }));
    expect(await within(dialog).findByText('1 changed', { exact: false }, WAIT)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeEnabled();
    expect(query(imports.at(-1)!).has('effectiveFrom')).toBe(false);
    expect(imports.every((r) => query(r).get('dryRun') === 'true')).toBe(true);
  });
});
