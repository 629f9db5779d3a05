import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApi, adminCredentials, expectOk } from './support/api.ts';
import { expectAxeClean } from './support/axe.ts';
import { horizontalOverflow, screenshot, settled, useBrowser, WIDE, WIDTHS } from './support/browser.ts';
import { isFocused, tabTo } from './support/keyboard.ts';
import { type SeededRules, seedEmployees, seedRules } from './support/seed-employees.ts';

/*
 * Settings → Job Evaluation and the Pay Transparency report's job evaluation view, in Chromium.
 * Our job scored 3 2 4 1 (weighted 2.50, band "Score 2.0–2.9"), its position Beta 5 5 5 5
 * (5.00, "Score 4.0–5.0"); a second job unscored, with two employees: listed, in no category.
 */

const browser = useBrowser();
let scored: SeededRules;
let unscored: SeededRules;

beforeAll(async () => {
  scored = await seedRules(5000);
  unscored = await seedRules(5000);
  const admin = await adminApi();
  expectOk(
    await admin.put(`/job-evaluation/jobs/${scored.job.id}`, {
      skills: 3,
      effort: 2,
      responsibility: 4,
      workingConditions: 1,
    }),
    'Scoring the job',
  );
  expectOk(
    await admin.put(`/job-evaluation/positions/${scored.positions[1].id}`, {
      skills: 5,
      effort: 5,
      responsibility: 5,
      workingConditions: 5,
    }),
    'Scoring the position',
  );
  await seedEmployees(scored, [
    ...(['FEMALE', 'MALE'] as const).flatMap((gender) =>
      [1, 2, 3].map((n) => ({ name: `Evaluated ${gender} ${n}`, gender })),
    ),
    { name: 'Evaluated Beta', gender: 'MALE', specializationId: scored.positions[1].id },
  ]);
  await seedEmployees(unscored, [
    { name: 'Unscored one', gender: 'FEMALE' },
    { name: 'Unscored two', gender: 'MALE' },
  ]);
});

async function openScores(page: Page) {
  await page.goto('/settings/job-evaluation');
  // A table, or a list of cards on a phone.
  const table = page.getByLabel('Job evaluation scores', { exact: true });
  await table.waitFor();
  return table;
}

const rowOf = (page: Page, name: string) => page.locator(`[data-row="${name}"]`);

describe('Settings → Job Evaluation', () => {
  for (const [label, viewport] of WIDTHS) {
    it(`shows the scores, weighted scores and bands, axe clean (${label} px)`, async () => {
      const page = await browser.signedInPage(adminCredentials(), viewport);
      await openScores(page);
      const job = rowOf(page, scored.job.name);
      await job.waitFor();
      expect(await job.textContent()).toContain('2.50');
      expect(await job.textContent()).toContain('Score 2.0–2.9');
      const beta = rowOf(page, `${scored.job.name} / ${scored.positions[1].name}`);
      expect(await beta.textContent()).toContain('Score 4.0–5.0');
      expect(await rowOf(page, unscored.job.name).textContent()).toContain('Not scored');
      // The table scrolls inside its box on a phone; the page itself does not.
      expect(await horizontalOverflow(page)).toBe(0);
      await screenshot(page, `job-evaluation-${label}`);
      await expectAxeClean(page, `job evaluation at ${label}`);
    });
  }

  it('is usable with the keyboard: open a row’s dialog, type the scores, save with Enter', async () => {
    const page = await browser.signedInPage(adminCredentials(), WIDE);
    await openScores(page);
    const name = `${scored.job.name} / ${scored.positions[0].name}`;
    const edit = page.getByRole('button', { name: `Edit scores of ${name}` });
    await tabTo(page, edit);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Scores of ${name}` });
    await settled(dialog);
    const skills = dialog.getByLabel('Skills');
    await expect.poll(() => isFocused(skills)).toBe(true);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('5');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('4');
    await expect
      .poll(() => dialog.getByTestId('score-preview').textContent())
      .toBe('Weighted score 3.50 · Score 3.0–3.9');
    await screenshot(page, 'job-evaluation-dialog-1440');
    await expectAxeClean(page, 'the score dialog');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => rowOf(page, name).textContent()).toContain('Score 3.0–3.9');
  });
});

describe('Pay Transparency by job evaluation', () => {
  for (const [label, viewport] of WIDTHS) {
    it(`offers the view and lists the jobs without a score (${label} px)`, async () => {
      const page = await browser.signedInPage(adminCredentials(), viewport);
      await page.goto('/pay-transparency');
      await page.getByTestId('headline-value').first().waitFor();
      await page.getByText('Job evaluation (work of equal value)').click();
      const note = page.getByTestId('unscored-jobs');
      await note.waitFor();
      expect(await note.textContent()).toContain(`${unscored.job.name}: 2 employees`);
      // Beta's own score: the keyboard test above moved Alpha's.
      await page.getByTestId('category-table').getByText('Score 4.0–5.0').first().waitFor();
      expect(await horizontalOverflow(page)).toBe(0);
      await screenshot(page, `pay-transparency-evaluation-${label}`);
      await expectAxeClean(page, `pay transparency by evaluation at ${label}`);
    });
  }
});
