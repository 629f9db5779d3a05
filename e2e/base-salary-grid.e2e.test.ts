import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { BaseSalary } from '@salary/shared/base-salaries/base-salaries.contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { waitForToast } from './pages/toasts.ts';
import { adminCredentials, createUser, expectOk, signIn } from './support/api.ts';
import { DESKTOP, MOBILE, screenshot, settled, useBrowser } from './support/browser.ts';
import { InputCounter, isFocused } from './support/keyboard.ts';
import { RESULTS_DIR } from './support/paths.ts';
import { listFromApi, seedBaseSalary, seedGrade, seedLevel, uniqueName } from './support/seed-rules.ts';

/** Focus and toasts follow lazy chunks and the server: give them time on a busy machine. */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read);
const browser = useBrowser();

interface Matrix {
  grades: { id: number; name: string }[];
  levels: { id: number; name: string }[];
}

/** A fresh 5 × 3 block: new grades come last in order, new levels last across. */
async function newMatrix(): Promise<Matrix> {
  const grades = [];
  for (let i = 0; i < 5; i += 1) grades.push(await seedGrade(uniqueName(`G${i + 1}`)));
  const levels = [];
  for (let i = 0; i < 3; i += 1) levels.push(await seedLevel(uniqueName(`L${i + 1}`)));
  return { grades, levels };
}

const amountFor = (g: number, l: number) => 4000 + g * 1000 + l * 250;

async function stored(matrix: Matrix): Promise<Map<string, number>> {
  const rows = await listFromApi<BaseSalary>('/base-salary');
  const ids = new Set(matrix.grades.map((g) => g.id));
  return new Map(rows.filter((r) => ids.has(r.gradeId)).map((r) => [`${r.gradeId}:${r.levelId}`, r.amount]));
}

const cell = (page: Page, matrix: Matrix, g: number, l: number) =>
  page.getByRole('textbox', {
    name: `${matrix.grades[g]?.name} / ${matrix.levels[l]?.name}`,
    exact: true,
  });

async function openGrid(page: Page, counter: InputCounter): Promise<void> {
  await page.goto('/settings/base-salary');
  await page.getByRole('region', { name: 'Base Salaries' }).waitFor();
  await counter.click(page.getByText('Grid', { exact: true }));
  await page.getByRole('table', { name: 'Base salaries by grade and level' }).waitFor();
}

async function note(line: string): Promise<void> {
  await mkdir(RESULTS_DIR, { recursive: true });
  await appendFile(path.join(RESULTS_DIR, 'grid-input-counts.txt'), `${line}\n`);
}

