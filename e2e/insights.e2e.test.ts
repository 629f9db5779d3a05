import { DEFAULT_MONEY_FORMAT, formatMoney as formatIn } from '@salary/shared/common/money';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import type { Insights } from '@salary/shared/insights/insights.contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { readWorkbook } from './pages/excel.ts';
import { InsightsPage } from './pages/insights-page.ts';
import { Layout } from './pages/layout.ts';
import { adminApi, adminCredentials, createUser, expectOk } from './support/api.ts';
import { MOBILE, screenshot, useBrowser, type Viewport } from './support/browser.ts';
import { type SeededRules, seedEmployees, seedRules, uniqueName } from './support/seed-employees.ts';

/** A fresh install's money: USD, en-US. */
const formatMoney = (value: number | null | undefined) => formatIn(value, DEFAULT_MONEY_FORMAT);

/*
 * Issue 17 "Pay overview": the figures on screen are GET /api/insights's, every chart is drawn
 * with its data table and its .xlsx, cost only with showCost, and the page is for admins and
 * showSalary users only.
 */

const browser = useBrowser();
const WIDE = { width: 1440, height: 900 };

async function open(credentials = adminCredentials(), viewport: Viewport = WIDE, path = '/insights') {
  const page = await browser.signedInPage(credentials, viewport);
  const started = Date.now();
  await page.goto(path);
  const overview = new InsightsPage(page);
  await overview.waitForCharts();
  return { page, overview, elapsed: Date.now() - started };
}

/** The GET /api/insights calls the page makes, as they go out: the name filter of each ('' if none). */
function insightsRequests(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/insights') asked.push(url.searchParams.get('name') ?? '');
  });
  return asked;
}

async function insightsFor(query = ''): Promise<Insights> {
  return expectOk(await (await adminApi()).get<Insights>(`/insights${query}`), 'insights');
}

