import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { EXPORT_FILE_NAME, IMPORT_ACCEPT, TEMPLATE_FILE_NAME } from '@salary/shared/excel/excel.contract';
import { describe, expect, it } from 'vitest';
import { EmployeesPage } from './pages/employees-page.ts';
import { ImportDialog, readWorkbook, sheetRow, workbookWith } from './pages/excel.ts';
import { dismissToasts, waitForToast } from './pages/toasts.ts';
import { DESKTOP, MOBILE, screenshot, useBrowser } from './support/browser.ts';
import {
  employeesNamed,
  findEmployee,
  seedEmployee,
  uniqueName,
  useSeededRules,
} from './support/seed-employees.ts';

const browser = useBrowser();

/** The Employees page as the administrator, and its import dialog. */
async function openList(viewport = DESKTOP) {
  const list = await browser.open(EmployeesPage, { viewport });
  return { page: list.page, list, importer: new ImportDialog(list.page) };
}

describe('Excel', () => {
  const rules = useSeededRules();

  it('downloads the template as employees_template.xlsx', async () => {
    const { page, list } = await openList();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      list.headerButton('Download Template').click(),
    ]);
    expect(download.suggestedFilename()).toBe(TEMPLATE_FILE_NAME);
    const [header] = await readWorkbook(download);
    expect(header).toContain('Years of Experience');
  });

  it('exports the filtered list as employees_export.xlsx', async () => {
    const mine = await seedEmployee(rules, { name: uniqueName('Exported') });
    const { page, list } = await openList();
    // A choice applies at once (the list reloads with it).
    await list.chooseAndWait('Technology', rules.job.name);

    const [request, download] = await Promise.all([
      page.waitForRequest((r) => new URL(r.url()).pathname === '/api/employees/export'),
      page.waitForEvent('download'),
      list.headerButton('Export Excel').click(),
    ]);
    expect(new URL(request.url()).searchParams.get('technologyId')).toBe(String(rules.job.id));
    expect(download.suggestedFilename()).toBe(EXPORT_FILE_NAME);
    const rows = await readWorkbook(download);
    const names = rows.slice(1).map((row) => row[1]);
    expect(names).toContain(mine.name);
    // Only the chosen technology's employees.
    expect(rows.slice(1).every((row) => row[2] === rules.job.name)).toBe(true);
  });

  it("adds the exported employees' pay history as a second sheet when asked", async () => {
    const mine = await seedEmployee(rules, { name: uniqueName('Historied') });
    const { page, list } = await openList();
    await list.chooseAndWait('Technology', rules.job.name);
    await page.getByRole('button', { name: 'More export options' }).click();
    const [request, download] = await Promise.all([
      page.waitForRequest((r) => new URL(r.url()).pathname === '/api/employees/export'),
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Export Excel with pay history' }).click(),
    ]);
    expect(new URL(request.url()).searchParams.get('payHistory')).toBe('true');
    expect(download.suggestedFilename()).toBe(EXPORT_FILE_NAME);
    const [header, ...history] = await readWorkbook(download, 'Pay History');
    expect(header).toEqual([
      'Employee ID',
      'Name',
      'When',
      'Gross Before',
      'Gross After',
      'Cost Before',
      'Cost After',
      'Cause',
    ]);
    // A new employee's first row: no figure before, the priced figures after.
    const first = history.find((row) => row[0] === mine.id);
    expect(first?.[1]).toBe(mine.name);
    expect(first?.[3] ?? null).toBeNull();
    expect(first?.[4]).toBeGreaterThan(0);
    // The plain export has no such sheet.
    const [, plain] = await Promise.all([
      page.waitForRequest((r) => new URL(r.url()).pathname === '/api/employees/export'),
      page.waitForEvent('download'),
      list.headerButton('Export Excel').click(),
    ]);
    expect(await readWorkbook(plain, 'Pay History')).toEqual([]);
  });

  it('imports a workbook in two steps: the dry run counts, Confirm writes', async () => {
    const tag = uniqueName('Imported');
    const existing = await seedEmployee(rules, { name: `${tag} Old` });
    const file = await workbookWith([
      sheetRow(rules, `${tag} One`),
      sheetRow(rules, `${tag} Two`, { Position: rules.positions[1].name, Pillar: 'Yes', Remote: 'Yes' }),
      sheetRow(rules, `${tag} Old Renamed`, { ID: existing.id, 'Years with Company': 9 }),
    ]);
    const { page, list, importer } = await openList();
    expect(await page.locator(`input[type="file"][accept="${IMPORT_ACCEPT}"]`).count()).toBe(1);

    await importer.pick('people.xlsx', file);
    await importer.summary.waitFor();
    // A hand-made row renaming an existing employee is a conflict, applied only when ticked.
    expect(await importer.summary.textContent()).toBe('2 to create, 0 changed, 0 unchanged, 1 conflict');
    await screenshot(page, 'excel-import-ready-desktop');
    // Nothing written by the check.
    expect(await employeesNamed(`${tag} One`)).toEqual([]);
    await importer.dialog.getByRole('checkbox', { name: `Apply row 4 anyway (ID ${existing.id})` }).check();

    await importer.dialog.getByRole('button', { name: 'Confirm' }).click();
    await waitForToast(page, 'Employees imported successfully');
    await importer.dialog.waitFor({ state: 'hidden' });

    await list.searchByName(tag);
    await expect.poll(() => list.column('Name')).toEqual([`${tag} Old Renamed`, `${tag} One`, `${tag} Two`]);
    expect((await findEmployee(existing.id))?.yearsWithCompany).toBe(9);
    const [two] = await employeesNamed(`${tag} Two`);
    expect(two).toMatchObject({ specializationId: rules.positions[1].id, pillar: true, remote: true });
  });

  it('shows every problem of a bad file, offers them as CSV, and writes nothing', async () => {
    const tag = uniqueName('Rejected');
    const file = await workbookWith([
      sheetRow(rules, `${tag} Fine`),
      sheetRow(rules, `${tag} Bad`, { Grade: 'No Such Grade', 'Years of Experience': -2 }),
    ]);
    const { page, importer } = await openList();
    await importer.pick('bad.xlsx', file);
    await importer.problems.waitFor();

    const problems = await importer.problemRows();
    expect(problems.length).toBeGreaterThanOrEqual(2);
    expect(problems.every(([row]) => row === '3')).toBe(true);
    expect(problems.map(([, column]) => column)).toEqual(
      expect.arrayContaining(['Grade', 'Years of Experience']),
    );
    await waitForToast(page, 'nothing was imported');
    const title = await importer.dialog.getByRole('alert').textContent();
    expect(title).toContain(
      `The file has ${problems.length} problems (sheet "Employees"); nothing was imported.`,
    );
    expect(await importer.dialog.getByRole('button', { name: 'Confirm' }).count()).toBe(0);
    await screenshot(page, 'excel-import-problems-desktop');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      importer.dialog.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('employees_import_problems.csv');
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('Row,Column,Message');
    expect(lines).toHaveLength(problems.length + 1);

    await importer.dialog.getByRole('button', { name: 'Close' }).last().click();
    await importer.dialog.waitFor({ state: 'hidden' });
    expect(await employeesNamed(tag)).toEqual([]);
  });

  it("toasts the server's reason for a file it cannot read", async () => {
    const { page, importer } = await openList();
    await importer.chooseFile(
      () => importer.opener.click(),
      'notes.xlsx',
      Buffer.from('hello'),
      'application/octet-stream',
    );
    await waitForToast(page, 'not a readable Excel workbook');
    await importer.dialog.waitFor({ state: 'hidden' });
    await dismissToasts(page);
  });

  it("says the import's own limit for a file over it, not a lost connection", async () => {
    const { page, importer } = await openList();
    // Three times the server's limit (IMPORT_MAX_BYTES, 20 MB unless set): the answer comes
    // while most of the file is still on its way.
    // (A file on disk: Playwright hands over buffers up to 50 MB only.)
    const folder = await mkdtemp(path.join(os.tmpdir(), 'import-'));
    try {
      const oversized = path.join(folder, 'huge.xlsx');
      await writeFile(oversized, Buffer.alloc(60 * 1024 * 1024, 0x41));
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), importer.opener.click()]);
      await chooser.setFiles(oversized);
      await waitForToast(page, 'The file is larger than 20 MB');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
    await importer.dialog.waitFor({ state: 'hidden' });
    await dismissToasts(page);
  });

  it('says when a download fails', async () => {
    const { page, list } = await openList();
    await page.route('**/api/employees/export*', (route) => route.abort('connectionrefused'));
    await page.route('**/api/employees/template/download', (route) => route.abort('connectionrefused'));
    await list.headerButton('Export Excel').click();
    await waitForToast(page, 'Failed to export employees');
    await list.headerButton('Download Template').click();
    await waitForToast(page, 'Failed to download template');
  });

  it('shows the problems readably on a phone', async () => {
    const file = await workbookWith([
      sheetRow(rules, uniqueName('Phone'), { Level: 'Nope', Remote: 'Maybe' }),
    ]);
    const { page, importer } = await openList(MOBILE);
    await importer.pick('phone.xlsx', file);
    await importer.problems.waitFor();
    await screenshot(page, 'excel-import-problems-mobile');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  });
});
