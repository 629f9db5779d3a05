import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { EmployeesPage } from './pages/employees-page.ts';
import { ImportDialog } from './pages/excel.ts';
import { waitForToast } from './pages/toasts.ts';
import { adminApi, adminCredentials, expectOk } from './support/api.ts';
import { DESKTOP, screenshot, useBrowser, WIDTHS } from './support/browser.ts';
import { formatMoney } from './support/money.ts';
import {
  findEmployee,
  type SeededRules,
  seedEmployee,
  uniqueName,
  useSeededRules,
} from './support/seed-employees.ts';

/*
 * The import preview in the browser: an export edited in one row while a colleague changed
 * another employee in the app. The dialog lists the change (before → after) and the conflict;
 * Confirm without ticking applies only the change.
 */

const browser = useBrowser();

/** The export of the seeded job, as the admin downloads it. */
async function exportOf(rules: SeededRules): Promise<ExcelJS.Workbook> {
  const admin = await adminApi();
  const res = await fetch(`${admin.baseURL}/api/employees/export?technologyId=${rules.job.id}`, {
    headers: { Authorization: `Bearer ${admin.token}` },
  });
  expect(res.status).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await res.arrayBuffer());
  return book;
}

describe('Import preview', () => {
  const rules = useSeededRules();

  it.each(WIDTHS)(
    'lists a change and a conflict; Confirm applies only the change (%s px)',
    async (label, viewport) => {
      const tag = uniqueName(`Preview ${label}`);
      const edited = await seedEmployee(rules, { name: `${tag} Edited`, yearsWithCompany: 1 });
      const colleague = await seedEmployee(rules, { name: `${tag} Colleague`, yearsExperience: 12 });
      const book = await exportOf(rules);

      // A colleague changes an employee in the app after the export.
      const admin = await adminApi();
      expectOk(
        await admin.put<EmployeeView>(`/employees/${colleague.id}`, {
          name: colleague.name,
          technologyId: colleague.technologyId,
          specializationId: colleague.specializationId,
          gradeId: colleague.gradeId,
          levelId: colleague.levelId,
          yearsExperience: 15,
          yearsWithCompany: colleague.yearsWithCompany,
          offshoreProject: colleague.offshoreProject,
          actingAsDifferentGrade: colleague.actingAsDifferentGrade,
          pillar: colleague.pillar,
          remote: true,
          customMultipliers: '[]',
        }),
        'The colleague’s edit',
      );

      // You edit another employee in the file.
      const sheet = book.getWorksheet('Employees')!;
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      sheet.eachRow((row) => {
        if (row.getCell(1).value === edited.id)
          row.getCell(header.indexOf('Years with Company') + 1).value = 7;
      });
      const file = Buffer.from(await book.xlsx.writeBuffer());

      const page = await browser.signedInPage(adminCredentials(), viewport ?? DESKTOP);
      const list = new EmployeesPage(page);
      await list.goto();
      const importer = new ImportDialog(page);
      await importer.pick('employees_export.xlsx', file);
      await importer.summary.waitFor();
      expect(await importer.summary.textContent()).toMatch(
        /^0 to create, 1 changed, \d+ unchanged, 1 conflict$/,
      );

      const preview = importer.dialog.getByRole('table', { name: 'Import preview' });
      const change = preview.locator('tr[data-kind="change"]');
      const conflict = preview.locator('tr[data-kind="conflict"]');
      await expect.poll(() => change.count()).toBe(1);
      expect(await change.textContent()).toContain('Years with Company: 1 → 7');
      expect(await conflict.textContent()).toContain('Changed in the app on');
      expect(await conflict.textContent()).toContain('Years of Experience: 15 → 12');
      expect(await conflict.getByRole('checkbox').isChecked()).toBe(false);
      await screenshot(page, `excel-import-preview-${label}`);

      await importer.dialog.getByRole('button', { name: 'Confirm' }).click();
      await waitForToast(page, 'Employees imported successfully');
      expect((await findEmployee(edited.id))?.yearsWithCompany).toBe(7);
      expect(await findEmployee(colleague.id)).toMatchObject({ yearsExperience: 15, remote: true });
    },
  );

  it.each(WIDTHS)(
    'shows new rows in the table and each changed row’s gross before → after (%s px)',
    async (label, viewport) => {
      const tag = uniqueName(`Pay ${label}`);
      const admin = await adminApi();
      // A second level with a higher base salary: moving to it raises the gross.
      const senior = expectOk(
        await admin.post<{ id: number; name: string }>('/levels', { name: uniqueName('Senior') }),
        'A level',
      );
      expectOk(
        await admin.post('/base-salary', {
          gradeId: rules.grade.id,
          levelId: senior.id,
          amount: rules.baseSalary + 1500,
        }),
        'Its base salary',
      );
      const promoted = await seedEmployee(rules, { name: `${tag} Promoted` });
      const book = await exportOf(rules);
      const sheet = book.getWorksheet('Employees')!;
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      const col = (name: string) => header.indexOf(name) + 1;
      sheet.eachRow((row) => {
        if (row.getCell(1).value === promoted.id) row.getCell(col('Level')).value = senior.name;
      });
      const added = sheet.addRow([]);
      for (const [name, value] of Object.entries({
        Name: `${tag} Newcomer`,
        Job: rules.job.name,
        Position: rules.positions[0].name,
        Grade: rules.grade.name,
        Level: rules.level.name,
        'Years of Experience': 0,
        'Years with Company': 0,
        'Base on Project': 'No',
        'Acting as Different Grade': 'No',
        Pillar: 'No',
        Remote: 'No',
      }))
        added.getCell(col(name)).value = value;
      const file = Buffer.from(await book.xlsx.writeBuffer());

      const page = await browser.signedInPage(adminCredentials(), viewport);
      await new EmployeesPage(page).goto();
      const importer = new ImportDialog(page);
      await importer.pick('employees_export.xlsx', file);
      await importer.summary.waitFor();
      expect(await importer.summary.textContent()).toMatch(/^1 to create, 1 changed, \d+ unchanged$/);
      const preview = importer.dialog.getByRole('table', { name: 'Import preview' });
      const created = preview.locator('tr[data-kind="create"]');
      await expect.poll(() => created.count()).toBe(1);
      const newRow = await created.textContent();
      expect(newRow).toContain(`${tag} Newcomer`);
      expect(newRow).toContain(
        `${rules.job.name} / ${rules.positions[0].name} · ${rules.grade.name} / ${rules.level.name}`,
      );
      const change = await preview.locator('tr[data-kind="change"]').textContent();
      expect(change).toContain(`Level: ${rules.level.name} → ${senior.name}`);
      const gross = change!.match(/Gross salary: (\$[\d,]+\.\d\d|—) → (\$[\d,]+\.\d\d|—)/);
      expect(gross?.[1]).toBe(formatMoney(promoted.calculatedSalary ?? null));
      await screenshot(page, `excel-import-preview-pay-${label}`);

      await importer.dialog.getByRole('button', { name: 'Confirm' }).click();
      await waitForToast(page, 'Employees imported successfully');
      // What the preview said is what the list shows once imported.
      const after = await findEmployee(promoted.id);
      expect(gross?.[2]).toBe(formatMoney(after?.calculatedSalary ?? null));
      expect(after?.calculatedSalary).toBeGreaterThan(promoted.calculatedSalary ?? 0);
      expect(newRow).toMatch(/Gross salary: \$[\d,]+\.\d\d/);
    },
  );
});
