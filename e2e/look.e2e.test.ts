import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { LoginPage } from './pages/login-page.ts';
import { UsersPage } from './pages/users-page.ts';
import { adminCredentials, createUser } from './support/api.ts';
import { DESKTOP, MOBILE, screenshot, useBrowser, type Viewport } from './support/browser.ts';

const browser = useBrowser();

/** Horizontal overflow of the whole page in px (0 when everything fits the viewport). */
function overflowX(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

// Screenshots of the shell at both target widths, kept in test-results/ for a human to look at;
// the assertion is that nothing spills sideways, which is what breaks first on a phone.
describe.each([
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as [string, Viewport][])('%s', (name, viewport) => {
  beforeAll(async () => {
    // A few users so the user list has rows to lay out.
    await createUser({ name: 'Maria Lopez', permissions: ['showSettings', 'manageSettings', 'showSalary'] });
    await createUser({ name: 'Tom Becker' });
  });

  it('login page', async () => {
    const page = await browser.anonymousPage(viewport);
    await new LoginPage(page).goto();
    await screenshot(page, `login-${name}`);
    expect(await overflowX(page)).toBe(0);
  });

  it('dashboard in the layout', async () => {
    const page = await browser.signedInPage(adminCredentials(), viewport);
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Employees', level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, `dashboard-${name}`);
    expect(await overflowX(page)).toBe(0);
  });

  it('settings hub', async () => {
    const page = await browser.signedInPage(adminCredentials(), viewport);
    await page.goto('/settings/jobs');
    await page
      .locator('nav[aria-label="Settings sections"] a[aria-current="page"]')
      .waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    await screenshot(page, `settings-${name}`);
    expect(await overflowX(page)).toBe(0);
  });

  it('user management', async () => {
    const page = await browser.signedInPage(adminCredentials(), viewport);
    await new UsersPage(page).goto();
    // Phones get cards, wider screens the table: wait for whichever is showing.
    await page.getByText('Tom Becker').filter({ visible: true }).first().waitFor();
    await screenshot(page, `users-${name}`);
    expect(await overflowX(page)).toBe(0);
    expect(browser.pageErrors(page)).toEqual([]);
  });
});
