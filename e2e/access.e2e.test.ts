import type { PermissionKey } from '@salary/shared/common/permissions';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { Layout } from './pages/layout.ts';
import { SettingsHub } from './pages/settings-hub.ts';
import { adminCredentials, createUser } from './support/api.ts';
import { MOBILE, useBrowser, type Viewport } from './support/browser.ts';

const browser = useBrowser();

const pathOf = (url: string) => new URL(url).pathname;

/** A page signed in as a new user holding exactly `permissions`. */
async function pageWith(permissions: PermissionKey[], viewport?: Viewport): Promise<Page> {
  return browser.signedInPage(await createUser({ permissions }), viewport);
}

/** Opens `path` and waits until the app has sent the page on to `target`. */
async function sentOn(page: Page, path: string, target: string): Promise<void> {
  await page.goto(path);
  await page.waitForURL(`**${target}`);
}

const ALL_SECTIONS = [
  'Jobs',
  'Positions',
  'Grades',
  'Levels',
  'Base Salaries',
  'Adjustment Factors',
  'Job Evaluation',
  'Benefits',
  'Salary Multipliers',
  'Social Insurance',
  'Scheduled Changes',
  'Company',
];

describe('sidebar and guards by permission', () => {
  it('a plain user sees no Settings and is turned back from guarded routes', async () => {
    const page = await pageWith([]);
    await page.goto('/calculator');
    const layout = new Layout(page);
    await layout.waitUntilShown();

    expect(await layout.navLabels()).toEqual(['Employees', 'Salary Calculator']);
    await expect.poll(() => layout.activeNavLabel()).toBe('Salary Calculator');

    for (const guarded of [
      '/settings',
      '/settings/jobs',
      '/employees/new',
      '/employees/edit/1',
      '/nowhere',
    ]) {
      await sentOn(page, guarded, '/dashboard');
      await expect.poll(() => layout.activeNavLabel()).toBe('Employees');
    }
  });

  it('showSettings opens the hub at the first section, without User Management', async () => {
    const page = await pageWith(['showSettings']);
    await sentOn(page, '/settings', '/settings/jobs');
    const layout = new Layout(page);
    const hub = new SettingsHub(page);

    expect(await layout.navLabels()).toEqual(['Employees', 'Salary Calculator', 'Settings']);
    await expect.poll(() => layout.activeNavLabel()).toBe('Settings');
    expect(await hub.cardLabels()).toEqual(ALL_SECTIONS);
    await expect.poll(() => hub.currentCardLabel()).toBe('Jobs');

    await hub.card('Salary Multipliers').click();
    await page.waitForURL('**/settings/multipliers');
    // Navigation is a transition: the old section stays until the new one's chunk arrives.
    await expect.poll(() => hub.currentCardLabel()).toBe('Salary Multipliers');

    await sentOn(page, '/settings/no-such-section', '/settings/jobs');

    await page.goto('/settings/users');
    await page.getByText('Access denied').waitFor();
  });

  it('admins also get the User Management card', async () => {
    const page = await browser.signedInPage(adminCredentials());
    await page.goto('/settings');
    const hub = new SettingsHub(page);
    expect(await hub.cardLabels()).toEqual([...ALL_SECTIONS, 'User Management', 'Audit Log']);
    await hub.card('User Management').click();
    await page.waitForURL('**/settings/users');
    await expect.poll(() => hub.currentCardLabel()).toBe('User Management');
  });

  it('the employee form needs manageEmployee and showSalary', async () => {
    await sentOn(await pageWith(['manageEmployee']), '/employees/new', '/dashboard');

    const allowed = await pageWith(['manageEmployee', 'showSalary']);
    await allowed.goto('/employees/new');
    await allowed.getByRole('heading', { name: 'Add Employee', level: 1 }).waitFor();
    expect(pathOf(allowed.url())).toBe('/employees/new');
  });
});

describe('phone layout', () => {
  it('folds the sidebar behind a burger that closes after navigating', async () => {
    const page = await pageWith([], MOBILE);
    await page.goto('/dashboard');
    const layout = new Layout(page);
    await layout.waitUntilShown();
    expect(await layout.sidebarOnScreen()).toBe(false);

    await layout.burger.click();
    await expect.poll(() => layout.sidebarOnScreen()).toBe(true);
    await layout.navLink('Salary Calculator').click();

    await page.waitForURL('**/calculator');
    await page.getByRole('heading', { name: 'Salary Calculator', level: 1 }).waitFor();
    await expect.poll(() => layout.sidebarOnScreen()).toBe(false);
  });
});
