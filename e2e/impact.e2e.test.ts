import type { AdjustmentFactor } from '@salary/shared/adjustment-factors/adjustment-factors.contract';
import type { BaseSalary } from '@salary/shared/base-salaries/base-salaries.contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { field, pickOption, RulesSection } from './pages/rules-section.ts';
import { BenefitsPage } from './pages/settings-benefits.ts';
import { MultipliersPage } from './pages/settings-multipliers.ts';
import { SocialInsurancePage } from './pages/settings-social-insurance.ts';
import { dismissToasts, waitForToast } from './pages/toasts.ts';
import { adminCredentials } from './support/api.ts';
import { MOBILE, screenshot, useBrowser } from './support/browser.ts';
import { type SeededRules, seedEmployees, seedRules, uniqueName } from './support/seed-employees.ts';
import { listFromApi, seedGrade, seedLevel } from './support/seed-rules.ts';
import { keepSettingsAsFound, readSettings, updateSettings } from './support/seed-settings.ts';

/*
 * Every rule screen shows what its change does to everyone's pay before it saves: the summary
 * line, the split by job and grade, the biggest changes; Cancel keeps the form as it was and
 * saves nothing, Confirm saves and toasts the spec's text.
 */

const browser = useBrowser();
keepSettingsAsFound();

let rules: SeededRules;
const EMPLOYEES = 3;

beforeAll(async () => {
  rules = await seedRules(5000);
  await seedEmployees(
    rules,
    Array.from({ length: EMPLOYEES }, (_, i) => ({
      name: uniqueName(`Impact ${i}`),
      yearsExperience: 2 + i,
    })),
  );
});

const WINDOW = { width: 1440, height: 900 };

const impactDialog = (page: Page) => page.getByRole('dialog', { name: 'Impact of this change' });

/** Waits for the preview and answers its summary line. */
async function previewShown(page: Page): Promise<string> {
  const dialog = impactDialog(page);
  await dialog.waitFor();
  // Opened when the dialog itself stops moving (the form's button behind it spins on purpose).
  await expect
    .poll(() =>
      dialog.evaluate(
        (element) =>
          getComputedStyle(element).opacity === '1' && element.getAnimations({ subtree: true }).length === 0,
      ),
    )
    .toBe(true);
  return (await dialog.getByTestId('impact-summary').textContent()) ?? '';
}

async function cancelPreview(page: Page): Promise<void> {
  await impactDialog(page).getByRole('button', { name: 'Cancel' }).click();
  await impactDialog(page).waitFor({ state: 'hidden' });
}

async function confirmPreview(page: Page): Promise<void> {
  await impactDialog(page).getByRole('button', { name: 'Confirm' }).click();
  await impactDialog(page).waitFor({ state: 'hidden' });
}

const baseSalaryOf = async (gradeId: number, levelId: number) =>
  (await listFromApi<BaseSalary>('/base-salary')).find((b) => b.gradeId === gradeId && b.levelId === levelId);

