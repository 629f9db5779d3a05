import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FLAG_TEXT, REPORT_FILE_NAME } from '@salary/shared/pay-transparency/pay-transparency.contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminCredentials, createUser } from './support/api.ts';
import { axeFindings } from './support/axe.ts';
import { horizontalOverflow, screenshot, useBrowser, type Viewport, WIDTHS } from './support/browser.ts';
import { chooseByKeyboard, tabTo } from './support/keyboard.ts';
import { type SeededRules, seedEmployees, seedRules, uniqueName } from './support/seed-employees.ts';
import { seedFactor } from './support/seed-rules.ts';

/*
 * The Pay Transparency screen and a worker's pay statement, in Chromium. A category of our own:
 * base 5,000.00; position Beta has a FIXED factor of 1,000.00. Women: three on Alpha (5,000.00
 * each); men: one on Alpha, two on Beta (6,000.00) → mean 17,000/3 = 5,666.67, gap
 * 666.67/5,666.67 = 11.76…% → 11.8%, flagged. The statement of a woman reads back those means.
 */

const browser = useBrowser();
const WIDE: Viewport = { width: 1440, height: 900 };

let rules: SeededRules;
let categoryName: string;
let womanId: number;

beforeAll(async () => {
  rules = await seedRules(5000);
  await seedFactor({ jobId: rules.job.id, positionId: rules.positions[1].id, type: 'FIXED', factor: 1000 });
  const tag = uniqueName('Transparent');
  const alpha = rules.positions[0].id;
  const beta = rules.positions[1].id;
  const people = await seedEmployees(rules, [
    { name: `${tag} W1`, gender: 'FEMALE', specializationId: alpha },
    { name: `${tag} W2`, gender: 'FEMALE', specializationId: alpha },
    { name: `${tag} W3`, gender: 'FEMALE', specializationId: alpha },
    { name: `${tag} M1`, gender: 'MALE', specializationId: alpha },
    { name: `${tag} M2`, gender: 'MALE', specializationId: beta },
    { name: `${tag} M3`, gender: 'MALE', specializationId: beta },
  ]);
  womanId = people[0]!.id;
  categoryName = `${rules.job.name} · ${rules.grade.name}`;
});

/** The report as of today (`view=day`): the monthly figures; the page opens on the last complete year. */
async function openReport(page: Page, path = '/pay-transparency?view=day') {
  await page.goto(path);
  await page.getByRole('heading', { name: 'Pay Transparency' }).waitFor();
  await page.getByTestId('headline-value').first().waitFor();
  return page.getByTestId('category-table').getByRole('row').filter({ hasText: categoryName });
}

