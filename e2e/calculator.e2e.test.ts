import type { CalculateBody } from '@salary/shared/calculator/calculator.contract';
import { DEFAULT_MONEY_FORMAT, formatMoney as formatIn } from '@salary/shared/common/money';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CalculatorPage } from './pages/calculator.ts';
import { waitForToast } from './pages/toasts.ts';
import { adminApi, adminCredentials, type Credentials, createUser, expectOk, signIn } from './support/api.ts';
import { DESKTOP, MOBILE, screenshot, useBrowser, type Viewport } from './support/browser.ts';
import {
  seedBaseSalary,
  seedFactor,
  seedGrade,
  seedJob,
  seedLevel,
  seedPosition,
  uniqueName,
} from './support/seed-rules.ts';
import { keepSettingsAsFound, NEUTRAL_MULTIPLIERS, updateSettings } from './support/seed-settings.ts';

/** A fresh install's money: USD, en-US. */
const formatMoney = (value: number | null | undefined) => formatIn(value, DEFAULT_MONEY_FORMAT);

const browser = useBrowser();
keepSettingsAsFound();

interface Named {
  id: number;
  name: string;
}

/** POST /calculate's answer as the API sends it (cost figures absent without showCost). */
interface Answer {
  calculatedSalary: number;
  employeeSocialInsurance: number;
  companySocialInsurance?: number;
  details: {
    baseSalary: number;
    adjustmentFactor: number;
    adjustmentAmount: number;
    adjustedSalary: number;
    experienceMultiplier: number;
    loyaltyMultiplier: number;
    totalAdjustments: number;
    adjustmentDetails: { name: string; amount: number }[];
    customMultiplierDetails: { name: string; amount: number }[];
    grossSalary: number;
    netSalary: number;
    totalCost?: number;
    totalBenefitsCost?: number;
    selectedBenefits?: { name: string; amount: number }[];
    socialInsuranceAmount?: number;
  };
}

let rules: {
  job: Named;
  position: Named;
  otherJob: Named;
  otherPosition: Named;
  grade: Named;
  level: Named;
  unpricedLevel: Named;
};

beforeAll(async () => {
  const job = await seedJob(uniqueName('Engineering'));
  const position = await seedPosition(job.id, uniqueName('Backend'));
  const otherJob = await seedJob(uniqueName('Design'));
  const otherPosition = await seedPosition(otherJob.id, uniqueName('Product Designer'));
  const grade = await seedGrade(uniqueName('Senior'));
  const level = await seedLevel(uniqueName('L2'));
  const unpricedLevel = await seedLevel(uniqueName('L9'));
  await seedBaseSalary({ gradeId: grade.id, levelId: level.id, amount: 5000 });
  await seedFactor({ jobId: job.id, positionId: position.id, type: 'PERCENTAGE', factor: 0.1 });
  rules = { job, position, otherJob, otherPosition, grade, level, unpricedLevel };
});

/** The rules every calculation here runs on; set before each test that calculates. */
async function useSettings() {
  await updateSettings({
    ...NEUTRAL_MULTIPLIERS,
    experienceMultiplier: 1.5,
    loyaltyMultiplier: 1,
    offshoreMultiplier: 10,
    pillarMultiplier: 300,
    pillarMultiplierType: 'FIXED',
    remoteMultiplier: -3,
    benefits: [
      { name: 'Health Insurance', amount: 200, type: 'FIXED_AMOUNT' },
      { name: 'Pension Plan', amount: 5, type: 'PERCENTAGE' },
      { name: 'Meal Allowance', amount: 90, type: 'FIXED_AMOUNT' },
    ],
    customMultipliers: [
      { id: 'cm_calc_oncall', title: 'On-call rotation', multiplier: 150, type: 'FIXED' },
      { id: 'cm_calc_lead', title: 'Team lead allowance', multiplier: 7.5, type: 'PERCENTAGE' },
    ],
    socialInsuranceEnabled: true,
    socialInsuranceType: 'COMPANY_PERCENTAGE',
    companyInsurancePercentage: 75,
    totalInsurancePercentage: 14,
  });
}

