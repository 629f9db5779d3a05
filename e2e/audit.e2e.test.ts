import type { BaseSalary } from '@salary/shared/base-salaries/base-salaries.contract';
import { describe, expect, it } from 'vitest';
import { adminApi, adminCredentials, createUser, expectOk } from './support/api.ts';
import { MOBILE, screenshot, useBrowser } from './support/browser.ts';
import { seedEmployee, seedRules, uniqueName } from './support/seed-employees.ts';

/*
 * Pay change control in the browser: an employee whose base salary was raised shows both
 * steps on the Edit Employee page's Pay history (chart and table, the cause named), and the
 * administrator finds the change in Settings → Audit Log, expanded into its field changes.
 */

const browser = useBrowser();

async function raisedEmployee() {
  const rules = await seedRules(3000);
  const name = uniqueName('History');
  const employee = await seedEmployee(rules, { name });
  const admin = await adminApi();
  const salaries = expectOk(await admin.get<BaseSalary[]>('/base-salary'), 'Listing base salaries');
  const base = salaries.find((b) => b.gradeId === rules.grade.id && b.levelId === rules.level.id)!;
  expectOk(
    await admin.put(`/base-salary/${base.id}`, {
      gradeId: rules.grade.id,
      levelId: rules.level.id,
      amount: 4200,
    }),
    'Raising the base salary',
  );
  return { rules, employee, name };
}

describe('pay history and audit log', () => {
  it('shows the pay history of an employee as a step chart and a table naming each cause', async () => {
    const { rules, employee } = await raisedEmployee();
    for (const viewport of [{ width: 1440, height: 900 }, MOBILE]) {
      const page = await browser.signedInPage(adminCredentials(), viewport);
      await page.goto(`/employees/edit/${employee.id}`);
      const panel = page.getByRole('region', { name: 'Pay history' });
      const table = panel.getByRole('table', { name: 'Pay history' });
      await table.waitFor();
      await panel.locator('.recharts-line-curve').first().waitFor();
      const rows = table.locator('tbody tr');
      expect(await rows.count()).toBe(2);
      expect(await rows.first().textContent()).toContain(
        `Base salary ${rules.grade.name} / ${rules.level.name}: $3,000.00 → $4,200.00 by`,
      );
      expect(await rows.last().textContent()).toContain('created by');
      await screenshot(page, `audit-pay-history-${viewport.width}`);
    }
  });

  it('lists the change in Settings → Audit Log and expands it into its field changes', async () => {
    const { rules } = await raisedEmployee();
    for (const viewport of [{ width: 1440, height: 900 }, MOBILE]) {
      const page = await browser.signedInPage(adminCredentials(), viewport);
      await page.goto('/settings/audit');
      // (On a phone the sections menu, Audit Log among them, waits closed behind its toggle.)
      const table = page.getByRole('table', { name: 'Audit entries' });
      await table.waitFor();
      // Filtered by the record's name, as the entries show it.
      await page
        .getByRole('textbox', { name: 'Record', exact: true })
        .fill(`${rules.grade.name} / ${rules.level.name}`);
      await page.getByRole('button', { name: 'Apply Filters' }).click();
      const row = table
        .locator('tbody tr')
        .filter({ hasText: `Base salary ${rules.grade.name} / ${rules.level.name}` })
        .first();
      await row.waitFor();
      await row.getByRole('button', { name: /^Show changes of entry / }).click();
      // In the form's words, not the stored key ("amount").
      await table.getByText('Amount: $3,000.00 → $4,200.00', { exact: true }).first().waitFor();
      await screenshot(page, `audit-log-${viewport.width}`);
    }
  });

  it('offers the Audit Log card to administrators only', async () => {
    const user = await createUser({ permissions: ['showSettings', 'manageSettings', 'showSalary'] });
    const page = await browser.signedInPage(user);
    await page.goto('/settings/jobs');
    await page.getByRole('navigation', { name: 'Settings sections' }).waitFor();
    expect(await page.getByRole('link', { name: 'Audit Log' }).count()).toBe(0);
    await page.goto('/settings/audit');
    await page.getByText('Access denied').waitFor();
  });
});
