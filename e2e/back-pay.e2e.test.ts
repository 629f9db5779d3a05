import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import { BACK_PAY_FILE_NAME } from '@salary/shared/impact/impact.contract';
import { describe, expect, it } from 'vitest';
import { adminApi, adminCredentials, expectOk } from './support/api.ts';
import { axeFindings } from './support/axe.ts';
import { MOBILE, screenshot, useBrowser } from './support/browser.ts';
import { daysAgo } from './support/days.ts';
import { seedEmployee, seedRules, uniqueName } from './support/seed-employees.ts';

/*
 * Back pay in the browser: a promotion recorded as from five weeks ago keeps what it owes in its
 * Audit Log entry — the total on the entry and its download, by keyboard, at both widths, axe clean.
 */

const browser = useBrowser();

async function backdatedPromotion() {
  const rules = await seedRules(3000);
  const admin = await adminApi();
  const better = expectOk(
    await admin.post<{ id: number }>('/grades', { name: uniqueName('Senior') }),
    'A grade',
  );
  expectOk(
    await admin.post('/base-salary', { gradeId: better.id, levelId: rules.level.id, amount: 3600 }),
    'Its base salary',
  );
  const name = uniqueName('Promoted');
  const employee = await seedEmployee(rules, { name });
  const saved = expectOk(
    await admin.put<EmployeeView & { backPay?: { totals: { gross?: number } } }>(
      `/employees/${employee.id}?effectiveFrom=${daysAgo(35)}`,
      {
        technologyId: rules.job.id,
        specializationId: rules.positions[0].id,
        gradeId: better.id,
        levelId: rules.level.id,
        yearsExperience: 0,
        yearsWithCompany: 0,
        name,
        version: employee.version,
      },
    ),
    'Promoting from five weeks ago',
  );
  return { name, gross: saved.backPay?.totals.gross };
}

describe('back pay in the Audit Log', () => {
  it('shows the back pay on the entry and downloads it by keyboard', async () => {
    const { name, gross } = await backdatedPromotion();
    expect(gross).toBeGreaterThan(0);
    for (const viewport of [{ width: 1440, height: 900 }, MOBILE]) {
      const page = await browser.signedInPage(adminCredentials(), viewport);
      await page.goto('/settings/audit');
      const table = page.getByRole('table', { name: 'Audit entries' });
      await table.waitFor();
      const row = table.locator('tbody tr').filter({ hasText: name }).first();
      const line = row.getByText(/^Back pay owed/);
      await line.waitFor();
      expect(await line.textContent()).toContain(
        `$${gross!.toLocaleString('en-US', { minimumFractionDigits: 2 })} gross`,
      );
      const button = row.getByRole('button', { name: /Download back pay/ });
      await button.focus();
      const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
      expect(download.suggestedFilename()).toBe(BACK_PAY_FILE_NAME);
      expect(await axeFindings(page)).toEqual([]);
      await screenshot(page, `back-pay-audit-${viewport.width}`);
    }
  });
});
