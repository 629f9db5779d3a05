import { describe, expect, it } from 'vitest';
import { BenefitsPage } from './pages/settings-benefits.ts';
import { waitForToast } from './pages/toasts.ts';
import { horizontalOverflow, SIZES, screenshot, useBrowser } from './support/browser.ts';
import { uniqueName } from './support/seed-rules.ts';
import { keepSettingsAsFound, readSettings, updateSettings } from './support/seed-settings.ts';

const browser = useBrowser();
keepSettingsAsFound();

describe('benefits', () => {
  it('adds a benefit that is saved at once', async () => {
    const benefits = await browser.open(BenefitsPage);
    const { page } = benefits;
    const name = uniqueName('Gym');

    // Add stays disabled until both a name and an amount are there.
    expect(await benefits.addButton.isDisabled()).toBe(true);
    await benefits.field('Benefit Name').fill(name);
    expect(await benefits.addButton.isDisabled()).toBe(true);
    await benefits.field('Amount').fill('12.5');
    await benefits.chooseType('Percentage of Salary');
    await expect.poll(() => benefits.addButton.isEnabled()).toBe(true);
    await benefits.addButton.click();

    await waitForToast(page, 'Benefit added successfully');
    await benefits.item(name).waitFor();
    expect(await benefits.item(name).textContent()).toContain('12.5% of gross salary');
    // The form is ready for the next one.
    expect(await benefits.field('Benefit Name').inputValue()).toBe('');
    expect((await readSettings()).benefits).toContainEqual({ name, amount: 12.5, type: 'PERCENTAGE' });
    expect(browser.pageErrors(page)).toEqual([]);
  });

  it('removes a benefit and saves at once', async () => {
    const keep = uniqueName('Meal');
    const drop = uniqueName('Parking');
    await updateSettings({
      benefits: [
        { name: keep, amount: 90, type: 'FIXED_AMOUNT' },
        { name: drop, amount: 40.25, type: 'FIXED_AMOUNT' },
      ],
    });
    const benefits = await browser.open(BenefitsPage);
    const { page } = benefits;
    expect(await benefits.names()).toEqual([keep, drop]);
    expect(await benefits.item(drop).textContent()).toContain('$40.25');

    await benefits.removeButton(drop).click();

    await waitForToast(page, 'Benefit removed successfully');
    await benefits.item(drop).waitFor({ state: 'detached' });
    expect(await benefits.names()).toEqual([keep]);
    expect((await readSettings()).benefits.map((b) => b.name)).toEqual([keep]);
  });

  it("says when there are none, and refuses a name that's already there", async () => {
    await updateSettings({ benefits: [] });
    const benefits = await browser.open(BenefitsPage);
    await benefits.list.getByText('No benefits added yet').waitFor();

    const name = uniqueName('Health');
    await updateSettings({ benefits: [{ name, amount: 100, type: 'FIXED_AMOUNT' }] });
    await benefits.goto();
    await benefits.item(name).waitFor();
    await benefits.field('Benefit Name').fill(` ${name.toUpperCase()} `);
    await benefits.field('Amount').fill('5');
    await benefits.addButton.click();
    await benefits.form.getByText(`A benefit named "${name.toUpperCase()}" already exists`).waitFor();
    expect((await readSettings()).benefits).toHaveLength(1);
  });

  it('reloads the settings when a save fails because someone else saved first', async () => {
    await updateSettings({ benefits: [] });
    const benefits = await browser.open(BenefitsPage);
    const { page } = benefits;
    // Meanwhile, someone else adds one: the screen's version is now out of date.
    const theirs = uniqueName('Theirs');
    await updateSettings({ benefits: [{ name: theirs, amount: 10, type: 'FIXED_AMOUNT' }] });

    await benefits.field('Benefit Name').fill(uniqueName('Mine'));
    await benefits.field('Amount').fill('20');
    await benefits.addButton.click();

    await waitForToast(page, 'Settings were changed by someone else. Reload and try again.');
    await benefits.item(theirs).waitFor();
    expect((await readSettings()).benefits.map((b) => b.name)).toEqual([theirs]);
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
