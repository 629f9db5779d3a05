import type { Grade } from '@salary/shared/grades/grades.contract';
import type { Level } from '@salary/shared/levels/levels.contract';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSection, type RulesSection } from './pages/rules-section.ts';
import { waitForToast } from './pages/toasts.ts';
import { useBrowser } from './support/browser.ts';
import { listFromApi, seedGrade, uniqueName } from './support/seed-rules.ts';

const browser = useBrowser();

/** Grade names as listed on screen, top to bottom. */
async function listedNames(section: RulesSection): Promise<string[]> {
  return section.list.locator('tbody tr td:first-child').allTextContents();
}

/** A row's Move up / Move down button (named 'Move <grade> up'). */
function moveButton(row: Locator, direction: 'up' | 'down'): Locator {
  return row.getByRole('button', { name: new RegExp(`^Move .* ${direction}$`) });
}

describe('Settings → Grades', () => {
  it('adds a grade last, renames it and moves it up by swapping orders with its neighbour', async () => {
    const before = await seedGrade();
    const { page, section } = await openSection(browser, 'grades');
    const name = uniqueName('Grade');

    await section.addNamed('Grade', name, 'Grade created successfully');
    // A new grade goes last: its order is the number of grades there were.
    const names = await listedNames(section);
    expect(names.slice(-2)).toEqual([before.name, name]);
    const created = (await listFromApi<Grade>('/grades')).find((grade) => grade.name === name)!;
    expect(created.order).toBe(names.length - 1);
    expect(await section.row(name).locator('td').nth(1).textContent()).toBe(String(created.order));

    const renamed = `${name} B`;
    await section.rename('Grade', name, renamed, 'Grade updated successfully');

    // First row cannot go up, last row cannot go down.
    const rows = section.list.locator('tbody tr');
    expect(await moveButton(rows.first(), 'up').isDisabled()).toBe(true);
    expect(await moveButton(rows.last(), 'down').isDisabled()).toBe(true);
    expect(await moveButton(rows.last(), 'up').isEnabled()).toBe(true);

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
    expect(await moveButton(rows.last(), 'down').isDisabled()).toBe(true);

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
    const { page, section } = await openSection(browser, 'grades');
    await section.button('Add Grade').click();
    await section.fillNameModal('Add Grade', taken.name);
    await waitForToast(page, `A grade named "${taken.name}" already exists`);
    expect(await section.dialog('Add Grade').isVisible()).toBe(true);
  });
});

describe('Settings → Levels', () => {
  it('adds, renames and deletes a level nothing uses', async () => {
    const { page, section } = await openSection(browser, 'levels');
    const name = uniqueName('Level');

    await section.addNamed('Level', name, 'Level created successfully');

    const renamed = `${name} Senior`;
    await section.rename('Level', name, renamed, 'Level updated successfully');
    expect((await listFromApi<Level>('/levels')).map((level) => level.name)).toContain(renamed);

    await section.rowAction(renamed, 'Delete').click();
    await section.confirm('Delete level', 'Are you sure you want to delete this level?');
    await waitForToast(page, 'Level deleted successfully');
    expect((await listFromApi<Level>('/levels')).map((level) => level.name)).not.toContain(renamed);
    expect(browser.pageErrors(page)).toEqual([]);
  });
});
