import type { AdjustmentFactor } from '@salary/shared/adjustment-factors/adjustment-factors.contract';
import type { BaseSalary } from '@salary/shared/base-salaries/base-salaries.contract';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { field, openSection, pickOption, type RulesSection } from './pages/rules-section.ts';
import { waitForToast } from './pages/toasts.ts';
import { useBrowser } from './support/browser.ts';
import { listFromApi, seedFactor, seedGrade, seedJobWithPositions, seedLevel } from './support/seed-rules.ts';

const browser = useBrowser();

async function open(path: 'base-salary' | 'adjustment-factors') {
  const { page, section } = await openSection(browser, path);
  return { page, section, form: page.getByRole('form') };
}

type Noun = 'Base Salary' | 'Adjustment Factor';

/** Edit on the row loads it into the form, whose button then reads Update <noun>. */
async function startEdit(section: RulesSection, form: Locator, rowKey: string, noun: Noun) {
  await section.row(rowKey).getByRole('button', { name: 'Edit' }).click();
  await form.getByRole('button', { name: `Update ${noun}` }).waitFor();
}

/** Update <noun> saves the edit: `toast`, and the form is back to Add <noun>. */
async function saveEdit(form: Locator, noun: Noun, toast: string) {
  await form.getByRole('button', { name: `Update ${noun}` }).click();
  await waitForToast(form.page(), toast);
  await form.getByRole('button', { name: `Add ${noun}` }).waitFor();
}

describe('Settings → Base Salaries', () => {
  it('adds, edits and deletes a base salary, showing amounts as dollars', async () => {
    const grade = await seedGrade();
    const level = await seedLevel();
    const { page, section, form } = await open('base-salary');
    const rowKey = `${grade.name}${level.name}`;

    await pickOption(form, 'Grade', grade.name);
    await pickOption(form, 'Level', level.name);
    await field(form, 'Base Salary Amount').fill('1234.56');
    await form.getByRole('button', { name: 'Add Base Salary' }).click();
    await waitForToast(page, 'Base salary created successfully');
    await section.row(rowKey).waitFor();
    expect(await section.row(rowKey).locator('td').allTextContents()).toEqual([
      grade.name,
      level.name,
      '$1,234.56',
      // The band: ±10% of the base salary by default ($123.456 rounds to $123.46).
      '$1,111.10 – $1,358.02',
      'EditDelete',
    ]);
    // Sent as JSON numbers, stored as typed.
    const stored = (await listFromApi<BaseSalary>('/base-salary')).find((row) => row.gradeId === grade.id)!;
    expect(stored).toMatchObject({ levelId: level.id, amount: 1234.56 });
    // The form is ready for the next one.
    expect(await field(form, 'Base Salary Amount').inputValue()).toBe('');
    expect(await field(form, 'Grade').inputValue()).toBe('');

    await startEdit(section, form, rowKey, 'Base Salary');
    expect(await field(form, 'Grade').inputValue()).toBe(grade.name);
    expect(await field(form, 'Level').inputValue()).toBe(level.name);
    expect(await field(form, 'Base Salary Amount').inputValue()).toBe('1234.56');
    await field(form, 'Base Salary Amount').fill('98765');
    await saveEdit(form, 'Base Salary', 'Base salary updated successfully');
    await expect.poll(() => section.row(rowKey).locator('td').nth(2).textContent()).toBe('$98,765.00');

    await section.deleteRow(rowKey, 'base salary', 'Base salary deleted successfully');
    expect(browser.pageErrors(page)).toEqual([]);
  });
});

describe('Settings → Adjustment Factors', () => {
  it('adds a percentage factor (sent as a fraction), edits it into a fixed one, then deletes it', async () => {
    const { job, positions } = await seedJobWithPositions(2);
    const { page, section, form } = await open('adjustment-factors');
    const rowKey = `${job.name}${positions[1]!.name}`;

    // Position waits for a job, then offers that job's positions only.
    expect(await field(form, 'Position').isDisabled()).toBe(true);
    await pickOption(form, 'Job', job.name);
    await field(form, 'Position').click();
    // The list opens a moment after the click (slower on a loaded machine): read it once it shows.
    await expect.poll(() => page.getByRole('option').allTextContents()).toEqual(positions.map((p) => p.name));
    await page.getByRole('option', { name: positions[1]!.name, exact: true }).click();
    await form.getByText('Values between -100% and +100%', { exact: true }).waitFor();
    await field(form, 'Adjustment Factor').fill('12');
    await form.getByRole('button', { name: 'Add Adjustment Factor' }).click();
    await waitForToast(page, 'Adjustment factor created successfully');
    await section.row(rowKey).waitFor();
    expect(await section.row(rowKey).locator('td').nth(3).textContent()).toBe('+12%');
    const created = (await listFromApi<AdjustmentFactor>('/adjustment-factors')).find(
      (factor) => factor.positionId === positions[1]!.id,
    )!;
    expect(created).toMatchObject({ type: 'PERCENTAGE', factor: 0.12 });

    await startEdit(section, form, rowKey, 'Adjustment Factor');
    expect(await field(form, 'Adjustment Factor').inputValue()).toBe('12');
    expect(await field(form, 'Position').inputValue()).toBe(positions[1]!.name);
    await pickOption(form, 'Adjustment Type', 'Fixed amount');
    await field(form, 'Adjustment Factor').fill('150');
    await saveEdit(form, 'Adjustment Factor', 'Adjustment factor updated successfully');
    await expect.poll(() => section.row(rowKey).locator('td').nth(3).textContent()).toBe('+150.00');

    await section.deleteRow(rowKey, 'adjustment factor', 'Adjustment factor deleted successfully');
    expect(browser.pageErrors(page)).toEqual([]);
  });

  it('shows percentages as signed whole percents and fixed amounts signed with two decimals', async () => {
    const { job, positions } = await seedJobWithPositions(4);
    const [up, down, plus, minus] = positions as [
      (typeof positions)[0],
      (typeof positions)[0],
      (typeof positions)[0],
      (typeof positions)[0],
    ];
    await seedFactor({ jobId: job.id, positionId: up.id, type: 'PERCENTAGE', factor: 0.12 });
    await seedFactor({ jobId: job.id, positionId: down.id, type: 'PERCENTAGE', factor: -0.05 });
    await seedFactor({ jobId: job.id, positionId: plus.id, type: 'FIXED', factor: 150 });
    await seedFactor({ jobId: job.id, positionId: minus.id, type: 'FIXED', factor: -20.5 });
    const { section } = await open('adjustment-factors');

    const shown = async (positionName: string) =>
      (await section.row(`${job.name}${positionName}`).locator('td').allTextContents()).slice(0, 4);
    expect(await shown(up.name)).toEqual([job.name, up.name, 'Percentage', '+12%']);
    expect(await shown(down.name)).toEqual([job.name, down.name, 'Percentage', '-5%']);
    expect(await shown(plus.name)).toEqual([job.name, plus.name, 'Fixed amount', '+150.00']);
    expect(await shown(minus.name)).toEqual([job.name, minus.name, 'Fixed amount', '-20.50']);
  });
});