describe('Pay Overview', () => {
  let rules: SeededRules;
  let tag: string;
  beforeAll(async () => {
    rules = await seedRules(3900);
    tag = uniqueName('Overview');
    await seedEmployees(
      rules,
      Array.from({ length: 12 }, (_, i) => ({
        name: `${tag} ${i}`,
        yearsExperience: i,
        remote: i % 3 === 0,
        gradeId: i === 11 ? rules.unpricedGrade.id : rules.grade.id,
      })),
    );
  });

  it('shows the figures of GET /api/insights, every chart with its data table, at 1440 px', async () => {
    const { page, overview, elapsed } = await open();
    const data = await insightsFor();
    expect(await overview.figure('Headcount').textContent()).toBe(data.headcount.toLocaleString('en-US'));
    expect(await overview.figure('Monthly payroll (gross)').textContent()).toBe(formatMoney(data.payroll));
    expect(await overview.figure('Total cost').textContent()).toBe(formatMoney(data.totalCost));
    expect(await overview.figure('Median salary').textContent()).toBe(formatMoney(data.medianSalary));

    expect(await overview.table('job-cost').locator('tbody tr').count()).toBe(data.byJob.length);
    expect(await overview.bars('job-cost').count()).toBeGreaterThanOrEqual(data.byJob.length);
    expect(await overview.table('distribution').locator('tbody tr').count()).toBe(data.distribution.length);
    expect(await overview.bars('distribution').count()).toBe(
      data.distribution.filter((b) => b.count > 0).length,
    );
    const cell = overview
      .table('grade-level')
      .locator(`[data-cell="${rules.grade.name}/${rules.level.name}"]`);
    const mine = data.byGradeLevel.find((c) => c.gradeId === rules.grade.id && c.levelId === rules.level.id)!;
    expect(await cell.textContent()).toContain(formatMoney(mine.median));
    expect(mine.count).toBe(11);

    // Every chart panel fits the window: nothing is off screen sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await screenshot(page, 'insights-1440');
    // Measured, not a timed test: the small shared company is well under a second here.
    console.info(`Pay Overview charts shown ${elapsed} ms after navigation (${data.headcount} employees)`);
    expect(browser.pageErrors(page)).toEqual([]);
  });

  it('downloads each chart as .xlsx with the rows of its data table', async () => {
    const { page, overview } = await open();
    const data = await insightsFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      overview
        .panel('Total cost by job')
        .getByRole('button', { name: 'Download .xlsx: Total cost by job' })
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe('pay_overview_job_cost.xlsx');
    const [header, ...rows] = await readWorkbook(download);
    expect(header).toEqual(['Job', 'Employees', 'Salary', 'Benefits', 'Company insurance', 'Total cost']);
    expect(rows.map((r) => r[0])).toEqual(data.byJob.map((j) => j.job));

    const [heat] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download .xlsx: Salary by grade and level' }).click(),
    ]);
    expect(heat.suggestedFilename()).toBe('pay_overview_grade_level.xlsx');
  });

  it("follows the directory's filters from its Pay Overview button", async () => {
    const page = await browser.signedInPage(adminCredentials(), WIDE);
    await page.goto(`/dashboard?name=${encodeURIComponent(tag)}&gradeId=${rules.grade.id}`);
    await page.getByRole('main').getByRole('link', { name: 'Pay Overview' }).click();
    await page.waitForURL(/\/insights\?/);
    const overview = new InsightsPage(page);
    await overview.waitForCharts();
    const url = new URL(page.url());
    expect(url.searchParams.get('gradeId')).toBe(String(rules.grade.id));
    expect(url.searchParams.get('name')).toBe(tag);
    expect(await overview.figure('Headcount').textContent()).toBe('11');
    const listed = expectOk(
      await (await adminApi()).get<EmployeeView[]>(`/employees${url.search}`),
      'filtered list',
    );
    const payroll = listed.reduce((n, e) => n + Math.round((e.calculatedSalary ?? 0) * 100), 0) / 100;
    expect(await overview.figure('Monthly payroll (gross)').textContent()).toBe(formatMoney(payroll));
    await page.getByRole('link', { name: 'Show the whole company' }).click();
    await page.waitForURL(/\/insights$/);
  });

  it('shows no cost to a showSalary user without showCost', async () => {
    const { page, overview } = await open(await createUser({ permissions: ['showSalary'] }));
    const data = await insightsFor();
    expect(await page.locator('[data-figure="Total cost"]').count()).toBe(0);
    expect(await overview.panel('Salary by job').isVisible()).toBe(true);
    const headers = await overview.table('job-cost').locator('thead th').allTextContents();
    expect(headers).toEqual(['Job', 'Employees', 'Salary']);
    expect(await page.locator('main').textContent()).not.toContain(formatMoney(data.totalCost));
    expect(await new Layout(page).navLabels()).toContain('Pay Overview');
  });

  it('sends users without showSalary to /dashboard and hides the entry', async () => {
    const page = await browser.signedInPage(
      await createUser({ permissions: ['showCost', 'showSettings'] }),
      WIDE,
    );
    const asked = insightsRequests(page);
    await page.goto('/insights');
    await page.waitForURL('**/dashboard');
    const layout = new Layout(page);
    await layout.waitUntilShown();
    expect(await layout.navLabels()).not.toContain('Pay Overview');
    // Opening on the page did not ask for its figures on this user's behalf either.
    await page.getByRole('table').first().waitFor();
    expect(asked).toEqual([]);
  });

  it('asks for its figures once when the app opens on it, and anew on every later visit', async () => {
    const page = await browser.signedInPage(adminCredentials(), WIDE);
    const asked = insightsRequests(page);
    await page.goto(`/insights?name=${encodeURIComponent(tag)}`);
    const overview = new InsightsPage(page);
    await overview.waitForCharts();
    expect(await overview.figure('Headcount').textContent()).toBe('12');
    // Asked for beside the page's code at start, and that answer serves the first visit.
    expect(asked).toEqual([tag]);

    // Someone adds an employee meanwhile; away and back in the app, the page shows it.
    await seedEmployees(rules, [
      { name: `${tag} later`, yearsExperience: 1, remote: false, gradeId: rules.unpricedGrade.id },
    ]);
    await page.getByRole('navigation').getByRole('link', { name: 'Employees' }).click();
    await page.waitForURL('**/dashboard');
    // Left once the directory is on screen (until its code is here the router keeps this page).
    await page.getByRole('heading', { level: 1, name: 'Employees' }).waitFor();
    await page.goBack();
    await expect.poll(() => overview.figure('Headcount').textContent()).toBe('13');
    expect(asked).toEqual([tag, tag]);
  });

  it('fits a phone at 390 px', async () => {
    const { page, overview } = await open(adminCredentials(), MOBILE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    expect(await overview.figure('Headcount').isVisible()).toBe(true);
    await screenshot(page, 'insights-390');
  });
});
