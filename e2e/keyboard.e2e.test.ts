import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ImportDialog, sheetRow, workbookWith } from './pages/excel.ts';
import { waitForToast } from './pages/toasts.ts';
import { adminCredentials, createUser } from './support/api.ts';
import { useBrowser } from './support/browser.ts';
import { chooseByKeyboard, focusedText, isFocused, tabTo } from './support/keyboard.ts';
import {
  employeesNamed,
  profileChoices,
  profileNames,
  uniqueName,
  useSeededRules,
} from './support/seed-employees.ts';
import { listFromApi, seedGrade } from './support/seed-rules.ts';

/*
 * Keyboard only: every step below is a key press (Tab, Enter, Space, arrows, typing). The
 * only pointer-free exception is the system file picker, which the browser owns.
 */

/** Focus and toasts follow lazy chunks and the server: give them time on a busy machine. */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read);
const browser = useBrowser();
const rules = useSeededRules(6500);

/** Picks an option by typing its text, then ↓ and Enter, as one would in a native select. */
async function chooseByTyping(page: Page, text: string): Promise<void> {
  await page.keyboard.type(text);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
}

async function headingFocused(page: Page, name: string): Promise<void> {
  await poll(() => focusedText(page)).toBe(`h1: ${name}`);
}

describe('keyboard only', () => {
  it('signs in, lands on the heading, and signs out', async () => {
    const user = await createUser({ permissions: ['showSalary'] });
    const page = await browser.anonymousPage();
    await page.goto('/login');
    await tabTo(page, page.getByLabel(/^Email/));
    await page.keyboard.type(user.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(user.password);
    await page.keyboard.press('Enter');
    await headingFocused(page, 'Employees');
    // Logout sits in the header, before the page: back from the heading, as a keyboard user goes
    // (forward it lies past every row of the directory, as many as the company has employees).
    await tabTo(page, page.getByRole('button', { name: 'Logout' }), 40, 'Shift+Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    // Focus is on the sign-in heading, not lost on the page body; the next Tab is the email.
    await headingFocused(page, 'Sign in to your account');
    await page.keyboard.press('Tab');
    expect(await isFocused(page.getByLabel(/^Email/))).toBe(true);
  });

  it('adds a job', async () => {
    const name = uniqueName('Keyed Job');
    const page = await browser.signedInPage(adminCredentials());
    await page.goto('/settings/jobs');
    await headingFocused(page, 'Settings');
    const add = page.getByRole('button', { name: 'Add Job' });
    await tabTo(page, add);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add Job' });
    await dialog.waitFor();
    await poll(() => isFocused(dialog.getByLabel(/^Name/))).toBe(true);
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
    await waitForToast(page, 'Job created successfully');
    await dialog.waitFor({ state: 'detached' });
    // Focus is back on Add Job, ready for the next one.
    await poll(() => isFocused(add)).toBe(true);
    expect((await listFromApi<{ name: string }>('/jobs')).some((job) => job.name === name)).toBe(true);
  });

  it('adds an employee', async () => {
    const name = uniqueName('Keyed Person');
    const page = await browser.signedInPage(adminCredentials());
    await page.goto('/employees/new');
    await headingFocused(page, 'Add Employee');
    await tabTo(page, page.getByLabel(/^Name/));
    await page.keyboard.type(name);
    for (const [label, option] of profileChoices(profileNames(rules))) {
      await tabTo(page, page.getByRole('combobox', { name: new RegExp(`^${label}`) }), 10);
      await chooseByKeyboard(page, option);
    }
    await tabTo(page, page.getByRole('textbox', { name: /^Years of Experience/ }), 10);
    await page.keyboard.type('2');
    await tabTo(page, page.getByRole('textbox', { name: /^Years with Company/ }), 10);
    await page.keyboard.type('1');
    await tabTo(page, page.getByRole('button', { name: 'Create Employee' }), 40);
    await page.keyboard.press('Enter');
    await waitForToast(page, 'Employee created successfully');
    await headingFocused(page, 'Employees');
    expect(await employeesNamed(name)).toHaveLength(1);
  });

  it('imports a file', async () => {
    const name = uniqueName('Imported');
    const page = await browser.signedInPage(adminCredentials());
    await page.goto('/dashboard');
    await headingFocused(page, 'Employees');
    const importer = new ImportDialog(page);
    const importButton = importer.opener;
    await tabTo(page, importButton);
    const file = await workbookWith([sheetRow(rules, name, { 'Years of Experience': 2 })]);
    await importer.chooseFile(() => page.keyboard.press('Enter'), 'employees.xlsx', file);
    const { dialog } = importer;
    await importer.summary.waitFor();
    await tabTo(page, dialog.getByRole('button', { name: 'Confirm' }), 10);
    await page.keyboard.press('Enter');
    await waitForToast(page, 'Employees imported successfully');
    await dialog.waitFor({ state: 'detached' });
    await poll(() => isFocused(importButton)).toBe(true);
    expect(await employeesNamed(name)).toHaveLength(1);
  });

  it('calculates, and focus lands on the result', async () => {
    const page = await browser.signedInPage(adminCredentials());
    await page.goto('/calculator');
    await headingFocused(page, 'Salary Calculator');
    const form = page.getByRole('form', { name: 'Salary calculator' });
    // Each select jumps to what is typed (the shared server holds many jobs, grades and levels).
    for (const [label, option] of profileChoices(profileNames(rules))) {
      const select = form.getByRole('combobox', { name: label, exact: true });
      await tabTo(page, select, 10);
      await chooseByTyping(page, option);
      await poll(() => select.inputValue()).toBe(option);
    }
    await tabTo(page, form.getByRole('button', { name: 'Calculate' }), 40);
    await page.keyboard.press('Enter');
    const details = page.getByRole('region', { name: 'Calculation Details' });
    await poll(() => isFocused(details.getByTestId('details-heading'))).toBe(true);
    expect(await details.locator('[data-row="baseSalary"] [data-value]').textContent()).toBe('$6,500.00');
  });

  it('picks a grade by typing its name, then ↓ and Enter, not the first grade of the list', async () => {
    // Created last, so it is never the list's first option (what ↓ Enter picked before).
    const second = await seedGrade(uniqueName('Typed Grade'));
    const page = await browser.signedInPage(adminCredentials());
    await page.goto('/calculator');
    await headingFocused(page, 'Salary Calculator');
    const grade = page
      .getByRole('form', { name: 'Salary calculator' })
      .getByRole('combobox', { name: 'Grade', exact: true });
    await tabTo(page, grade, 10);
    await chooseByTyping(page, second.name);
    await poll(() => grade.inputValue()).toBe(second.name);
  });

  it("reaches the directory's first sort button from the heading in a few keys, through Skip to the table", async () => {
    const page = await browser.signedInPage(adminCredentials());
    await page.goto('/dashboard');
    await headingFocused(page, 'Employees');
    // The table is there (on a busy machine the list may still be loading, and the link then
    // falls back to the directory as a whole).
    await page.locator('#employee-table').waitFor();
    const skip = page.getByRole('link', { name: 'Skip to the table' });
    const tabsToSkip = await tabTo(page, skip, 5);
    // Out of sight until focused, then on screen.
    expect(await skip.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    const firstSort = page.getByRole('columnheader', { name: 'ID' }).getByRole('button');
    const tabsToSort = await tabTo(page, firstSort, 5);
    // (It was 21 Tabs past the header's buttons and the filters.)
    expect(tabsToSkip + tabsToSort).toBeLessThanOrEqual(3);
    await page.keyboard.press('Enter');
    await poll(() => page.getByRole('columnheader', { name: 'ID' }).getAttribute('aria-sort')).toBe(
      'descending',
    );
  });

  it('sorts the directory', async () => {
    const page = await browser.signedInPage(adminCredentials());
    await page.goto('/dashboard');
    await headingFocused(page, 'Employees');
    const header = page.locator('th', { hasText: 'Experience in years' });
    const sortButton = header.getByRole('button');
    await tabTo(page, sortButton, 60);
    await page.keyboard.press('Enter');
    await poll(() => header.getAttribute('aria-sort')).toMatch(/ascending|descending/);
    const first = await header.getAttribute('aria-sort');
    await page.keyboard.press('Enter');
    await poll(() => header.getAttribute('aria-sort')).not.toBe(first);
    // The focused sort button is not hidden under the pinned ID/Name columns.
    const covered = await sortButton.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !(top && (el === top || el.contains(top)));
    });
    expect(covered).toBe(false);
  });
});
