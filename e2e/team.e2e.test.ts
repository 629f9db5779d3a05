import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { waitForToast } from './pages/toasts.ts';
import { UsersPage } from './pages/users-page.ts';
import { adminCredentials, uniqueEmail } from './support/api.ts';
import { horizontalOverflow, screenshot, useBrowser, WIDTHS } from './support/browser.ts';
import { tabTo } from './support/keyboard.ts';
import { seedEmployees, uniqueName, useSeededRules } from './support/seed-employees.ts';

/*
 * Managers and Own team only, in the browser with the keyboard alone: an administrator says
 * whom an employee reports to (Edit Employee → Reports to) and links a user to the manager
 * (User Management → Employee); that user, limited to their own team, then sees only the
 * people who report to them.
 */

const browser = useBrowser();

/** In the focused Select, types `name`, waits for its option, and takes it with ↓ and Enter. */
async function chooseEmployee(page: Page, input: Locator, name: string): Promise<void> {
  await page.keyboard.type(name);
  await page.getByRole('option', { name: new RegExp(name) }).waitFor();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect.poll(() => input.inputValue()).toContain(name);
}
const rules = useSeededRules(5400);

describe('a manager and their team', () => {
  it.each(WIDTHS)(
    'reports to, linked user and the team directory, keyboard only (%s)',
    async (width, viewport) => {
      const [boss, anna, olga] = await seedEmployees(rules, [
        { name: uniqueName('Boss') },
        { name: uniqueName('Anna') },
        { name: uniqueName('Olga') },
      ]);
      const page = await browser.signedInPage(adminCredentials(), viewport);

      // Anna reports to Boss: chosen and saved without a mouse.
      await page.goto(`/employees/edit/${anna!.id}`);
      // The input (its list of options carries the same label).
      const manager = page.locator('input').and(page.getByLabel('Manager', { exact: true }));
      await manager.waitFor();
      // From the form's last button, on to the Manager field.
      await page.getByRole('button', { name: 'Update Employee' }).focus();
      await tabTo(page, manager);
      await chooseEmployee(page, manager, boss!.name);
      const save = page.getByRole('button', { name: 'Save manager' });
      await tabTo(page, save);
      await page.keyboard.press('Enter');
      await waitForToast(page, 'Manager saved');
      expect(await horizontalOverflow(page)).toBe(0);
      await screenshot(page, `team-reports-to-${width}`);

      // A user who is Boss, limited to their own team, with Show Calculated Salary.
      const users = new UsersPage(page);
      await users.goto();
      await users.field('Email').waitFor();
      const email = uniqueEmail('manager');
      await users.field('Email').fill(email);
      await users.field('Password').fill('Willow-brass-lantern-41');
      await users.field('Name').fill('Team Manager');
      await users.permission('showSalary').check();
      await users.permission('ownTeamOnly').check();
      const employee = users.form.locator('input').and(page.getByLabel('Employee', { exact: true }));
      await users.field('Name').focus();
      await tabTo(page, employee);
      await chooseEmployee(page, employee, boss!.name);
      await screenshot(page, `team-user-form-${width}`);
      await users.form.getByRole('button', { name: 'Create User' }).press('Enter');
      await waitForToast(page, 'User created successfully');

      // Signed in as that user: the directory holds Anna, not Boss nor Olga.
      const managerPage = await browser.signedInPage(
        { email, password: 'Willow-brass-lantern-41' },
        viewport,
      );
      await managerPage.goto('/dashboard');
      const main = managerPage.getByRole('main');
      await main.getByText(anna!.name).filter({ visible: true }).first().waitFor();
      expect(await main.getByText(olga!.name).count()).toBe(0);
      expect(await main.getByText(boss!.name).count()).toBe(0);
      // Nothing of the company's report or imports is offered to them.
      expect(await managerPage.getByRole('link', { name: 'Pay Transparency' }).count()).toBe(0);
      expect(await main.getByRole('button', { name: /Import/ }).count()).toBe(0);
      await screenshot(managerPage, `team-directory-${width}`);
    },
  );
});
