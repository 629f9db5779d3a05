import { describe, expect, it } from 'vitest';
import { BenefitsPage } from './pages/settings-benefits.ts';
import { MultipliersPage } from './pages/settings-multipliers.ts';
import { SocialInsurancePage } from './pages/settings-social-insurance.ts';
import { createUser } from './support/api.ts';
import { screenshot, useBrowser } from './support/browser.ts';
import { keepSettingsAsFound, updateSettings } from './support/seed-settings.ts';

const browser = useBrowser();
keepSettingsAsFound();

// showSettings without manageSettings: the sections are there to read, with nothing to change.
// The journey through the built app and the real server, and the looks. Which controls each
// section withholds (forms, buttons, editable inputs, selects that open) is checked in
// apps/web/src/features/settings/settings-read-only.test.tsx.
describe('settings for a user who may only look', () => {
  it('shows benefits, multipliers and social insurance read-only', async () => {
    await updateSettings({
      benefits: [{ name: 'Health Insurance', amount: 180, type: 'FIXED_AMOUNT' }],
      customMultipliers: [{ id: 'cm_ro_1', title: 'On-call rotation', multiplier: 250, type: 'FIXED' }],
      socialInsuranceType: 'COMPANY_PERCENTAGE',
      companyInsurancePercentage: 70,
    });
    const page = await browser.signedInPage(await createUser({ permissions: ['showSettings'] }));

    const benefits = new BenefitsPage(page);
    await benefits.goto();
    await page.getByText('View only').waitFor();
    await benefits.item('Health Insurance').waitFor();
    expect(await benefits.form.count()).toBe(0);

    const multipliers = new MultipliersPage(page);
    await multipliers.goto();
    await multipliers.custom('On-call rotation').waitFor();
    expect(await multipliers.button('Save All Changes').count()).toBe(0);
    await screenshot(page, 'settings-multipliers-read-only');

    const insurance = new SocialInsurancePage(page);
    await insurance.goto();
    expect(await insurance.percentage('Company').inputValue()).toBe('70');
    expect(await insurance.percentage('Employee').inputValue()).toBe('30%');
    expect(await insurance.saveButton.count()).toBe(0);
    await screenshot(page, 'settings-social-insurance-read-only');
    expect(browser.pageErrors(page)).toEqual([]);
  });
});
