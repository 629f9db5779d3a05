import type { AuditPage, PayHistoryRow } from '@salary/shared/audit/audit.contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EmployeesPage } from './pages/employees-page.ts';
import { waitForToast } from './pages/toasts.ts';
import { adminApi, adminCredentials, expectOk } from './support/api.ts';
import { expectAxeClean } from './support/axe.ts';
import { screenshot, useBrowser, WIDTHS } from './support/browser.ts';
import { focusedText, isFocused, tabTo } from './support/keyboard.ts';
import { findEmployee, seedEmployee, uniqueName, useSeededRules } from './support/seed-employees.ts';

/*
 * Leavers and Restore, keyboard only for the main steps: an administrator marks a leaver from
 * the directory's row actions, deletes another employee there, and restores it from the Audit
 * Log — it comes back under the same id with its fields and pay history. Each screen and
 * dialog on the way is axe-core clean, at 1440 and 390 px.
 */

const browser = useBrowser();
const rules = useSeededRules(3000);

/** Presses Tab until `name`'s button holds focus, then Enter. */
async function pressButton(page: Page, name: string | RegExp, scope = page.getByRole('main')) {
  await tabTo(page, scope.getByRole('button', { name }));
  await page.keyboard.press('Enter');
}

/** In an open confirmation (focus starts on Cancel), Tab to the confirming button and press Enter. */
async function confirmWithKeyboard(page: Page, dialogName: string, confirm: string) {
  const dialog = page.getByRole('alertdialog', { name: dialogName });
  await dialog.waitFor();
  await expect.poll(() => focusedText(page)).toBe('button: Cancel');
  await expectAxeClean(page, `the "${dialogName}" confirmation`);
  await tabTo(page, dialog.getByRole('button', { name: confirm, exact: true }), 5);
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
}

describe('Leavers and Restore', () => {
  it.each(WIDTHS)(
    'marks a leaver from the row, deletes and restores an employee (%s px)',
    async (width, viewport) => {
      const tag = uniqueName(`Journey ${width}`);
      const leaver = await seedEmployee(rules, { name: `${tag} Leaver`, yearsExperience: 3 });
      const gone = await seedEmployee(rules, {
        name: `${tag} Gone`,
        yearsExperience: 5,
        yearsWithCompany: 2,
        hireDate: '2020-02-03',
        remote: true,
      });
      const admin = await adminApi();
      const historyBefore = expectOk(
        await admin.get<PayHistoryRow[]>(`/employees/${gone.id}/history`),
        'History',
      );

      const page = await browser.signedInPage(adminCredentials(), viewport);
      const directory = new EmployeesPage(page);
      await directory.goto();
      await directory.searchAndWait(tag);
      await directory.row(leaver.id).waitFor();

      // Mark as leaver from the row: Tab to it, Enter; the dialog's date field has focus, Enter saves.
      await directory.filters.getByLabel('Search by Name').focus();
      await pressButton(page, `Mark ${leaver.name} as leaver`);
      const dialog = page.getByRole('dialog', { name: `Mark ${leaver.name} as leaver` });
      await dialog.waitFor();
      await expect.poll(() => isFocused(dialog.getByLabel(/Leave Date/))).toBe(true);
      const today = await dialog.getByLabel(/Leave Date/).inputValue();
      await expectAxeClean(page, 'the Mark as leaver dialog');
      await page.keyboard.press('Enter');
      await waitForToast(page, `${leaver.name} marked as leaver`);
      await dialog.waitFor({ state: 'detached' });
      expect((await findEmployee(leaver.id))?.leaveDate).toBe(today);

      // Delete the other one from its row, keyboard only.
      await directory.filters.getByLabel('Search by Name').focus();
      await pressButton(page, `Delete ${gone.name}`);
      await confirmWithKeyboard(page, 'Delete employee', 'Delete');
      await waitForToast(page, 'Employee deleted successfully');
      expect(await findEmployee(gone.id)).toBeNull();

      // The Audit Log from the delete's entry on: Restore on it, Revert on the leaver's edit.
      const log = expectOk(
        await admin.get<AuditPage>(`/audit?entityType=employee&entityId=${gone.id}&limit=1`),
        'Reading the log',
      );
      const deleteId = log.entries[0]!.id;
      await page.goto(`/settings/audit?before=${deleteId + 1}`);
      const table = page.getByRole('table', { name: 'Audit entries' });
      const restore = table.getByRole('button', {
        name: `Restore Employee ${gone.name} (entry ${deleteId})`,
      });
      await restore.waitFor();
      await table.getByRole('button', { name: new RegExp(`^Revert Employee ${leaver.name}`) }).waitFor();
      await expectAxeClean(page, 'the Audit Log');
      await screenshot(page, `audit-log-revert-restore-${width}`);

      await tabTo(page, restore, 120);
      await page.keyboard.press('Enter');
      await confirmWithKeyboard(page, 'Restore employee', 'Restore');
      await waitForToast(page, 'Employee restored');
      // The log from the restore's own entry on: the delete's entry now says who restored it.
      const restoreId = expectOk(
        await admin.get<AuditPage>(`/audit?entityType=employee&entityId=${gone.id}&limit=1`),
        'Reading the log',
      ).entries[0]!.id;
      await page.goto(`/settings/audit?before=${restoreId + 1}`);
      await table.getByText(`Employee ${gone.name} restored`).waitFor();
      await table.getByText(`Restored by ${adminCredentials().email} (entry ${restoreId}).`).waitFor();
      expect(await restore.count()).toBe(0);
      await expectAxeClean(page, 'the Audit Log after the restore');
      await screenshot(page, `audit-log-restored-${width}`);

      // Back under the same id, every field as before, its history kept and one row more.
      const back = await findEmployee(gone.id);
      const { version: _a, ...was } = gone as typeof gone & { version?: number };
      expect(back).toMatchObject({ ...was, id: gone.id });
      const historyAfter = expectOk(
        await admin.get<PayHistoryRow[]>(`/employees/${gone.id}/history`),
        'History',
      );
      expect(historyAfter.slice(0, historyBefore.length)).toEqual(historyBefore);
      expect(historyAfter).toHaveLength(historyBefore.length + 1);
      expect(browser.pageErrors(page)).toEqual([]);
    },
  );
});
