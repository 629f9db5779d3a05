import type { Grade } from '@salary/shared/grades/grades.contract';
import type { Level } from '@salary/shared/levels/levels.contract';
import { describe, expect, it } from 'vitest';
import { field, RulesSection } from './pages/rules-section.ts';
import { waitForToast } from './pages/toasts.ts';
import { adminCredentials } from './support/api.ts';
import { useBrowser } from './support/browser.ts';
import { listFromApi, seedGrade, uniqueName } from './support/seed-rules.ts';

const browser = useBrowser();

async function open(path: 'grades' | 'levels') {
  const page = await browser.signedInPage(adminCredentials());
  const section = new RulesSection(page, path);
  await section.goto();
  await section.waitForList();
  return { page, section };
}

/** Grade names as listed on screen, top to bottom. */
async function listedNames(section: RulesSection): Promise<string[]> {
  return section.list.locator('tbody tr td:first-child').allTextContents();
}

describe('Settings → Grades', () => {
  it('adds a grade last, renames it and moves it up by swapping orders with its neighbour', async () => {
    const before = await seedGrade();
    const { page, section } = await open('grades');
    const name = uniqueName('Grade');

    await section.button('Add Grade').click();
    expect(await field(section.dialog('Add Grade'), 'Name').inputValue()).toBe('');
    await section.fillNameModal('Add Grade', name);
    await waitForToast(page, 'Grade created successfully');
    await section.dialog('Add Grade').waitFor({ state: 'hidden' });
    await section.row(name).waitFor();
    // A new grade goes last: its order is the number of grades there were.
    const names = await listedNames(section);
    expect(names.slice(-2)).toEqual([before.name, name]);
    const created = (await listFromApi<Grade>('/grades')).find((grade) => grade.name === name)!;
    expect(created.order).toBe(names.length - 1);
    expect(await section.row(name).locator('td').nth(1).textContent()).toBe(String(created.order));

    const renamed = `${name} B`;
    await section.rowAction(name, 'Edit').click();
    expect(await field(section.dialog('Edit Grade'), 'Name').inputValue()).toBe(name);
    await section.fillNameModal('Edit Grade', renamed);
    await waitForToast(page, 'Grade updated successfully');
    await section.row(renamed).waitFor();

    // First row cannot go up, last row cannot go down.
    const rows = section.list.locator('tbody tr');
    expect(
      await rows
        .first()
        .getByRole('button', { name: /^Move .* up$/ })
        .isDisabled(),
    ).toBe(true);
    expect(
      await rows
        .last()
        .getByRole('button', { name: /^Move .* down$/ })
        .isDisabled(),
    ).toBe(true);
    expect(
      await rows
        .last()
        .getByRole('button', { name: /^Move .* up$/ })
        .isEnabled(),
    ).toBe(true);

    const orders = new Map((await listFromApi<Grade>('/grades')).map((grade) => [grade.id, grade.order]));
    await section
      .row(renamed)
      .getByRole('button', { name: `Move ${renamed} up` })
      .click();
    await expect.poll(async () => (await listedNames(section)).slice(-2)).toEqual([renamed, before.name]);
    const after = new Map((await listFromApi<Grade>('/grades')).map((grade) => [grade.id, grade.order]));
    expect(after.get(created.id)).toBe(orders.get(before.id));
    expect(after.get(before.id)).toBe(orders.get(created.id));
    // Every other grade kept its order.
    for (const [id, order] of orders)
      if (id !== created.id && id !== before.id) expect(after.get(id)).toBe(order);
    expect(
      await rows
        .last()
        .getByRole('button', { name: /^Move .* down$/ })
        .isDisabled(),
    ).toBe(true);

    // And back down again.
    await section
      .row(renamed)
      .getByRole('button', { name: `Move ${renamed} down` })
      .click();
    await expect.poll(async () => (await listedNames(section)).slice(-2)).toEqual([before.name, renamed]);
    expect(browser.pageErrors(page)).toEqual([]);
  });

  it('shows the reason when a grade name is taken', async () => {
    const taken = await seedGrade();
    const { page, section } = await open('grades');
    await section.button('Add Grade').click();
    await section.fillNameModal('Add Grade', taken.name);
    await waitForToast(page, `A grade named "${taken.name}" already exists`);
    expect(await section.dialog('Add Grade').isVisible()).toBe(true);
  });
});

describe('Settings → Levels', () => {
  it('adds and renames a level, with no way to delete one', async () => {
    const { page, section } = await open('levels');
    const name = uniqueName('Level');

    await section.button('Add Level').click();
    expect(await field(section.dialog('Add Level'), 'Name').inputValue()).toBe('');
    await section.fillNameModal('Add Level', name);
    await waitForToast(page, 'Level created successfully');
    await section.dialog('Add Level').waitFor({ state: 'hidden' });
    await section.row(name).waitFor();

    const renamed = `${name} Senior`;
    await section.rowAction(name, 'Edit').click();
    expect(await field(section.dialog('Edit Level'), 'Name').inputValue()).toBe(name);
    await section.fillNameModal('Edit Level', renamed);
    await waitForToast(page, 'Level updated successfully');
    await section.dialog('Edit Level').waitFor({ state: 'hidden' });
    await section.row(renamed).waitFor();
    expect((await listFromApi<Level>('/levels')).map((level) => level.name)).toContain(renamed);

    expect(await section.row(renamed).getByRole('button').allTextContents()).toHaveLength(1);
    expect(await section.list.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    expect(browser.pageErrors(page)).toEqual([]);
  });
});
