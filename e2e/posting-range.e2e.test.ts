import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { chooseOption } from './pages/select.ts';
import { adminCredentials, createUser } from './support/api.ts';
import { expectAxeClean } from './support/axe.ts';
import { horizontalOverflow, screenshot, useBrowser, WIDE, WIDTHS } from './support/browser.ts';
import { isFocused, tabTo } from './support/keyboard.ts';
import { type SeededRules, seedRules, uniqueName } from './support/seed-employees.ts';
import { seedBaseSalary, seedFactor, seedLevel } from './support/seed-rules.ts';

/*
 * The Pay range for a job posting screen, in Chromium: a role of our own at 4,000.00 and
 * 5,000.00 on two levels, + 10% for the position → 4,400.00–5,500.00 a month, 52,800.00–66,000.00
 * a year; a third level with no base salary says so.
 */

const browser = useBrowser();

let rules: SeededRules;
let upper: { id: number; name: string };
let bare: { id: number; name: string };

beforeAll(async () => {
  rules = await seedRules(4000);
  upper = await seedLevel(uniqueName('Upper'));
  bare = await seedLevel(uniqueName('Bare'));
  await seedBaseSalary({ gradeId: rules.grade.id, levelId: upper.id, amount: 5000 });
  await seedFactor({
    jobId: rules.job.id,
    positionId: rules.positions[0].id,
    type: 'PERCENTAGE',
    factor: 0.1,
  });
});

const combobox = (page: Page, label: string) => page.getByRole('combobox', { name: label, exact: true });
const sentence = () =>
  `${rules.job.name} — ${rules.positions[0].name}, ${rules.grade.name}: $4,400.00–$5,500.00 per month ` +
  '($52,800.00–$66,000.00 per year), as of';

async function open(page: Page) {
  await page.goto('/pay-transparency/posting-range');
  await page.getByRole('heading', { name: 'Pay range for a job posting' }).waitFor();
}

describe('Pay range for a job posting', () => {
  for (const [label, viewport] of WIDTHS) {
    it(`gives the range and the sentence for the chosen role and levels (${label} px)`, async () => {
      const page = await browser.signedInPage(adminCredentials(), viewport);
      await open(page);
      await chooseOption(combobox(page, 'Job'), rules.job.name);
      await chooseOption(combobox(page, 'Position'), rules.positions[0].name);
      await chooseOption(combobox(page, 'Grade'), rules.grade.name);
      for (const level of [rules.level.name, upper.name, bare.name])
        await chooseOption(combobox(page, 'Levels'), level);
      await page.keyboard.press('Escape');
      const text = page.getByRole('region', { name: 'Text for the posting' });
      // The range follows the levels chosen as its answer arrives: wait for the last one's.
      await expect.poll(() => text.textContent()).toContain(sentence());
      const rows = page.getByRole('table').getByRole('row');
      await expect.poll(() => rows.count()).toBe(4);
      expect(await rows.filter({ hasText: upper.name }).textContent()).toContain('$5,500.00$66,000.00');
      expect(await rows.filter({ hasText: bare.name }).textContent()).toContain('No base salary');
      expect(await horizontalOverflow(page)).toBe(0);
      await screenshot(page, `posting-range-${label}`);
      await expectAxeClean(page, `posting range (${label} px)`);
      expect(browser.pageErrors(page)).toEqual([]);
    });
  }

  it('is usable with the keyboard alone: pick, copy and download', async () => {
    const page = await browser.signedInPage(adminCredentials(), WIDE);
    await open(page);
    const pickByKeyboard = async (name: string, option: string) => {
      await tabTo(page, combobox(page, name));
      await page.keyboard.type(option);
      await page.getByRole('option', { name: option, exact: true }).waitFor();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
    };
    await pickByKeyboard('Job', rules.job.name);
    await pickByKeyboard('Position', rules.positions[0].name);
    await pickByKeyboard('Grade', rules.grade.name);
    await pickByKeyboard('Levels', rules.level.name);
    await page.keyboard.press('Escape');
    const text = page.getByRole('region', { name: 'Text for the posting' });
    await text.waitFor();
    await expect
      .poll(() => text.textContent())
      .toContain(': $4,400.00 per month ($52,800.00 per year), as of');

    const copy = page.getByRole('button', { name: 'Copy text' });
    await tabTo(page, copy);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await text.textContent());

    const pdf = page.getByRole('button', { name: 'Download PDF' });
    await tabTo(page, pdf);
    expect(await isFocused(pdf)).toBe(true);
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toBe('posting_pay_range.pdf');
  });

  it('is refused, as a page, to a user who may not read the money rules', async () => {
    const user = await createUser({ permissions: ['manageEmployee'] });
    const page = await browser.signedInPage(user, WIDE);
    await page.goto('/pay-transparency/posting-range');
    await page.getByText('You do not have permission to open that page').waitFor();
    expect(await page.getByRole('heading', { name: 'Pay range for a job posting' }).count()).toBe(0);
  });
});
