import { beforeAll, describe, expect, it } from 'vitest';
import { openSection, pickOption, type RulesPath, RulesSection } from './pages/rules-section.ts';
import { adminCredentials, createUser, type SeededUser } from './support/api.ts';
import { horizontalOverflow, SIZES, screenshot, settled, useBrowser } from './support/browser.ts';
import {
  seedBaseSalary,
  seedFactor,
  seedGrade,
  seedJob,
  seedJobWithPositions,
  seedLevel,
  seedPosition,
  uniqueName,
} from './support/seed-rules.ts';

const browser = useBrowser();

let viewer: SeededUser;
let engineering: string;

beforeAll(async () => {
  // A small believable rule set, so every list has rows to lay out at both widths.
  const job = await seedJob(uniqueName('Engineering'));
  engineering = job.name;
  const backend = await seedPosition(job.id, uniqueName('Backend Developer'));
  const frontend = await seedPosition(job.id, uniqueName('Frontend Developer'));
  const grades = [await seedGrade(uniqueName('Junior')), await seedGrade(uniqueName('Senior'))];
  const levels = [await seedLevel(uniqueName('Level I')), await seedLevel(uniqueName('Level II'))];
  let amount = 3200;
  for (const grade of grades) {
    for (const level of levels) {
      await seedBaseSalary({ gradeId: grade.id, levelId: level.id, amount });
      amount += 1150.5;
    }
  }
  await seedFactor({ jobId: job.id, positionId: backend.id, type: 'PERCENTAGE', factor: 0.12 });
  await seedFactor({ jobId: job.id, positionId: frontend.id, type: 'FIXED', factor: -150 });
  const other = await seedJobWithPositions(1);
  await seedFactor({ jobId: other.job.id, positionId: other.positions[0]!.id, type: 'FIXED', factor: 1250 });
  viewer = await createUser({ name: 'Read Only Viewer', permissions: ['showSettings'] });
});

const SECTIONS: RulesPath[] = ['jobs', 'positions', 'grades', 'levels', 'base-salary', 'adjustment-factors'];

// Screenshots for a human to look at (test-results/); the assertion is that nothing spills sideways.
describe.each(SIZES)('%s', (size, viewport) => {
  async function open(path: RulesPath, who = adminCredentials()) {
    const opened = await openSection(browser, path, { as: who, viewport });
    if (path === 'positions') {
      await pickOption(opened.section.list, 'Job', engineering);
      await opened.section.waitForList();
    }
    return opened;
  }

  it.each(SECTIONS)('%s', async (path) => {
    const { page } = await open(path);
    await screenshot(page, `rules-${path}-${size}`);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(browser.pageErrors(page)).toEqual([]);
  });

  it('add job modal', async () => {
    const { page, section } = await open('jobs');
    await section.button('Add Job').click();
    await settled(section.dialog('Add Job'));
    await screenshot(page, `rules-jobs-modal-${size}`);
    expect(await horizontalOverflow(page)).toBe(0);
  });

  it('base salary in edit mode', async () => {
    const { page, section } = await open('base-salary');
    // Table row or phone card, whichever shows (role queries skip the hidden one).
    await section.list.getByRole('button', { name: 'Edit' }).first().click();
    await page.getByRole('button', { name: 'Cancel Edit' }).waitFor();
    await screenshot(page, `rules-base-salary-edit-${size}`);
    expect(await horizontalOverflow(page)).toBe(0);
  });

  it('adjustment factor form with errors', async () => {
    const { page } = await open('adjustment-factors');
    await page.getByRole('button', { name: 'Add Adjustment Factor' }).click();
    await page.getByText('Job is required').waitFor();
    await screenshot(page, `rules-adjustment-factors-errors-${size}`);
    expect(await horizontalOverflow(page)).toBe(0);
  });

  it('positions of a job without any', async () => {
    const empty = await seedJob(uniqueName('Design'));
    const page = await browser.signedInPage(adminCredentials(), viewport);
    const section = new RulesSection(page, 'positions');
    await section.goto();
    await pickOption(section.list, 'Job', empty.name);
    await section.list.getByText('No positions found for this job').waitFor();
    await screenshot(page, `rules-positions-empty-${size}`);
    expect(await horizontalOverflow(page)).toBe(0);
  });

  it('read-only adjustment factors', async () => {
    const { page } = await open('adjustment-factors', viewer);
    await screenshot(page, `rules-adjustment-factors-read-only-${size}`);
    expect(await horizontalOverflow(page)).toBe(0);
  });
});