async function openCalculator(credentials: Credentials = adminCredentials(), viewport: Viewport = DESKTOP) {
  const page = await browser.signedInPage(credentials, viewport);
  const calculator = new CalculatorPage(page);
  await calculator.goto();
  return { page, calculator };
}

/** The profile every test fills in: 3 years, 2 with the company, offshore and remote. */
async function fillProfile(calculator: CalculatorPage, level = rules.level) {
  await calculator.choose('Job', rules.job.name);
  await calculator.choose('Position', rules.position.name);
  await calculator.choose('Grade', rules.grade.name);
  await calculator.choose('Level', level.name);
  await calculator.years('Years of Experience').fill('3');
  await calculator.years('Years with Company').fill('2');
  await calculator.checkbox('Base on Project').check();
  await calculator.checkbox('Remote').check();
  await calculator.checkbox('Pension Plan').uncheck();
  await calculator.checkbox('Team lead allowance').check();
}

/** What the screen must send for fillProfile, written out independently of the app. */
function expectedPayload(): CalculateBody {
  return {
    jobId: rules.job.id,
    positionId: rules.position.id,
    gradeId: rules.grade.id,
    levelId: rules.level.id,
    yearsExperience: 3,
    yearsWithCompany: 2,
    offshoreProject: true,
    actingAsDifferentGrade: false,
    pillar: false,
    remote: true,
    benefits: JSON.stringify({ 'Health Insurance': true, 'Pension Plan': false, 'Meal Allowance': true }),
    customMultipliers: JSON.stringify([
      { title: 'On-call rotation', type: 'FIXED', value: 150, checked: false },
      { title: 'Team lead allowance', type: 'PERCENTAGE', value: 7.5, checked: true },
    ]),
    settings: { applySocialInsurance: true },
  };
}

/** Every figure the panel must show for an answer: row id → text (formats). */
function expectedFigures(answer: Answer): Record<string, string> {
  const d = answer.details;
  const percent = (value: number) => `${value.toFixed(1)}%`;
  const figures: Record<string, string> = {
    baseSalary: formatMoney(d.baseSalary),
    adjustmentFactor: percent(d.adjustmentFactor * 100),
    // The adjustment as money and the salary the multipliers apply to (issue 23).
    adjustmentAmount: formatMoney(d.adjustmentAmount),
    adjustedSalary: formatMoney(d.adjustedSalary),
    experienceMultiplier: percent(d.experienceMultiplier),
    loyaltyMultiplier: percent(d.loyaltyMultiplier),
    totalAdjustments: formatMoney(d.totalAdjustments),
    grossSalary: formatMoney(d.grossSalary),
    employeeSocialInsurance: formatMoney(answer.employeeSocialInsurance),
    netSalary: formatMoney(d.netSalary),
  };
  for (const row of d.adjustmentDetails) figures[`adjustment:${row.name}`] = formatMoney(row.amount);
  for (const row of d.customMultiplierDetails) figures[`custom:${row.name}`] = formatMoney(row.amount);
  for (const row of d.selectedBenefits ?? []) figures[`benefit:${row.name}`] = formatMoney(row.amount);
  if (d.totalBenefitsCost !== undefined) figures.totalBenefitsCost = formatMoney(d.totalBenefitsCost);
  if (d.socialInsuranceAmount !== undefined)
    figures.socialInsuranceAmount = formatMoney(d.socialInsuranceAmount);
  if (answer.companySocialInsurance !== undefined) {
    figures.companySocialInsurance = formatMoney(answer.companySocialInsurance);
  }
  if (d.totalCost !== undefined) figures.totalCost = formatMoney(d.totalCost);
  return figures;
}

/** Clicks Calculate and answers what the page sent and what came back. */
async function calculate(page: Page, calculator: CalculatorPage) {
  const isCalculate = (url: string, method: string) => url.endsWith('/api/calculate') && method === 'POST';
  const request = page.waitForRequest((r) => isCalculate(r.url(), r.method()));
  const response = page.waitForResponse((r) => isCalculate(r.url(), r.request().method()));
  await calculator.calculateButton.click();
  const sent = (await request).postDataJSON() as CalculateBody;
  const answered = (await (await response).json()) as { data: Answer | null };
  return { sent, answered: answered.data };
}

