import type { AuditPage } from '@salary/shared/audit/audit.contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { importedAsAdmin, sheetRow } from './pages/excel.ts';
import { waitForToast } from './pages/toasts.ts';
import { adminApi, adminCredentials, expectOk } from './support/api.ts';
import { DESKTOP, MOBILE, screenshot, useBrowser } from './support/browser.ts';
import {
  employeesNamed,
  findEmployee,
  seedEmployee,
  uniqueName,
  useSeededRules,
} from './support/seed-employees.ts';

/*
 * "Revert this import" in the Audit Log: an administrator expands an import's entry, confirms
 * in an alertdialog that says how many employees go and come back, and the directory is as it
 * was; when someone changed one of the imported employees since, the refusal names them.
 */

const browser = useBrowser();

const rules = useSeededRules(3000);

const imported = importedAsAdmin;

/**
 * The Audit Log starting at this entry (other specs write to the same server), its row expanded
 * and Revert this import clicked: answers the confirmation.
 */
async function askRevert(page: Page, entryId: number) {
  await page.goto(`/settings/audit?before=${entryId + 1}`);
  const table = page.getByRole('table', { name: 'Audit entries' });
  await table.getByRole('button', { name: `Show changes of entry ${entryId}` }).click();
  await table.getByRole('button', { name: 'Revert this import' }).click();
  return page.getByRole('alertdialog', { name: 'Revert this import' });
}

describe('Revert this import', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', MOBILE],
  ])('confirms with the counts, reverts, and the directory is as before (%s)', async (label, viewport) => {
    const kept = await seedEmployee(rules, { name: uniqueName('Kept'), yearsExperience: 2 });
    const newcomer = uniqueName('Newcomer');
    const entryId = await imported([
      sheetRow(rules, newcomer),
      sheetRow(rules, kept.name, { ID: kept.id, 'Years of Experience': 8 }),
    ]);
    expect(await employeesNamed(newcomer)).toHaveLength(1);

    const page = await browser.signedInPage(adminCredentials(), viewport);
    const dialog = await askRevert(page, entryId);
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(
      'Are you sure you want to revert this import? This deletes 1 employee the import created and restores 1 employee it changed to their earlier values.',
    );
    // Focus starts on Cancel, as in every confirmation of the app.
    await page.waitForFunction(() => document.activeElement?.textContent === 'Cancel');
    await screenshot(page, `import-revert-confirm-${label}`);
    await dialog.getByRole('button', { name: 'Revert Import' }).click();
    await waitForToast(page, 'Import reverted');
    await dialog.waitFor({ state: 'detached' });

    expect(await employeesNamed(newcomer)).toHaveLength(0);
    expect(await findEmployee(kept.id)).toMatchObject({ name: kept.name, yearsExperience: 2 });

    // The revert is in the log, and the import's row no longer offers it.
    const log = expectOk(
      await (await adminApi()).get<AuditPage>(`/audit?entityType=import&entityId=${entryId}`),
      'Reading the log',
    );
    const revertId = log.entries[0]!.id;
    await page.goto(`/settings/audit?before=${revertId + 1}`);
    const after = page.getByRole('table', { name: 'Audit entries' });
    await after
      .locator('tbody tr')
      .filter({ hasText: `Import ${entryId} of sheet "Employees" reverted: 1 deleted, 1 restored` })
      .first()
      .waitFor();
    await after.getByRole('button', { name: `Show changes of entry ${entryId}` }).click();
    await after.getByText(`Reverted by ${adminCredentials().email} (entry ${revertId}).`).waitFor();
    expect(await after.getByRole('button', { name: 'Revert this import' }).count()).toBe(0);
  });

  it('refuses when an imported employee was changed since, naming the employee, and changes nothing', async () => {
    const newcomer = uniqueName('Edited later');
    const entryId = await imported([sheetRow(rules, newcomer)]);
    const [employee] = await employeesNamed(newcomer);
    const admin = await adminApi();
    expectOk(
      await admin.put(`/employees/${employee!.id}`, {
        name: newcomer,
        technologyId: employee!.technologyId,
        specializationId: employee!.specializationId,
        gradeId: employee!.gradeId,
        levelId: employee!.levelId,
        yearsExperience: 5,
        yearsWithCompany: 1,
      }),
      'Editing the imported employee',
    );

    const page = await browser.signedInPage(adminCredentials(), DESKTOP);
    const dialog = await askRevert(page, entryId);
    await dialog.getByRole('button', { name: 'Revert Import' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'The import was not reverted' });
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(
      new RegExp(
        `Employee ${employee!.id} \\(${newcomer}\\) was changed on .+ by ${adminCredentials().email.replace('.', '\\.')} after this import`,
      ),
    );
    await screenshot(page, 'import-revert-refused-desktop');
    expect(await findEmployee(employee!.id)).toMatchObject({ name: newcomer, yearsExperience: 5 });
  });
});