describe('Base Salaries grid', () => {
  let matrix: Matrix;
  beforeAll(async () => {
    matrix = await newMatrix();
  });

  it('takes a 5 × 3 matrix from the keyboard alone: type, Tab across, arrows down, one Save', async () => {
    const page = await browser.signedInPage(adminCredentials(), { width: 1440, height: 900 });
    const counter = new InputCounter(page);
    await openGrid(page, counter);
    await counter.click(cell(page, matrix, 0, 0));
    for (let g = 0; g < 5; g += 1) {
      for (let l = 0; l < 3; l += 1) {
        await counter.type(String(amountFor(g, l)));
        if (l < 2) await counter.press('Tab');
      }
      if (g < 4) {
        await counter.press('ArrowDown');
        await counter.press('ArrowLeft');
        await counter.press('ArrowLeft');
        expect(await isFocused(cell(page, matrix, g + 1, 0))).toBe(true);
      }
    }
    const bar = page.getByTestId('save-bar');
    await bar.getByText('Unsaved changes').waitFor();
    const save = page.getByRole('button', { name: 'Save 15 cells' });
    // Kept in view while there is something to save.
    expect(await save.evaluate((el) => el.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true);
    await screenshot(page, 'grid-typed-1440');
    await counter.click(save);
    await waitForToast(page, 'Base salaries saved successfully');
    const after = await stored(matrix);
    for (let g = 0; g < 5; g += 1)
      for (let l = 0; l < 3; l += 1)
        expect(after.get(`${matrix.grades[g]?.id}:${matrix.levels[l]?.id}`)).toBe(amountFor(g, l));
    await note(`typed: ${counter.clicks} clicks, ${counter.keys} keystrokes for 5 x 3`);
    // Before (issue 23, the inline form): 90 clicks and 60 keystrokes.
    expect(counter.clicks).toBeLessThanOrEqual(3);
  });

  it('fills the matrix from a block pasted out of a spreadsheet, marks a bad cell and refuses the whole save', async () => {
    const fresh = await newMatrix();
    const page = await browser.signedInPage(adminCredentials(), { width: 1440, height: 900 });
    const counter = new InputCounter(page);
    await openGrid(page, counter);
    await counter.click(cell(page, fresh, 0, 0));
    const block = Array.from({ length: 5 }, (_, g) =>
      Array.from({ length: 3 }, (_, l) =>
        g === 2 && l === 1 ? '-5' : `$${amountFor(g, l).toLocaleString('en-US')}.00`,
      ).join('\t'),
    ).join('\r\n');
    counter.keys += 1; // Ctrl+V
    await cell(page, fresh, 0, 0).evaluate((el, text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, block);
    await page.getByTestId('grid-note').getByText('Pasted 15 cells').waitFor();
    expect(await cell(page, fresh, 4, 2).inputValue()).toBe(`$${amountFor(4, 2).toLocaleString('en-US')}.00`);
    await counter.click(page.getByRole('button', { name: /^Save/ }));
    await waitForToast(page, 'Some cells are not valid amounts; nothing was saved');
    const bad = cell(page, fresh, 2, 1);
    expect(await bad.getAttribute('aria-invalid')).toBe('true');
    await poll(() => isFocused(bad)).toBe(true);
    expect(await page.getByTestId('grid-problems').textContent()).toContain(
      `${fresh.grades[2]?.name} / ${fresh.levels[1]?.name}: Base Salary Amount must be 0 or more`,
    );
    expect((await stored(fresh)).size).toBe(0);
    await screenshot(page, 'grid-bad-cell-1440');
    await bad.fill('6250');
    await counter.click(page.getByRole('button', { name: 'Save 15 cells' }));
    await waitForToast(page, 'Base salaries saved successfully');
    expect((await stored(fresh)).size).toBe(15);
    await note(`pasted: ${counter.clicks} clicks, ${counter.keys} keystrokes for 5 x 3 (one fix included)`);
  });

  it('asks before leaving with unsaved cells, and the server refuses a cell whose grade vanished', async () => {
    const page = await browser.signedInPage(adminCredentials(), MOBILE);
    const counter = new InputCounter(page);
    await openGrid(page, counter);
    await cell(page, matrix, 0, 0).fill('1');
    await screenshot(page, 'grid-dirty-390');
    await page.getByRole('button', { name: /navigation/ }).click();
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Employees' })
      .click();
    const ask = page.getByRole('alertdialog', { name: 'Unsaved changes' });
    await settled(ask);
    await ask.getByRole('button', { name: 'Leave' }).click();
    await page.getByRole('heading', { name: 'Employees', level: 1 }).waitFor();
    expect((await stored(matrix)).get(`${matrix.grades[0]?.id}:${matrix.levels[0]?.id}`)).toBe(
      amountFor(0, 0),
    );
  });

  it('shows the grid at 1440 and 390 px', async () => {
    for (const [name, viewport] of [
      ['1440', DESKTOP],
      ['390', MOBILE],
    ] as const) {
      const page = await browser.signedInPage(adminCredentials(), viewport);
      await page.goto('/settings/base-salary?view=grid');
      await page.getByRole('table', { name: 'Base salaries by grade and level' }).waitFor();
      await screenshot(page, `grid-${name}`);
    }
  });

  it('names a cell someone else saved since it was typed in; Apply anyway saves the grid over it', async () => {
    const fresh = await newMatrix();
    const [grade, level] = [fresh.grades[0]!, fresh.levels[0]!];
    const base = await seedBaseSalary({ gradeId: grade.id, levelId: level.id, amount: 5000 });
    const page = await browser.signedInPage(adminCredentials(), { width: 1440, height: 900 });
    const counter = new InputCounter(page);
    await openGrid(page, counter);
    await cell(page, fresh, 0, 0).fill('6100');
    await cell(page, fresh, 0, 1).fill('6200');
    // Meanwhile someone else changes the first cell through the edit form.
    const other = await createUser({ permissions: ['manageSettings'] });
    expectOk(
      await (await signIn(other)).put(`/base-salary/${base.id}`, {
        gradeId: grade.id,
        levelId: level.id,
        amount: 7000,
        version: base.version,
      }),
      'The other save',
    );
    await page.getByRole('button', { name: 'Save 2 cells' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Changed since you opened it' });
    await dialog.waitFor();
    const said = await dialog.textContent();
    expect(said).toContain(`Base salary ${grade.name} / ${level.name} was changed since you opened it`);
    expect(said).toContain(`${other.email} changed Base Salary Amount (${grade.name} / ${level.name}) on `);
    // Refused whole: theirs stands, my other cell is not saved.
    const key = (l: number) => `${grade.id}:${fresh.levels[l]?.id}`;
    let now = await stored(fresh);
    expect([now.get(key(0)), now.get(key(1))]).toEqual([7000, undefined]);

    await dialog.getByRole('button', { name: 'Apply anyway' }).click();
    await waitForToast(page, 'Base salaries saved successfully');
    now = await stored(fresh);
    expect([now.get(key(0)), now.get(key(1))]).toEqual([6100, 6200]);
  });
});