const overflowX = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('salary calculator', () => {
  it('shows every figure exactly as POST /api/calculate answers for the same payload', async () => {
    await useSettings();
    const { page, calculator } = await openCalculator();
    // Benefits start checked, custom multipliers unchecked, social insurance applied.
    expect(await calculator.checkbox('Health Insurance').isChecked()).toBe(true);
    expect(await calculator.checkbox('Pension Plan').isChecked()).toBe(true);
    expect(await calculator.checkbox('On-call rotation').isChecked()).toBe(false);
    expect(await calculator.checkbox('Apply Social Insurance').isChecked()).toBe(true);

    await fillProfile(calculator);
    const { sent, answered } = await calculate(page, calculator);
    await waitForToast(page, 'Salary calculated successfully');

    expect(sent).toEqual(expectedPayload());
    const answer = expectOk(await (await adminApi()).post<Answer>('/calculate', sent), 'Calculating');
    expect(answered).toEqual(answer);
    // One figure worked out by hand, so the comparison cannot pass on a wrong engine:
    // 5000 + 10% = 5500; +4.5% +2% +10% −3% +7.5% of it = 6655.
    expect(answer.details.grossSalary).toBe(6655);

    expect(await calculator.figures()).toEqual(expectedFigures(answer));
    expect(await calculator.stats()).toEqual({
      grossSalary: formatMoney(answer.details.grossSalary),
      netSalary: formatMoney(answer.details.netSalary),
      totalCost: formatMoney(answer.details.totalCost ?? Number.NaN),
    });
    expect(browser.pageErrors(page)).toEqual([]);
  });

  it('hides the cost figures from a user without showCost, as the API does', async () => {
    await useSettings();
    const user = await createUser({ permissions: ['showSalary'] });
    const { page, calculator } = await openCalculator(user);
    await fillProfile(calculator);
    const { sent } = await calculate(page, calculator);
    await waitForToast(page, 'Salary calculated successfully');

    const answer = expectOk(await (await signIn(user)).post<Answer>('/calculate', sent), 'Calculating');
    expect(answer.details.totalCost).toBeUndefined();
    const figures = await calculator.figures();
    expect(figures).toEqual(expectedFigures(answer));
    expect(Object.keys(figures)).not.toContain('totalCost');
    expect(Object.keys(await calculator.stats())).toEqual(['grossSalary', 'netSalary']);
  });

  it('explains a missing base salary and clears the earlier result', async () => {
    await useSettings();
    const { page, calculator } = await openCalculator();
    await fillProfile(calculator);
    await calculate(page, calculator);
    await calculator.details.waitFor();

    await calculator.choose('Level', rules.unpricedLevel.name);
    const { answered } = await calculate(page, calculator);

    expect(answered).toBeNull();
    await waitForToast(page, 'Please configure base salary for the selected grade and level first');
    await calculator.details.waitFor({ state: 'detached' });
  });

  it('tells a user without showSalary why there is nothing to calculate, in place of a form that cannot work', async () => {
    const page = await browser.signedInPage(await createUser());
    await page.goto('/calculator');
    await page.getByText('Salaries are hidden').waitFor();
    await expect
      .poll(() => page.getByTestId('calculator-not-permitted').textContent())
      .toContain('Show Calculated Salary permission');
    expect(await new CalculatorPage(page).form.count()).toBe(0);
    // The spec's sidebar entry stays.
    expect(await page.getByRole('link', { name: 'Salary Calculator' }).count()).toBeGreaterThan(0);
  });

  it.each([
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as [string, Viewport][])(
    'looks right on %s, the panel under the form on a phone',
    async (name, viewport) => {
      await useSettings();
      const { page, calculator } = await openCalculator(adminCredentials(), viewport);
      await screenshot(page, `calculator-empty-${name}`);
      await fillProfile(calculator);
      await calculate(page, calculator);
      await calculator.details.waitFor();
      await screenshot(page, `calculator-${name}`);
      expect(await overflowX(page)).toBe(0);

      const { form, panel } = await calculator.layout();
      if (viewport === MOBILE) expect(panel.top).toBeGreaterThanOrEqual(form.bottom);
      else expect(panel.left).toBeGreaterThanOrEqual(form.right);
    },
  );
});
