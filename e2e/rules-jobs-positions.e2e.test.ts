import type { Job } from '@salary/shared/jobs/jobs.contract';
import type { Position } from '@salary/shared/positions/positions.contract';
import { describe, expect, it } from 'vitest';
import { field, openSection, pickOption, RulesSection } from './pages/rules-section.ts';
import { waitForToast } from './pages/toasts.ts';
import { adminCredentials } from './support/api.ts';
import { screenshot, useBrowser } from './support/browser.ts';
import { listFromApi, seedJob, seedPosition, uniqueName } from './support/seed-rules.ts';

const browser = useBrowser();

describe('Settings → Jobs', () => {
  it('adds, renames and deletes a job, reloading the list and toasting each step', async () => {
    const { page, section } = await openSection(browser, 'jobs');
    const name = uniqueName('Job');
    const renamed = `${name} Renamed`;

    await section.addNamed('Job', name, 'Job created successfully');
    expect((await section.row(name).locator('td').allTextContents()).slice(0, 2)).toEqual([name, '0']);

    await section.rename('Job', name, renamed, 'Job updated successfully');

    // Add opens empty again after an edit.
    await section.button('Add Job').click();
    expect(await field(section.dialog('Add Job'), 'Name').inputValue()).toBe('');
    await section.dialog('Add Job').getByRole('button', { name: 'Cancel' }).click();
    await section.dialog('Add Job').waitFor({ state: 'hidden' });

    await section.deleteRow(renamed, 'job', 'Job deleted successfully');
    expect((await listFromApi<Job>('/jobs')).map((job) => job.name)).not.toContain(renamed);
    expect(browser.pageErrors(page)).toEqual([]);
  });

  it('counts positions per job and keeps the modal open with the reason when a name is taken', async () => {
    const taken = await seedJob();
    await seedPosition(taken.id);
    await seedPosition(taken.id);
    const { page, section } = await openSection(browser, 'jobs');
    expect(await section.row(taken.name).locator('td').nth(1).textContent()).toBe('2');

    await section.button('Add Job').click();
    await section.fillNameModal('Add Job', taken.name);
    await waitForToast(page, `A job named "${taken.name}" already exists`);
    expect(await section.dialog('Add Job').isVisible()).toBe(true);

    // An empty name never leaves the browser.
    await field(section.dialog('Add Job'), 'Name').fill('   ');
    await section.dialog('Add Job').getByRole('button', { name: 'Save' }).click();
    await section.dialog('Add Job').getByText('Name is required').waitFor();
  });
});

describe('Settings → Positions', () => {
  it('adds, edits and deletes a position of the chosen job', async () => {
    const job = await seedJob();
    const other = await seedJob();
    const { page, section } = await openSection(browser, 'positions');
    const name = uniqueName('Position');

    await pickOption(section.list, 'Job', job.name);
    await section.list.getByText('No positions found for this job').waitFor();

    await section.button('Add Position').click();
    const addDialog = section.dialog('Add Position');
    await addDialog.waitFor();
    // A new position starts in the job picked on the screen.
    expect(await field(addDialog, 'Job').inputValue()).toBe(job.name);
    expect(await field(addDialog, 'Name').inputValue()).toBe('');
    await section.fillNameModal('Add Position', name);
    await waitForToast(page, 'Position created successfully');
    await addDialog.waitFor({ state: 'hidden' });
    expect((await section.row(name).locator('td').allTextContents()).slice(0, 2)).toEqual([name, job.name]);

    // Editing may move it to another job; the screen follows it there.
    await section.rowAction(name, 'Edit').click();
    const editDialog = section.dialog('Edit Position');
    await editDialog.waitFor();
    expect(await field(editDialog, 'Name').inputValue()).toBe(name);
    await pickOption(editDialog, 'Job', other.name);
    await section.fillNameModal('Edit Position', `${name} Lead`);
    await waitForToast(page, 'Position updated successfully');
    await editDialog.waitFor({ state: 'hidden' });
    await section.row(`${name} Lead`).waitFor();
    expect(await field(section.list, 'Job').inputValue()).toBe(other.name);
    expect(await section.row(`${name} Lead`).locator('td').nth(1).textContent()).toBe(other.name);

    await section.deleteRow(`${name} Lead`, 'position', 'Position deleted successfully');
    await section.list.getByText('No positions found for this job').waitFor();
    expect(await listFromApi<Position>(`/positions?jobId=${other.id}`)).toEqual([]);
    expect(browser.pageErrors(page)).toEqual([]);
  });

  it('selects the first job by default', async () => {
    await seedJob();
    const { section } = await openSection(browser, 'positions');
    const [first] = await listFromApi<Job>('/jobs');
    expect(await field(section.list, 'Job').inputValue()).toBe(first!.name);
  });

  it('says so when the chosen job has no positions', async () => {
    const job = await seedJob();
    const { section } = await openSection(browser, 'positions');
    await pickOption(section.list, 'Job', job.name);
    await section.list.getByText('No positions found for this job').waitFor();
    expect(await section.table.count()).toBe(0);
  });

  it('asks for jobs first when there are none, linking to the Jobs section', async () => {
    const page = await browser.signedInPage(adminCredentials());
    // Every spec of the run shares one database, and jobs other specs' employees hold cannot be
    // removed, so this page alone is told there are no jobs; everything else is the real app.
    await page.route('**/api/jobs', (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ json: { success: true, message: 'OK', error: null, data: [] } })
        : route.fallback(),
    );
    const section = new RulesSection(page, 'positions');
    await section.goto();
    await section.list.getByText('No Jobs Found', { exact: true }).waitFor();
    await section.list.getByText('Please add jobs before managing positions.', { exact: true }).waitFor();
    expect(await section.button('Add Position').count()).toBe(0);
    await screenshot(page, 'rules-positions-no-jobs-desktop');

    await section.list.getByRole('link', { name: 'Go to Jobs' }).click();
    await page.waitForURL((url) => url.pathname === '/settings/jobs');
    await page.getByRole('region', { name: 'Jobs' }).waitFor();
  });
});
