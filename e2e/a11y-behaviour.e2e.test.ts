import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { SCREENS, type Seeded } from './a11y/screens.ts';
import { CalculatorPage } from './pages/calculator.ts';
import { ImportDialog, workbookWith } from './pages/excel.ts';
import { waitForToast } from './pages/toasts.ts';
import { adminCredentials, createUser } from './support/api.ts';
import { DESKTOP, MOBILE, screenshot, settled, useBrowser } from './support/browser.ts';
import { focusedText, isFocused, tabTo } from './support/keyboard.ts';
import { profileNames, seedEmployees, seedRules } from './support/seed-employees.ts';

/* What axe cannot see: headings and titles, focus, the mobile menu, dialogs, stale results. */

/** Focus and toasts follow lazy chunks and the server: give them time on a busy machine. */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read);
const browser = useBrowser();
let seeded: Seeded;

beforeAll(async () => {
  const rules = await seedRules(6500);
  const [employee] = await seedEmployees(rules, [{ name: 'Focus Tester' }]);
  seeded = { employeeId: (employee as { id: number }).id, ...profileNames(rules) };
});

async function activeIsHeading(page: Page, name: string): Promise<void> {
  await poll(() => focusedText(page)).toBe(`h1: ${name}`);
}

describe('pages: one h1, a title per route, focus to the heading', () => {
  it.each(SCREENS.map((s) => [s.name, s] as const))('%s', async (_name, screen) => {
    const page = await browser.keptPage(screen.anonymous ? null : adminCredentials());
    await page.goto(screen.path.replace('{employeeId}', String(seeded.employeeId)));
    await page.getByRole('heading', { name: screen.heading, level: 1 }).waitFor();
    expect(await page.locator('h1').count()).toBe(1);
    await poll(() => page.title()).toBe(screen.title);
  });

  it('moves focus to the new page heading on navigation, and after signing in', async () => {
    const user = await createUser({ permissions: ['showSalary'] });
    const page = await browser.anonymousPage();
    await page.goto('/login');
    await page.getByLabel(/^Email/).fill(user.email);
    await page.getByLabel(/^Password/).fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await activeIsHeading(page, 'Employees');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Salary Calculator' })
      .click();
    await activeIsHeading(page, 'Salary Calculator');
    expect(await page.title()).toBe('Salary Calculator · Salary System');
  });

  it('has a skip link that leads past the navigation to the main content', async () => {
    const page = await browser.signedInPage(adminCredentials());
    await page.goto('/calculator');
    await activeIsHeading(page, 'Salary Calculator');
    // Backwards from the heading, the skip link is the first stop of the page.
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await tabTo(page, skip, 20, 'Shift+Tab');
    expect(await skip.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    // The next Tab stop is inside the page, not the sidebar.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
  });
});

describe('the phone navigation', () => {
  it('is inert while closed, says whether it is expanded, and Escape closes it', async () => {
    const page = await browser.signedInPage(adminCredentials(), MOBILE);
    await page.goto('/dashboard');
    await activeIsHeading(page, 'Employees');
    const burger = page.getByRole('button', { name: /navigation/ });
    const navbar = page.locator('#app-navigation');
    expect(await burger.getAttribute('aria-expanded')).toBe('false');
    expect(await navbar.evaluate((el) => (el as HTMLElement).inert)).toBe(true);
    // Thirty Tab presses never land on a hidden sidebar link.
    for (let i = 0; i < 30; i += 1) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('#app-navigation')))).toBe(
        false,
      );
    }
    await burger.click();
    expect(await burger.getAttribute('aria-expanded')).toBe('true');
    expect(await navbar.evaluate((el) => (el as HTMLElement).inert)).toBe(false);
    await page.keyboard.press('Escape');
    await poll(() => burger.getAttribute('aria-expanded')).toBe('false');
    await poll(() => isFocused(burger)).toBe(true);
    // Choosing from the menu closes it and puts focus on the new page, not a hidden link.
    await burger.click();
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await activeIsHeading(page, 'Settings');
  });

  it('keeps the focused filter clear of the fixed header (scroll padding)', async () => {
    const page = await browser.signedInPage(adminCredentials(), MOBILE);
    await page.goto('/settings/jobs');
    await activeIsHeading(page, 'Settings');
    const padding = await page.evaluate(() => getComputedStyle(document.documentElement).scrollPaddingTop);
    expect(Number.parseFloat(padding)).toBeGreaterThanOrEqual(56);
  });
});

