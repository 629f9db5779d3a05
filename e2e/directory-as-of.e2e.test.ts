import { describe, expect, it } from 'vitest';
import { chooseAsOfDay } from './pages/as-of.ts';
import { EmployeesPage } from './pages/employees-page.ts';
import { adminCredentials } from './support/api.ts';
import { expectAxeClean } from './support/axe.ts';
import { horizontalOverflow, screenshot, useBrowser, WIDTHS } from './support/browser.ts';
import { daysAgo } from './support/days.ts';
import { isFocused, tabTo } from './support/keyboard.ts';
import { seedStayerAndLeaver, uniqueName, useSeededRules } from './support/seed-employees.ts';

/*
 * The directory as of a day, keyboard only: an administrator types a day in the past into the
 * filters' As of field, sees the banner and a leaver who had not left yet (with no way to edit
 * or add anything that day), and goes back to today from the banner. axe-core clean, no
 * sideways scroll, at 1440 and 390 px.
 */

const browser = useBrowser();
const rules = useSeededRules(3000);

describe('the directory as of a day', () => {
  it.each(WIDTHS)(
    'shows a past day with its leaver, read-only, and goes back to today (%s px)',
    async (width, viewport) => {
      const tag = uniqueName(`As Of ${width}`);
      const { stays, leaver } = await seedStayerAndLeaver(rules, tag);
      const day = daysAgo(60);

      const page = await browser.signedInPage(adminCredentials(), viewport);
      const directory = new EmployeesPage(page);
      await directory.goto();
      await directory.searchAndWait(tag);
      await directory.row(stays.id).waitFor();
      expect(await directory.row(leaver.id).count()).toBe(0);

      // Keyboard only: from Search by Name, Tab to As of and type the day (Chromium's en-US field: mm dd yyyy).
      const asOf = directory.filters.getByLabel('As of');
      await directory.filters.getByLabel('Search by Name').focus();
      await tabTo(page, asOf, 10);
      // What the user sees, not a network event: the field holds the day, then the banner and
      // the leaver's row (listed only as of that day) below wait for the list itself.
      const banner = await chooseAsOfDay(page, asOf, day, { subject: 'the directory', keeps: { name: tag } });
      await directory.row(leaver.id).waitFor();
      await directory.row(stays.id).waitFor();
      // Read-only: no row actions, no Add Employee, no link into the form.
      expect(await page.getByRole('button', { name: `Mark ${leaver.name} as leaver` }).count()).toBe(0);
      expect(await page.getByRole('button', { name: `Delete ${leaver.name}` }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Add Employee' }).count()).toBe(0);
      expect(await directory.row(leaver.id).getByRole('link').count()).toBe(0);
      // The salary shows, but "Why this salary?" (today's explanation) is not offered beside another day's.
      expect(await directory.row(stays.id).innerText()).toContain('$3,000.00');
      expect(
        await directory
          .row(stays.id)
          .getByRole('button', { name: /^Why this salary\?/ })
          .count(),
      ).toBe(0);
      expect(await horizontalOverflow(page)).toBe(0);
      await expectAxeClean(page, `the directory as of ${day} at ${width} px`);
      await screenshot(page, `directory-as-of-${width}`);

      // Back to today, from the banner: Tab to it, Enter.
      const back = banner.getByRole('button', { name: 'Back to today' });
      await tabTo(page, back, 20);
      expect(await isFocused(back)).toBe(true);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => !url.searchParams.has('asOf') && url.searchParams.get('name') === tag);
      await banner.waitFor({ state: 'detached' });
      await directory.row(leaver.id).waitFor({ state: 'detached' });
      await directory.row(stays.id).waitFor();
      await directory.row(stays.id).getByRole('link', { name: stays.name }).waitFor();
      await directory
        .row(stays.id)
        .getByRole('button', { name: /^Why this salary\?/ })
        .waitFor();
      expect(await horizontalOverflow(page)).toBe(0);
      await expectAxeClean(page, `the directory as of today at ${width} px`);
    },
  );
});
