import { beforeAll, describe, expect, it } from 'vitest';
import { RulesSection } from './pages/rules-section.ts';
import { createUser, type SeededUser } from './support/api.ts';
import { useBrowser } from './support/browser.ts';
import { type ProfileNames, profileNames, seedRules } from './support/seed-employees.ts';
import { seedFactor } from './support/seed-rules.ts';

const browser = useBrowser();

let viewer: SeededUser;
let names: ProfileNames;

beforeAll(async () => {
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
  // The journey through the built app and the real server: a user who may only look reads the
  // stored rules. Which controls each section offers for a permission (none for this user, Add and
  // Edit for a manager) is checked in apps/web/src/features/rules-read-only.test.tsx.
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
    // Nothing on the whole page, beyond the section, to change anything with.
    const main = page.getByRole('main');
    expect(await main.getByRole('button').count()).toBe(0);
    expect(await main.getByRole('form').count()).toBe(0);
    expect(browser.pageErrors(page)).toEqual([]);
  });
});
