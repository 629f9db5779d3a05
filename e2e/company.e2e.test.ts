import type { Company } from '@salary/shared/company/company.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InsightsPage } from './pages/insights-page.ts';
import { adminApi, adminCredentials, expectOk } from './support/api.ts';
import { axeFindings } from './support/axe.ts';
import { horizontalOverflow, motionless, screenshot, useBrowser, WIDTHS } from './support/browser.ts';
import { seedEmployees, seedRules } from './support/seed-employees.ts';

/*
 * Settings → Company at work in the browser: a company in euros with German number and date
 * formats sees every Pay Overview figure as "1.234,56 €", the Company screen shows its choices,
 * and both lay out at 1440 and 390 px with axe clean. The record is put back afterwards: the
 * browser files share one server, and the others expect a fresh install's dollars.
 */

const browser = useBrowser();
let original: Company;

async function saveCompany(changes: Partial<Company>): Promise<Company> {
  const admin = await adminApi();
  const now = expectOk(await admin.get<Company>('/company'), 'Reading the company');
  const { updatedAt: _u, ...body } = { ...now, ...changes };
  return expectOk(
    await admin.put<Company>('/company', { ...body, companyName: body.companyName ?? 'Salary System test' }),
    'Saving the company',
  );
}

beforeAll(async () => {
  original = expectOk(await (await adminApi()).get<Company>('/company'), 'Reading the company');
  const rules = await seedRules(6543.21);
  await seedEmployees(rules, [{ name: 'Jürgen Euro' }, { name: 'Anna Euro' }]);
  await saveCompany({
    companyName: 'Müller GmbH',
    currency: 'EUR',
    locale: 'de-DE',
    timeZone: 'Europe/Berlin',
  });
});

afterAll(async () => {
  await saveCompany({
    companyName: original.companyName,
    currency: original.currency,
    locale: original.locale,
    timeZone: original.timeZone,
  });
});

const GERMAN_EUROS = /^-?\d{1,3}(\.\d{3})*,\d{2}\u00a0€$/;

describe.each(WIDTHS)('a company in euros, German format, at %s px', (width, viewport) => {
  it('Pay Overview shows every headline amount as 1.234,56 €', async () => {
    const page = await browser.signedInPage(adminCredentials(), viewport);
    await page.goto('/insights');
    const overview = new InsightsPage(page);
    await overview.waitForCharts();
    for (const label of ['Monthly payroll (gross)', 'Total cost', 'Average salary', 'Median salary'])
      expect(await overview.figure(label).textContent(), label).toMatch(GERMAN_EUROS);
    const jobCost = overview.table('job-cost');
    expect(await jobCost.textContent()).toContain('€');
    expect(await page.locator('main').textContent()).not.toContain('$');
    await motionless(page);
    await screenshot(page, `company-pay-overview-eur-${width}`);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(browser.pageErrors(page)).toEqual([]);
  });

  it('the Company screen shows the choices and a sample, axe clean', async () => {
    const page = await browser.signedInPage(adminCredentials(), viewport);
    await page.goto('/settings/company');
    const form = page.getByRole('form', { name: 'Company' });
    await form.waitFor();
    await expect.poll(() => form.getByLabel('Company name').inputValue()).toBe('Müller GmbH');
    expect(
      await form
        .getByRole('combobox', { name: 'Currency' })
        .or(form.getByRole('textbox', { name: 'Currency' }))
        .first()
        .inputValue(),
    ).toBe('EUR — Euro');
    expect(await page.getByTestId('company-sample').textContent()).toMatch(
      /1\.234,56\u00a0€ · \d+\. \w+\.? \d{4}, \d\d:\d\d (MEZ|MESZ)/,
    );
    await motionless(page);
    await screenshot(page, `company-settings-${width}`);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await axeFindings(page)).toEqual([]);
    expect(browser.pageErrors(page)).toEqual([]);
  });
});
