import { beforeAll, describe, expect, it } from 'vitest';
import { openSection, pickOption, type RulesPath, RulesSection } from './pages/rules-section.ts';
import { adminCredentials, createUser, type SeededUser } from './support/api.ts';
import { useBrowser } from './support/browser.ts';
import { type ProfileNames, profileNames, seedRules } from './support/seed-employees.ts';
import { seedFactor } from './support/seed-rules.ts';

const browser = useBrowser();

const SECTIONS: RulesPath[] = ['jobs', 'positions', 'grades', 'levels', 'base-salary', 'adjustment-factors'];

let viewer: SeededUser;
let names: ProfileNames;

beforeAll(async () => {
  // Something in every list, so a row's actions would show if the screen offered them.
  const rules = await seedRules(4200);
  await seedFactor({
    jobId: rules.job.id,
    positionId: rules.positions[0].id,
    type: 'PERCENTAGE',
    factor: 0.1,
  });
  names = profileNames(rules);
  viewer = await createUser({ name: 'Read Only', permissions: ['showSettings'] });
});

describe('a user with Show Settings but not Edit/Delete Settings', () => {
  it.each(SECTIONS)('sees /settings/%s read-only: the list, no forms, no buttons', async (path) => {
    const { page, section } = await openSection(browser, path, { as: viewer });
    // Other specs' jobs may come first by name; show the one seeded with a position.
    if (path === 'positions') await pickOption(section.list, 'Job', names.job);
    await section.table.waitFor();
    expect(await section.list.locator('tbody tr').count()).toBeGreaterThan(0);

    const main = page.getByRole('main');
    expect(await main.getByRole('button').count()).toBe(0);
    expect(await main.getByRole('form').count()).toBe(0);
    expect(await section.list.getByRole('columnheader', { name: 'Actions' }).count()).toBe(0);
    expect(browser.pageErrors(page)).toEqual([]);
  });

  it('still sees what is stored, e.g. amounts and factors', async () => {
    const page = await browser.signedInPage(viewer);
    const salaries = new RulesSection(page, 'base-salary');
    await salaries.goto();
    await salaries.row(`${names.grade}${names.level}`).waitFor();
    expect(await salaries.row(`${names.grade}${names.level}`).locator('td').nth(2).textContent()).toBe(
      '$4,200.00',
    );

    const factors = new RulesSection(page, 'adjustment-factors');
    await factors.goto();
    const row = factors.row(`${names.job}${names.position}`);
    await row.waitFor();
    expect(await row.locator('td').nth(3).textContent()).toBe('+10%');
  });

  it('an admin on the same screens gets the controls', async () => {
    const page = await browser.signedInPage(adminCredentials());
    const jobs = new RulesSection(page, 'jobs');
    await jobs.goto();
    await jobs.button('Add Job').waitFor();
    await jobs.rowAction(names.job, 'Edit').waitFor();
  });
});
