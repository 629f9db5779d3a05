import { describe, expect, it } from 'vitest';
import { SocialInsurancePage } from './pages/settings-social-insurance.ts';
import { waitForToast } from './pages/toasts.ts';
import { horizontalOverflow, SIZES, screenshot, useBrowser } from './support/browser.ts';
import { keepSettingsAsFound, readSettings, updateSettings } from './support/seed-settings.ts';

const browser = useBrowser();
keepSettingsAsFound();

describe('social insurance', () => {
  // The journey through the built app and the real server: saved, stored, and still there after
  // a reload. Form behaviour (which fields show for which method, the employee share, what is
  // sent, the required total) is checked in social-insurance-section.test.tsx.
  it('saves a company percentage that is still there after a reload', async () => {
    await updateSettings({
      socialInsuranceEnabled: false,
      socialInsuranceType: 'COMPANY_FULL',
      companyInsurancePercentage: 100,
      totalInsurancePercentage: 14,
    });
    const insurance = await browser.open(SocialInsurancePage);
    const { page } = insurance;

    await insurance.chooseMethod('Company pays a percentage');
    await insurance.percentage('Company').waitFor();
    await insurance.percentage('Company').fill('62.5');
    await expect.poll(() => insurance.percentage('Employee').inputValue()).toBe('37.5%');
    await insurance.percentage('Total').fill('11');
    await insurance.enabled.check();
    await insurance.saveButton.click();

    await waitForToast(page, 'Social insurance settings updated successfully');
    expect(await readSettings()).toMatchObject({
      socialInsuranceEnabled: true,
      socialInsuranceType: 'COMPANY_PERCENTAGE',
      companyInsurancePercentage: 62.5,
      totalInsurancePercentage: 11,
    });

    await page.reload();
    await insurance.percentage('Company').waitFor();
    expect(await insurance.percentage('Company').inputValue()).toBe('62.5');
    expect(await insurance.percentage('Employee').inputValue()).toBe('37.5%');
    expect(browser.pageErrors(page)).toEqual([]);
  });

  it.each(SIZES)('looks right on %s', async (name, viewport) => {
    await updateSettings({
      socialInsuranceEnabled: true,
      socialInsuranceType: 'COMPANY_PERCENTAGE',
      companyInsurancePercentage: 75,
      totalInsurancePercentage: 14,
    });
    const insurance = await browser.open(SocialInsurancePage, { viewport });
    const { page } = insurance;
    await insurance.percentage('Employee').waitFor();
    await screenshot(page, `settings-social-insurance-${name}`);
    expect(await horizontalOverflow(page)).toBe(0);
  });
});