describe('dialogs', () => {
  it('give focus back to the button that opened them (Change Password, first and second time)', async () => {
    const page = await browser.signedInPage(adminCredentials());
    await page.goto('/dashboard');
    const opener = page.getByRole('main').getByRole('button', { name: 'Change Password' });
    for (let round = 0; round < 2; round += 1) {
      await opener.click();
      const dialog = page.getByRole('dialog', { name: 'Change Password' });
      await settled(dialog);
      expect(await dialog.getByRole('button', { name: 'Close' }).count()).toBe(1);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await poll(() => isFocused(opener)).toBe(true);
    }
  });

  it('fade in, unless the system asks for reduced motion: then they appear at once', async () => {
    // The dialog's opacity from the moment it enters the page (a MutationObserver sees the
    // insertion itself, before any frame is painted, however busy the machine) and in every
    // frame after, until it has been fully opaque for 300 ms: the second time it opens (the
    // first loads its code), on a page loaded with that setting. No fixed window: on a loaded
    // machine the dialog may enter the page later than any window would allow.
    async function opacitiesWith(reducedMotion: 'reduce' | 'no-preference'): Promise<number[]> {
      const page = await browser.signedInPage(adminCredentials());
      await page.emulateMedia({ reducedMotion });
      await page.goto('/dashboard');
      const opener = page.getByRole('main').getByRole('button', { name: 'Change Password' });
      const dialog = page.getByRole('dialog', { name: 'Change Password' });
      let opacities: number[] = [];
      for (let round = 0; round < 2; round += 1) {
        opacities = await opener.evaluate(
          (button) =>
            new Promise<number[]>((resolve) => {
              const seen: number[] = [];
              let opaqueSince: number | undefined;
              const read = () => {
                const shown = document.querySelector('[role="dialog"]');
                if (!shown) return;
                const opacity = Number(getComputedStyle(shown).opacity);
                seen.push(opacity);
                if (opacity < 1) opaqueSince = undefined;
                else opaqueSince ??= performance.now();
              };
              const observer = new MutationObserver(read);
              observer.observe(document.body, { childList: true, subtree: true, attributes: true });
              const sample = () => {
                read();
                if (opaqueSince !== undefined && performance.now() - opaqueSince > 300) {
                  observer.disconnect();
                  resolve(seen);
                } else requestAnimationFrame(sample);
              };
              (button as HTMLButtonElement).click();
              requestAnimationFrame(sample);
            }),
        );
        await dialog.waitFor();
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
      }
      return opacities;
    }

    expect((await opacitiesWith('no-preference')).filter((opacity) => opacity < 1)).not.toEqual([]);
    const still = await opacitiesWith('reduce');
    expect(still.length).toBeGreaterThan(0);
    expect(still.filter((opacity) => opacity !== 1)).toEqual([]);
  });

  it('give focus back to Import Excel after the import dialog closes', async () => {
    const page = await browser.signedInPage(adminCredentials());
    await page.goto('/dashboard');
    const importer = new ImportDialog(page);
    const { dialog, opener } = importer;
    await importer.pick('employees.xlsx', await workbookWith([{ Name: 'Half a row' }]));
    await importer.outcome.waitFor();
    await dialog
      .getByRole('button', { name: /^(Cancel|Close)$/ })
      .last()
      .click();
    await dialog.waitFor({ state: 'detached' });
    await poll(() => isFocused(opener)).toBe(true);
  });

  it('confirm as an alertdialog, focus on Cancel, the item named; Enter twice deletes nothing', async () => {
    const page = await browser.signedInPage(adminCredentials());
    await page.goto('/settings/base-salary');
    const name = `${seeded.grade} / ${seeded.level}`;
    // Row buttons are named per row.
    const rowButton = (action: 'Edit' | 'Delete') =>
      page.getByRole('button', { name: `${action} ${name}`, exact: true }).filter({ visible: true });
    const del = rowButton('Delete');
    await del.waitFor();
    expect(await rowButton('Edit').count()).toBe(1);
    await del.click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete base salary' });
    await settled(confirm);
    expect(await confirm.textContent()).toContain('Are you sure you want to delete this base salary?');
    expect(await confirm.getByTestId('confirm-item').textContent()).toBe(name);
    await poll(() => isFocused(confirm.getByRole('button', { name: 'Cancel' }))).toBe(true);
    await page.keyboard.press('Enter');
    await confirm.waitFor({ state: 'detached' });
    // Focus went back to the row's Delete: a second Enter only asks again, on Cancel.
    await poll(() => isFocused(del)).toBe(true);
    await page.keyboard.press('Enter');
    await settled(confirm);
    await poll(() => isFocused(confirm.getByRole('button', { name: 'Cancel' }))).toBe(true);
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    // The rule is still there.
    expect(await rowButton('Delete').count()).toBe(1);
    await screenshot(page, 'a11y-confirm-after-enter-twice');
  });
});