describe('Pay Transparency screen', () => {
  for (const [label, viewport] of WIDTHS) {
    it(`shows the headline gaps first and our category flagged with its figures (${label} px)`, async () => {
      const page = await browser.signedInPage(adminCredentials(), viewport);
      const row = await openReport(page);
      await row.waitFor();
      const cells = await row.getByRole('cell').allTextContents();
      expect(cells.slice(0, 6)).toEqual([categoryName, '3', '3', '$5,000.00', '$5,666.67', '11.8%']);
      expect(cells.join(' ')).toContain(FLAG_TEXT);
      // The figure the page exists for is on the first screen.
      const first = await page.getByTestId('headline-value').first().boundingBox();
      expect(first).not.toBeNull();
      expect(first!.y + first!.height).toBeLessThan(viewport.height);
      // The chart has its table.
      expect(await page.getByTestId('quartile-table').getByRole('row').count()).toBe(5);
      await screenshot(page, `pay-transparency-${label}`);
      expect(browser.pageErrors(page)).toEqual([]);
    });
  }

  it('lets an admin justify the category, and downloads the report', async () => {
    const page = await browser.signedInPage(adminCredentials(), WIDE);
    const row = await openReport(page);
    await row.getByRole('button', { name: `Justify ${categoryName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Justify a pay gap' });
    await dialog.getByLabel('Justification').fill('Beta builders carry a certified skill.');
    await dialog.getByRole('button', { name: 'Save justification' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await row.textContent()) ?? '').toContain('Justified by');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download report (.xlsx)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(REPORT_FILE_NAME);
  });

  it('sends a user without showSalary to /dashboard, and shows no sidebar entry', async () => {
    const user = await createUser({ permissions: ['manageEmployee', 'showCost'] });
    const page = await browser.signedInPage(user, WIDE);
    await page.goto('/pay-transparency');
    await page.waitForURL('**/dashboard');
    expect(await page.getByRole('link', { name: 'Pay Transparency' }).count()).toBe(0);
  });
});

describe('the report for a year', () => {
  // Nobody seeded here has a day, and the rules have always been: every day of last year counts
  // at today's pay, so the annual means are 12 × the monthly ones (women 60,000.00, men
  // 68,000.00) and the hourly gap equals the monthly gap, 11.8%.
  const lastYear = new Date().getUTCFullYear() - 1;
  for (const [label, viewport] of WIDTHS) {
    it(`opens on the last complete year, annual and hourly, axe-clean, nothing sideways (${label} px)`, async () => {
      const page = await browser.signedInPage(adminCredentials(), viewport);
      const row = await openReport(page, '/pay-transparency');
      await row.waitFor();
      expect(await page.getByTestId('year-summary').textContent()).toContain(`Year ${lastYear}`);
      expect(await page.getByTestId('report-duty').textContent()).toMatch(/employed on Dec 31, \d{4}/);
      const cells = await row.getByRole('cell').allTextContents();
      expect(cells.slice(0, 6)).toEqual([categoryName, '3', '3', '$60,000.00', '$68,000.00', '11.8%']);
      // The hourly gap, which decides the flag, beside the status.
      expect(cells[8]).toBe('11.8%');
      expect(await page.getByRole('region', { name: '(a) Mean pay gap, hourly' }).count()).toBe(1);
      const first = await page.getByTestId('headline-value').first().boundingBox();
      expect(first!.y + first!.height).toBeLessThan(viewport.height);
      expect(await horizontalOverflow(page)).toBe(0);
      expect(await axeFindings(page)).toEqual([]);
      await screenshot(page, `pay-transparency-year-${label}`);
      expect(browser.pageErrors(page)).toEqual([]);
    });
  }

  it('changes the period with the keyboard alone, and back to a day', async () => {
    const page = await browser.signedInPage(adminCredentials(), WIDE);
    await openReport(page, '/pay-transparency');
    const period = page.getByLabel('Report', { exact: true }).first();
    await tabTo(page, period);
    await chooseByKeyboard(page, `Year ${lastYear - 1}`);
    await page.waitForURL(`**/pay-transparency?year=${lastYear - 1}`);
    await expect
      .poll(async () => (await page.getByTestId('year-summary').textContent()) ?? '')
      .toContain(`Year ${lastYear - 1}`);
    await chooseByKeyboard(page, 'As of a day');
    await page.waitForURL('**/pay-transparency?view=day');
    await page.getByLabel('As of').waitFor();
    expect(await page.getByTestId('year-summary').count()).toBe(0);
  });
});

describe('Pay quartiles chart', () => {
  for (const [label, viewport] of WIDTHS) {
    it(`shows every quartile's label whole, inside the chart (${label} px)`, async () => {
      const page = await browser.signedInPage(adminCredentials(), viewport);
      await openReport(page);
      const chart = page.getByRole('img', { name: /share of women and men in each pay quartile/ });
      const labels = chart
        .locator('text.recharts-cartesian-axis-tick-value')
        .filter({ hasText: /Lower|Upper/ });
      await expect.poll(() => labels.count()).toBe(4);
      const boxes = await chart.evaluate((root) => {
        return [...root.querySelectorAll('text.recharts-cartesian-axis-tick-value')]
          .filter((t) => /Lower|Upper/.test(t.textContent ?? ''))
          .map((t) => {
            const box = t.getBoundingClientRect();
            const svg = (t as SVGTextElement).ownerSVGElement!.getBoundingClientRect();
            return { text: t.textContent, left: box.left - svg.left };
          });
      });
      expect(boxes.map((b) => b.text)).toEqual(['Lower', 'Lower middle', 'Upper middle', 'Upper']);
      // A label that starts left of the chart's own box is cut ("ower middle").
      for (const b of boxes)
        expect(b.left, `${b.text} starts ${b.left}px into the chart`).toBeGreaterThanOrEqual(0);
      expect(await page.getByRole('region', { name: 'What the figures contain' }).textContent()).toContain(
        'Pay = gross salary + benefits',
      );
      await page.getByTestId('quartile-table').scrollIntoViewIfNeeded();
      await screenshot(page, `pay-transparency-quartiles-${label}`);
    });
  }
});

describe('Pay statement', () => {
  for (const [label, viewport] of WIDTHS) {
    it(`downloads the PDF from Edit Employee, and its figures read back (${label} px)`, async () => {
      const page = await browser.signedInPage(adminCredentials(), viewport);
      await page.goto(`/employees/edit/${womanId}`);
      const button = page.getByRole('button', { name: 'Pay statement' });
      await button.waitFor();
      // The pay the employee has now, at the top of the page.
      const gross = page.getByRole('region', { name: 'Gross salary' });
      await gross.waitFor();
      expect(await gross.textContent()).toContain('$5,000.00');
      await screenshot(page, `edit-employee-pay-statement-${label}`);
      const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
      expect(download.suggestedFilename()).toBe(`pay_statement_${womanId}.pdf`);
      const dir = await mkdtemp(path.join(os.tmpdir(), 'statement-'));
      try {
        const file = path.join(dir, 'statement.pdf');
        await download.saveAs(file);
        const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
        expect(text).toMatch(/Pay \(gross salary \+ benefits\)\s+\$5,000\.00/);
        expect(text).toMatch(/Basic wage \(base salary \+ job adjustment\)\s+\$5,000\.00/);
        expect(text).toMatch(/Complementary or variable components\s+\$0\.00/);
        expect(text).toMatch(/Mean pay of women\s+\$5,000\.00/);
        expect(text).toMatch(/Mean pay of men\s+\$5,666\.67/);
        expect(text).toContain(categoryName);
        // Rendered to an image as well: one page.
        execFileSync('pdftoppm', ['-png', '-r', '50', file, path.join(dir, 'page')]);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
  }
});
