import { describe, expect, it } from 'vitest';
import { chooseAsOfDay } from './pages/as-of.ts';
import { InsightsPage } from './pages/insights-page.ts';
import { adminCredentials } from './support/api.ts';
import { expectAxeClean } from './support/axe.ts';
import { horizontalOverflow, screenshot, useBrowser, WIDTHS } from './support/browser.ts';
import { daysAgo } from './support/days.ts';
import { isFocused, tabTo } from './support/keyboard.ts';
import { seedStayerAndLeaver, uniqueName, useSeededRules } from './support/seed-employees.ts';

/*
 * Pay Overview as of a day, keyboard only: an administrator types a day in the past into the
 * As of field, sees the banner and the figures of that day (a leaver who had not left yet counts
 * in the headcount and the payroll), and goes back to today from the banner. axe-core clean, no
 * sideways scroll, at 1440 and 390 px.
 */

const browser = useBrowser();
const rules = useSeededRules(3000);

describe('Pay Overview as of a day', () => {
  it.each(WIDTHS)(
    'counts a leaver on a day before they left, and goes back to today (%s px)',
    async (width, viewport) => {
      const tag = uniqueName(`Pay As Of ${width}`);
      await seedStayerAndLeaver(rules, tag);
      const day = daysAgo(60);

      const page = await browser.signedInPage(adminCredentials(), viewport);
      await page.goto(`/insights?name=${encodeURIComponent(tag)}`);
      const overview = new InsightsPage(page);
      const headcount = overview.figure('Headcount');
      const payroll = overview.figure('Monthly payroll (gross)');
      await expect.poll(() => headcount.textContent()).toBe('1');
      expect(await payroll.textContent()).toBe('$3,000.00');

      // Keyboard only: Tab to As of and type the day (Chromium's en-US field: mm dd yyyy).
      const asOf = page.getByLabel('As of');
      await tabTo(page, asOf, 60);
      const banner = await chooseAsOfDay(page, asOf, day, { subject: 'pay', keeps: { name: tag } });
      // That day the leaver was still employed: both count.
      await expect.poll(() => headcount.textContent()).toBe('2');
      expect(await payroll.textContent()).toBe('$6,000.00');
      await overview.waitForCharts();
      expect(await horizontalOverflow(page)).toBe(0);
      await expectAxeClean(page, `Pay Overview as of ${day} at ${width} px`);
      await screenshot(page, `pay-overview-as-of-${width}`);

      // Back to today, from the banner: Tab to it, Enter.
      const back = banner.getByRole('button', { name: 'Back to today' });
      await tabTo(page, back, 20);
      expect(await isFocused(back)).toBe(true);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => !url.searchParams.has('asOf') && url.searchParams.get('name') === tag);
      await banner.waitFor({ state: 'detached' });
      await expect.poll(() => headcount.textContent()).toBe('1');
      expect(await horizontalOverflow(page)).toBe(0);
    },
  );
});

describe('the calculator and Pay Transparency as of a day', () => {
  it.each(WIDTHS)(
    'show the banner, axe-clean, nothing scrolling sideways (%s px)',
    async (width, viewport) => {
      const day = daysAgo(60);
      const page = await browser.signedInPage(adminCredentials(), viewport);
      for (const [path, subject, name] of [
        ['/calculator', 'pay', 'calculator'],
        ['/pay-transparency', 'the report', 'pay-transparency'],
      ] as const) {
        await page.goto(`${path}?asOf=${day}`);
        const banner = page.getByRole('status').filter({ hasText: `Showing ${subject} as of` });
        await banner.waitFor();
        expect(await page.getByLabel('As of').inputValue()).toBe(day);
        if (name === 'pay-transparency') await page.getByTestId('report-counts').waitFor();
        expect(await horizontalOverflow(page)).toBe(0);
        await expectAxeClean(page, `${path} as of ${day} at ${width} px`);
        await screenshot(page, `${name}-as-of-${width}`);
      }
    },
  );
});