describe('impact preview before a rule is saved', () => {
  it('Base Salaries: shows who a new amount touches; Cancel keeps the form, Confirm saves', async () => {
    const page = await browser.signedInPage(adminCredentials(), WINDOW);
    const section = new RulesSection(page, 'base-salary');
    await section.goto();
    await section.waitForList();
    await section.rowAction(rules.grade.name, 'Edit').first().click();
    const form = page.getByRole('form', { name: 'Edit base salary' });
    await field(form, 'Base Salary Amount').fill('6000');
    await form.getByRole('button', { name: 'Update Base Salary' }).click();

    const summary = await previewShown(page);
    // The share of the whole payroll: "(+0.3%)", or "(0.0%)" where other files' employees make
    // the payroll large.
    expect(summary).toMatch(
      new RegExp(
        `^${EMPLOYEES} employees affected · payroll \\+\\$[\\d,]+\\.\\d\\d \\((\\+[\\d.]+|0\\.0)%\\) · total cost \\+\\$`,
      ),
    );
    // The split names the job and the grade; the biggest changes list the seeded people.
    const dialog = impactDialog(page);
    await dialog.getByRole('table', { name: 'By job' }).getByText(rules.job.name).waitFor();
    await dialog.getByRole('table', { name: 'By grade' }).getByText(rules.grade.name).waitFor();
    expect(await dialog.getByRole('table', { name: 'Biggest changes' }).locator('tbody tr').count()).toBe(
      EMPLOYEES,
    );
    await screenshot(page, 'impact-base-salary-1440');

    await cancelPreview(page);
    expect(await field(form, 'Base Salary Amount').inputValue()).toBe('6000');
    expect((await baseSalaryOf(rules.grade.id, rules.level.id))?.amount).toBe(5000);

    await form.getByRole('button', { name: 'Update Base Salary' }).click();
    await previewShown(page);
    await confirmPreview(page);
    await page.locator('.Toastify__toast', { hasText: 'Base salary updated successfully' }).waitFor();
    await expect.poll(async () => (await baseSalaryOf(rules.grade.id, rules.level.id))?.amount).toBe(6000);

    // Deleting it leaves these employees without a salary: the preview says so after the prompt.
    await section.rowAction(rules.grade.name, 'Delete').first().click();
    await section.confirm('Delete base salary', 'Are you sure you want to delete this base salary?');
    expect(await previewShown(page)).toMatch(new RegExp(`^${EMPLOYEES} employees affected · payroll -\\$`));
    await cancelPreview(page);
    expect((await baseSalaryOf(rules.grade.id, rules.level.id))?.amount).toBe(6000);
  });

  it('Base Salaries: a change that touches nobody says so and saves on one click', async () => {
    const grade = await seedGrade();
    const level = await seedLevel();
    const page = await browser.signedInPage(adminCredentials(), WINDOW);
    const section = new RulesSection(page, 'base-salary');
    await section.goto();
    await section.waitForList();
    const form = page.getByRole('form', { name: 'Add base salary' });
    await pickOption(form, 'Grade', grade.name);
    await pickOption(form, 'Level', level.name);
    await field(form, 'Base Salary Amount').fill('4321');
    await form.getByRole('button', { name: 'Add Base Salary' }).click();
    await waitForToast(page, 'No employee is affected by this change');
    await waitForToast(page, 'Base salary created successfully');
    expect(await impactDialog(page).count()).toBe(0);
    expect((await baseSalaryOf(grade.id, level.id))?.amount).toBe(4321);
  });

  it('Adjustment Factors: previews a new factor; Cancel keeps the form, Confirm saves', async () => {
    const page = await browser.signedInPage(adminCredentials(), WINDOW);
    const section = new RulesSection(page, 'adjustment-factors');
    await section.goto();
    await section.waitForList();
    const form = page.getByRole('form', { name: 'Add adjustment factor' });
    await pickOption(form, 'Job', rules.job.name);
    await pickOption(form, 'Position', rules.positions[0].name);
    await field(form, 'Adjustment Factor').fill('10');
    await form.getByRole('button', { name: 'Add Adjustment Factor' }).click();

    expect(await previewShown(page)).toMatch(new RegExp(`^${EMPLOYEES} employees affected · payroll \\+\\$`));
    const factorOf = async () =>
      (await listFromApi<AdjustmentFactor>('/adjustment-factors')).find(
        (f) => f.jobId === rules.job.id && f.positionId === rules.positions[0].id,
      );
    await cancelPreview(page);
    expect(await field(form, 'Adjustment Factor').inputValue()).toBe('10');
    expect(await factorOf()).toBeUndefined();

    await form.getByRole('button', { name: 'Add Adjustment Factor' }).click();
    await previewShown(page);
    await confirmPreview(page);
    await waitForToast(page, 'Adjustment factor created successfully');
    await expect.poll(async () => (await factorOf())?.factor).toBe(0.1);
  });

  it('Benefits: previews adding and removing a benefit (a cost, not pay)', async () => {
    await updateSettings({ benefits: [] });
    const page = await browser.signedInPage(adminCredentials(), WINDOW);
    const benefits = new BenefitsPage(page);
    await benefits.goto();
    const name = uniqueName('Gym');
    await benefits.field('Benefit Name').fill(name);
    await benefits.field('Amount').fill('40');
    await benefits.addButton.click();

    // A fixed benefit costs the company money; nobody's gross pay moves.
    expect(await previewShown(page)).toMatch(
      /employees? affected · payroll \$0\.00 \(0\.0%\) · total cost \+\$/,
    );
    await cancelPreview(page);
    expect(await benefits.field('Benefit Name').inputValue()).toBe(name);
    expect((await readSettings()).benefits).toEqual([]);

    await benefits.addButton.click();
    await previewShown(page);
    await confirmPreview(page);
    await waitForToast(page, 'Benefit added successfully');
    await benefits.item(name).waitFor();
    await dismissToasts(page);

    await benefits.removeButton(name).click();
    expect(await previewShown(page)).toMatch(/total cost -\$/);
    await confirmPreview(page);
    await waitForToast(page, 'Benefit removed successfully');
    await benefits.item(name).waitFor({ state: 'detached' });
    expect((await readSettings()).benefits).toEqual([]);
  });

  it('Salary Multipliers: Save All Changes previews first; Cancel keeps every edit, Confirm saves', async () => {
    await updateSettings({ experienceMultiplier: 2, experienceMultiplierType: 'PERCENTAGE' });
    for (const viewport of [WINDOW, MOBILE]) {
      const page = await browser.signedInPage(adminCredentials(), viewport);
      const multipliers = new MultipliersPage(page);
      await multipliers.goto();
      const next = viewport === WINDOW ? '3' : '2.5';
      await multipliers.value('experienceMultiplier').fill(next);
      await multipliers.button('Save All Changes').click();

      // The percent of the whole payroll: signed, or "0.0%" once the other files' employees make
      // the change smaller than a twentieth of a percent (as impact-summary.ts writes it).
      expect(await previewShown(page)).toMatch(
        /employees affected · payroll [+-]\$[\d,]+\.\d\d \((?:[+-][\d.]+|0\.0)%\) · total cost [+-]\$/,
      );
      await screenshot(page, `impact-multipliers-${viewport.width}`);
      await cancelPreview(page);
      expect(await multipliers.value('experienceMultiplier').inputValue()).toBe(next);
      await page.getByText('Unsaved changes').waitFor();
      expect((await readSettings()).experienceMultiplier).toBe(viewport === WINDOW ? 2 : 3);

      await multipliers.button('Save All Changes').click();
      await previewShown(page);
      await confirmPreview(page);
      await waitForToast(page, 'Multipliers saved successfully');
      await expect.poll(async () => (await readSettings()).experienceMultiplier).toBe(Number(next));
    }
  });

  it('Social Insurance: previews a new percentage; Cancel keeps it, Confirm saves', async () => {
    await updateSettings({
      socialInsuranceEnabled: true,
      socialInsuranceType: 'COMPANY_FULL',
      totalInsurancePercentage: 14,
    });
    const page = await browser.signedInPage(adminCredentials(), WINDOW);
    const insurance = new SocialInsurancePage(page);
    await insurance.goto();
    await insurance.percentage('Total').fill('16');
    await insurance.saveButton.click();

    // The company pays it all: the cost grows, the gross does not.
    expect(await previewShown(page)).toMatch(
      /employees affected · payroll \$0\.00 \(0\.0%\) · total cost \+\$/,
    );
    await screenshot(page, 'impact-social-insurance-1440');
    await cancelPreview(page);
    expect(await insurance.percentage('Total').inputValue()).toBe('16');
    expect((await readSettings()).totalInsurancePercentage).toBe(14);

    await insurance.saveButton.click();
    await previewShown(page);
    await confirmPreview(page);
    await waitForToast(page, 'Social insurance settings updated successfully');
    await expect.poll(async () => (await readSettings()).totalInsurancePercentage).toBe(16);
  });

  it('Preview impact: monthly payroll and total cost before → after, downloadable, nothing saved', async () => {
    await updateSettings({ experienceMultiplier: 2, experienceMultiplierType: 'PERCENTAGE' });
    for (const viewport of [WINDOW, MOBILE]) {
      const page = await browser.signedInPage(adminCredentials(), viewport);
      const multipliers = new MultipliersPage(page);
      await multipliers.goto();
      await multipliers.value('experienceMultiplier').fill('4');
      await page.getByRole('button', { name: 'Preview impact' }).click();
      const dialog = page.getByRole('dialog', { name: 'Impact preview' });
      await dialog.waitFor();
      const beforeAfter = /^Monthly payroll\$[\d,]+\.\d\d → \$[\d,]+\.\d\d\+\$[\d,]+\.\d\d/;
      expect(await dialog.getByRole('region', { name: 'Monthly payroll' }).textContent()).toMatch(
        beforeAfter,
      );
      expect(await dialog.getByRole('region', { name: 'Total cost' }).textContent()).toMatch(
        /^Total cost\$[\d,]+\.\d\d → \$[\d,]+\.\d\d/,
      );
      expect(await dialog.getByRole('button', { name: 'Confirm' }).count()).toBe(0);
      await screenshot(page, `impact-preview-multipliers-${viewport.width}`);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('button', { name: 'Download (.xlsx)' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('impact_preview.xlsx');
      await dialog.getByRole('button', { name: 'Close' }).last().click();
      await dialog.waitFor({ state: 'hidden' });
      // Nothing saved; what was typed stays.
      expect((await readSettings()).experienceMultiplier).toBe(2);
      expect(await multipliers.value('experienceMultiplier').inputValue()).toBe('4');

      // The inline rule form too (its list's Edit is a table row from 1440 px).
      if (viewport !== WINDOW) continue;
      const section = new RulesSection(page, 'base-salary');
      await section.goto();
      await section.waitForList();
      await section.rowAction(rules.grade.name, 'Edit').first().click();
      const form = page.getByRole('form', { name: 'Edit base salary' });
      await field(form, 'Base Salary Amount').fill('7000');
      await form.getByRole('button', { name: 'Preview impact' }).click();
      await dialog.getByRole('region', { name: 'Monthly payroll' }).waitFor();
      await screenshot(page, `impact-preview-base-salary-${viewport.width}`);
      await dialog.getByRole('button', { name: 'Close' }).last().click();
      await dialog.waitFor({ state: 'hidden' });
      expect((await baseSalaryOf(rules.grade.id, rules.level.id))?.amount).not.toBe(7000);
    }
  });
});