describe('calculator', () => {
  it('lands focus on the result, names the profile, and marks it out of date after an input changes', async () => {
    const calculator = await browser.open(CalculatorPage);
    const { page } = calculator;
    await calculator.chooseProfile(seeded);
    await calculator.years('Years of Experience').fill('6');
    await calculator.calculateButton.click();
    const { details } = calculator;
    await poll(() => isFocused(details.getByTestId('details-heading'))).toBe(true);
    const profile = await details.getByTestId('details-profile').textContent();
    expect(profile).toContain(seeded.job);
    expect(profile).toContain(`${seeded.grade} / ${seeded.level}`);
    expect(profile).toContain('6 years of experience');
    expect(await details.getByTestId('details-stale').count()).toBe(0);
    await calculator.years('Years of Experience').fill('7');
    await details.getByText('Out of date — Calculate again').waitFor();
    await screenshot(page, 'a11y-calculator-stale-1440');
    await calculator.calculateButton.click();
    await details.getByTestId('details-stale').waitFor({ state: 'detached' });
    expect(await details.getByTestId('details-profile').textContent()).toContain('7 years of experience');
  });
});

describe('permissions, said out loud', () => {
  it('a guarded address tells the user why as it redirects', async () => {
    const page = await browser.signedInPage(await createUser({ permissions: ['showSalary'] }));
    await page.goto('/employees/new');
    await waitForToast(page, 'You do not have permission to open that page');
    expect(new URL(page.url()).pathname).toBe('/dashboard');
  });

  it('toasts bounce in, unless the system asks for reduced motion: then they appear at once', async () => {
    const user = await createUser({ permissions: ['showSalary'] });
    // A toast on a page loaded with that setting, and how long its entrance lasts, in ms. The
    // duration is read as the entrance starts: react-toastify drops the entrance class when the
    // animation ends, so reading it later races a busy machine.
    async function toastWith(reducedMotion: 'reduce' | 'no-preference') {
      const page = await browser.signedInPage(user);
      await page.emulateMedia({ reducedMotion });
      await page.addInitScript(() => {
        const seen: number[] = [];
        (window as unknown as { toastEntrances: number[] }).toastEntrances = seen;
        document.addEventListener(
          'animationstart',
          (event) => {
            const element = event.target as HTMLElement;
            if (!element.classList?.contains('Toastify__toast')) return;
            seen.push(Number.parseFloat(getComputedStyle(element).animationDuration) * 1000);
          },
          true,
        );
      });
      await page.goto('/employees/new');
      const toast = page.locator('.Toastify__toast', {
        hasText: 'You do not have permission to open that page',
      });
      await toast.waitFor();
      // With reduced motion there may be no animation at all (no animationstart): then the
      // toast's own computed duration is the answer.
      const started = await page.evaluate(
        () => (window as unknown as { toastEntrances: number[] }).toastEntrances,
      );
      const entrance =
        started.length > 0
          ? started[0]
          : await toast.evaluate(
              (element) => Number.parseFloat(getComputedStyle(element).animationDuration) * 1000,
            );
      return { toast, entrance };
    }
    expect((await toastWith('no-preference')).entrance).toBeGreaterThan(100);
    const still = await toastWith('reduce');
    expect(still.entrance).toBeLessThanOrEqual(1);
    // It still goes by itself: react-toastify starts the countdown, and removes the toast, when
    // its animations end.
    await still.toast.waitFor({ state: 'detached', timeout: 10_000 });
  });

  it('a later success dismisses the toast of an earlier failure (Change Password)', async () => {
    const user = await createUser();
    const page = await browser.signedInPage(user);
    await page.goto('/dashboard');
    await page.getByRole('main').getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.getByLabel(/^Current Password/).fill(user.password);
    await dialog.getByLabel(/^New Password/).fill('Lantern-orchard-93');
    await dialog.getByLabel(/^Confirm New Password/).fill('Lantern-orchard-94');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await waitForToast(page, 'New passwords do not match');
    expect(await dialog.getByLabel(/^Confirm New Password/).getAttribute('aria-invalid')).toBe('true');
    await dialog.getByLabel(/^Confirm New Password/).fill('Lantern-orchard-93');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await waitForToast(page, 'Password changed successfully');
    await page
      .locator('.Toastify__toast', { hasText: 'New passwords do not match' })
      .waitFor({ state: 'detached' });
  });
});

describe('no silent loss of edits', () => {
  it('Salary Multipliers shows its changes, keeps Save in view, and asks before leaving', async () => {
    const page = await browser.signedInPage(adminCredentials(), DESKTOP);
    await page.goto('/settings/multipliers');
    const form = page.getByRole('form', { name: 'Salary multipliers' });
    const first = form.getByRole('textbox').first();
    await first.fill('2');
    const bar = page.getByTestId('save-bar');
    await bar.getByText('Unsaved changes').waitFor();
    const save = page.getByRole('button', { name: 'Save All Changes' });
    expect(await save.evaluate((el) => el.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true);
    await page
      .getByRole('navigation', { name: 'Settings sections' })
      .getByRole('link', { name: /Social Insurance/ })
      .click();
    const ask = page.getByRole('alertdialog', { name: 'Unsaved changes' });
    await settled(ask);
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/settings/multipliers');
    expect(await first.inputValue()).toBe('2');
    // Closing the tab asks too.
    const dialog = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const shown = await dialog;
    expect(shown.type()).toBe('beforeunload');
    await shown.dismiss();
  });
});
