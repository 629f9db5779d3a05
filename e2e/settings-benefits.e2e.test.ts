import { describe, expect, it } from 'vitest';
import { BenefitsPage } from './pages/settings-benefits.ts';
import { waitForToast } from './pages/toasts.ts';
import { horizontalOverflow, SIZES, screenshot, useBrowser } from './support/browser.ts';
import { uniqueName } from './support/seed-rules.ts';
import { keepSettingsAsFound, readSettings, updateSettings } from './support/seed-settings.ts';

const browser = useBrowser();
keepSettingsAsFound();

describe('benefits', () => {
  // The journey through the built app and the real server. Form behaviour (when Add is enabled,
  // what is sent, removing, duplicates, a stale save) is checked in benefits-section.test.tsx.
  it('adds a benefit that is saved at once', async () => {
    const benefits = await browser.open(BenefitsPage);
    const { page } = benefits;
    const name = uniqueName('Gym');

    await benefits.field('Benefit Name').fill(name);
    await benefits.field('Amount').fill('12.5');
    await benefits.chooseType('Percentage of Salary');
    await expect.poll(() => benefits.addButton.isEnabled()).toBe(true);
    await benefits.addButton.click();

    await waitForToast(page, 'Benefit added successfully');
    await benefits.item(name).waitFor();
    expect(await benefits.item(name).textContent()).toContain('12.5% of gross salary');
    expect((await readSettings()).benefits).toContainEqual({ name, amount: 12.5, type: 'PERCENTAGE' });
    expect(browser.pageErrors(page)).toEqual([]);
  });

  it.each(SIZES)('looks right on %s', async (name, viewport) => {
    await updateSettings({
      benefits: [
        { name: 'Health Insurance', amount: 180, type: 'FIXED_AMOUNT' },
        { name: 'Meal Allowance', amount: 90, type: 'FIXED_AMOUNT' },
        { name: 'Pension Plan', amount: 5, type: 'PERCENTAGE' },
      ],
    });
    const benefits = await browser.open(BenefitsPage, { viewport });
    const { page } = benefits;
    await benefits.item('Pension Plan').waitFor();
    await screenshot(page, `settings-benefits-${name}`);
    expect(await horizontalOverflow(page)).toBe(0);
  });
});
