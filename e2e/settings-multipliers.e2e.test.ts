import { HOW_MULTIPLIERS_WORK } from '@salary/salary-engine/formula-explained';
import { describe, expect, it } from 'vitest';
import { MultipliersPage } from './pages/settings-multipliers.ts';
import { waitForToast } from './pages/toasts.ts';
import { horizontalOverflow, SIZES, screenshot, useBrowser } from './support/browser.ts';
import { uniqueName } from './support/seed-rules.ts';
import {
  keepSettingsAsFound,
  NEUTRAL_MULTIPLIERS,
  readSettings,
  updateSettings,
} from './support/seed-settings.ts';

const browser = useBrowser();
keepSettingsAsFound();

describe('salary multipliers', () => {
  it('edits base multipliers and adds a custom one, all saved by Save All Changes', async () => {
    await updateSettings({
      ...NEUTRAL_MULTIPLIERS,
      experienceMultiplier: 1.5,
      pillarMultiplier: 10,
      customMultipliers: [],
    });
    const multipliers = await browser.open(MultipliersPage);
    const { page } = multipliers;
    expect(await multipliers.value('experienceMultiplier').inputValue()).toBe('1.5');

    await multipliers.value('experienceMultiplier').fill('2.25');
    await multipliers.chooseType('pillarMultiplier', 'Fixed Amount');
    await multipliers.value('pillarMultiplier').fill('350');
    const title = uniqueName('Night shift');
    await multipliers.button('Add Custom Multiplier').click();
    await multipliers.modal.waitFor();
    await multipliers.fillModal({ title, value: '4.5' });
    await multipliers.modal.waitFor({ state: 'hidden' });
    await multipliers.custom(title).getByText('Unsaved').waitFor();

    // Nothing is stored before Save All Changes.
    const before = await readSettings();
    expect(before.experienceMultiplier).toBe(1.5);
    expect(before.customMultipliers).toEqual([]);

    await multipliers.button('Save All Changes').click();
    await waitForToast(page, 'Multipliers saved successfully');

    const saved = await readSettings();
    expect(saved).toMatchObject({
      experienceMultiplier: 2.25,
      experienceMultiplierType: 'PERCENTAGE',
      pillarMultiplier: 350,
      pillarMultiplierType: 'FIXED',
    });
    expect(saved.customMultipliers).toEqual([
      { id: expect.stringMatching(/^cm_/), title, multiplier: 4.5, type: 'PERCENTAGE' },
    ]);

    // A reload shows what was saved.
    await page.reload();
    await multipliers.custom(title).waitFor();
    expect(await multipliers.value('experienceMultiplier').inputValue()).toBe('2.25');
    expect(await multipliers.value('pillarMultiplier').inputValue()).toBe('350');
    expect(await multipliers.type('pillarMultiplier').inputValue()).toBe('Fixed Amount');
    expect(await multipliers.custom(title).getByText('Unsaved').count()).toBe(0);
    expect(browser.pageErrors(page)).toEqual([]);
  });

  it('edits and deletes custom multipliers locally, after a confirmation', async () => {
    const keep = uniqueName('On-call');
    const drop = uniqueName('Hazard');
    await updateSettings({
      customMultipliers: [
        { id: 'cm_e2e_keep', title: keep, multiplier: 250, type: 'FIXED' },
        { id: 'cm_e2e_drop', title: drop, multiplier: 3, type: 'PERCENTAGE' },
      ],
    });
    const multipliers = await browser.open(MultipliersPage);
    const { page } = multipliers;
    expect(await multipliers.customTitles()).toEqual([keep, drop]);

    // Edit opens prefilled.
    await multipliers
      .custom(keep)
      .getByRole('button', { name: `Edit ${keep}` })
      .click();
    await multipliers.modal.waitFor();
    expect(await multipliers.modal.getByRole('textbox', { name: 'Title' }).inputValue()).toBe(keep);
    expect(await multipliers.modal.getByRole('textbox', { name: 'Multiplier Value' }).inputValue()).toBe(
      '250',
    );
    await multipliers.fillModal({ title: keep, value: '275.5' });
    await multipliers.modal.waitFor({ state: 'hidden' });
    await multipliers.custom(keep).getByText('$275.50').waitFor();

    // Delete asks first; Cancel keeps it.
    await multipliers
      .custom(drop)
      .getByRole('button', { name: `Delete ${drop}` })
      .click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete custom multiplier' });
    await confirm.getByText('Are you sure you want to delete this custom multiplier?').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await multipliers.customTitles()).toEqual([keep, drop]);

    await multipliers
      .custom(drop)
      .getByRole('button', { name: `Delete ${drop}` })
      .click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await multipliers.custom(drop).waitFor({ state: 'detached' });
    expect((await readSettings()).customMultipliers).toHaveLength(2);

    await multipliers.button('Save All Changes').click();
    await waitForToast(page, 'Multipliers saved successfully');
    expect((await readSettings()).customMultipliers).toEqual([
      { id: 'cm_e2e_keep', title: keep, multiplier: 275.5, type: 'FIXED' },
    ]);
  });

  it('explains how multipliers work in the engine’s own words', async () => {
    const multipliers = await browser.open(MultipliersPage);
    const items = await multipliers.region('How Multipliers Work').getByRole('listitem').allTextContents();
    expect(items.map((text) => text.trim())).toEqual([...HOW_MULTIPLIERS_WORK]);
  });

  it.each(SIZES)('looks right on %s', async (name, viewport) => {
    await updateSettings({
      ...NEUTRAL_MULTIPLIERS,
      experienceMultiplier: 1.5,
      loyaltyMultiplier: 1,
      pillarMultiplier: 300,
      pillarMultiplierType: 'FIXED',
      remoteMultiplier: -3,
      customMultipliers: [
        { id: 'cm_look_1', title: 'On-call rotation', multiplier: 250, type: 'FIXED' },
        { id: 'cm_look_2', title: 'Team lead allowance', multiplier: 7.5, type: 'PERCENTAGE' },
      ],
    });
    const multipliers = await browser.open(MultipliersPage, { viewport });
    const { page } = multipliers;
    await multipliers.custom('Team lead allowance').waitFor();
    await screenshot(page, `settings-multipliers-${name}`);
    expect(await horizontalOverflow(page)).toBe(0);
  });
});
