import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import type { Settings } from '@salary/shared/settings/settings.contract';
import { describe, expect, it } from 'vitest';
import { EmployeeFormPage } from './pages/employees-form-page.ts';
import { EmployeesPage } from './pages/employees-page.ts';
import { dismissToasts, waitForToast } from './pages/toasts.ts';
import { adminApi, adminCredentials, createUser, expectOk, signIn } from './support/api.ts';
import { axeFindings } from './support/axe.ts';
import { horizontalOverflow, SIZES, screenshot, useBrowser, type Viewport } from './support/browser.ts';
import {
  employeesNamed,
  findEmployee,
  seedEmployee,
  uniqueName,
  useSeededRules,
} from './support/seed-employees.ts';

const browser = useBrowser();

async function openForm(path: string, viewport?: Viewport) {
  const page = await browser.signedInPage(adminCredentials(), viewport);
  await page.goto(path);
  const form = new EmployeeFormPage(page);
  await form.waitUntilShown();
  return { page, form };
}

describe('employee form', () => {
  const rules = useSeededRules();

  it('adds an employee from the list, after checking the required fields', async () => {
    const list = await browser.open(EmployeesPage);
    const { page } = list;
    await list.headerButton('Add Employee').click();
    await page.waitForURL('**/employees/new');
    const form = new EmployeeFormPage(page);
    await form.waitUntilShown();
    expect(await form.submit.textContent()).toBe('Create Employee');
    expect(await form.select('Position').isDisabled()).toBe(true);

    await form.submit.click();
    for (const message of [
      'Name is required',
      'Job is required',
      'Position is required',
      'Grade is required',
      'Level is required',
      'Years of Experience is required',
      'Years with Company is required',
    ]) {
      await form.error(message).waitFor();
    }

    const name = uniqueName('Newcomer');
    await form.field('Name').fill(name);
    await form.choose('Job', rules.job.name);
    expect(await form.select('Position').isEnabled()).toBe(true);
    await form.choose('Position', rules.positions[1].name);
    await form.choose('Grade', rules.grade.name);
    await form.choose('Level', rules.level.name);
    await form.field('Years of Experience').fill('4.5');
    await form.field('Years with Company').fill('2');
    await form.checkbox('Base on Project').check();
    await form.checkbox('Remote').check();
    await form.saveAndReturn('Employee created successfully');
    const [created] = await employeesNamed(name);
    expect(created).toMatchObject({
      technologyId: rules.job.id,
      specializationId: rules.positions[1].id,
      gradeId: rules.grade.id,
      levelId: rules.level.id,
      yearsExperience: 4.5,
      yearsWithCompany: 2,
      offshoreProject: true,
      actingAsDifferentGrade: false,
      pillar: false,
      remote: true,
      customMultipliers: [],
    });
    await list.searchByName(name);
    await list.row(created?.id as number).waitFor();
    expect(await list.cell(created?.id as number, 'Offshore')).toBe('Yes');
  });

  it('edits an employee through the link in the list', async () => {
    const employee = await seedEmployee(rules, {
      name: uniqueName('Editee'),
      yearsExperience: 3,
      pillar: true,
    });
    const list = await browser.open(EmployeesPage);
    const { page } = list;
    await list.searchByName(employee.name);
    await list.row(employee.id).getByRole('link', { name: employee.name }).click();
    await page.waitForURL(`**/employees/edit/${employee.id}`);
    const form = new EmployeeFormPage(page);
    await form.waitUntilShown();

    expect(await form.submit.textContent()).toBe('Update Employee');
    expect(await form.field('Name').inputValue()).toBe(employee.name);
    expect(await form.select('Job').inputValue()).toBe(rules.job.name);
    await expect.poll(() => form.select('Position').inputValue()).toBe(rules.positions[0].name);
    expect(await form.select('Grade').inputValue()).toBe(rules.grade.name);
    expect(await form.select('Level').inputValue()).toBe(rules.level.name);
    expect(await form.field('Years of Experience').inputValue()).toBe('3');
    expect(await form.checkbox('Pillar').isChecked()).toBe(true);
    expect(await form.checkbox('Remote').isChecked()).toBe(false);

    const renamed = `${employee.name} Renamed`;
    await form.field('Name').fill(renamed);
    await form.field('Years with Company').fill('6');
    await form.checkbox('Pillar').uncheck();
    await form.checkbox('Acting as Different Grade').check();
    await form.saveAndReturn('Employee updated successfully');
    expect(await findEmployee(employee.id)).toMatchObject({
      name: renamed,
      yearsWithCompany: 6,
      pillar: false,
      actingAsDifferentGrade: true,
    });
    await list.searchByName(renamed);
    await list.row(employee.id).waitFor();
  });

  it("puts the server's field problems under the field and toasts them", async () => {
    const admin = await adminApi();
    const doomed = expectOk(
      await admin.post<{ id: number; name: string }>('/positions', {
        name: uniqueName('Doomed'),
        jobId: rules.job.id,
      }),
      'Creating a position',
    );
    const { page, form } = await openForm('/employees/new');
    await form.field('Name').fill(uniqueName('Orphan'));
    await form.choose('Job', rules.job.name);
    await form.choose('Position', doomed.name);
    await form.choose('Grade', rules.grade.name);
    await form.choose('Level', rules.level.name);
    await form.field('Years of Experience').fill('1');
    await form.field('Years with Company').fill('1');
    // Someone removes the position while the form is open.
    expectOk(await admin.delete(`/positions/${doomed.id}`), 'Deleting the position');
    await form.submit.click();

    await waitForToast(page, 'Position not found');
    await form.error('Position not found').waitFor();
    expect(new URL(page.url()).pathname).toBe('/employees/new');
  });

  it('ticks the custom multipliers from the settings', async () => {
    const admin = await adminApi();
    const before = expectOk(await admin.get<Settings>('/settings'), 'Reading settings');
    const title = uniqueName('Hazard pay');
    const saved = expectOk(
      await admin.put<Settings>('/settings', {
        ...before,
        customMultipliers: [...before.customMultipliers, { title, multiplier: 125, type: 'FIXED' }],
      }),
      'Adding a custom multiplier',
    );
    const added = saved.customMultipliers.find((m) => m.title === title);
    const employee = await seedEmployee(rules, { name: uniqueName('Hazard') });
    try {
      const { page, form } = await openForm(`/employees/edit/${employee.id}`);
      const box = form.checkbox(`${title} (+$125.00)`);
      expect(await box.isChecked()).toBe(false);
      await box.check();
      await form.saveAndReturn('Employee updated successfully');
      expect((await findEmployee(employee.id))?.customMultipliers).toEqual([added?.id]);

      await page.goto(`/employees/edit/${employee.id}`);
      await form.waitUntilShown();
      expect(await form.checkbox(`${title} (+$125.00)`).isChecked()).toBe(true);
    } finally {
      await admin.delete(`/employees/${employee.id}`);
      const current = expectOk(await admin.get<Settings>('/settings'), 'Reading settings');
      expectOk(
        await admin.put('/settings', {
          ...current,
          customMultipliers: current.customMultipliers.filter((m) => m.title !== title),
        }),
        'Removing the custom multiplier',
      );
    }
  });

  it('says the employee cannot be loaded and goes back to the list', async () => {
    const page = await browser.signedInPage(adminCredentials());
    await page.goto('/employees/edit/2147483600');
    await waitForToast(page, 'Employee not found');
    await page.waitForURL('**/dashboard');
    await dismissToasts(page);

    await page.goto('/employees/edit/not-a-number');
    await waitForToast(page, 'Failed to fetch employee');
    await page.waitForURL('**/dashboard');
  });

  it('says when the choices cannot be loaded', async () => {
    const page = await browser.signedInPage(adminCredentials());
    await page.route('**/api/grades', (route) => route.abort('connectionrefused'));
    await page.route('**/api/positions?*', (route) => route.abort('connectionrefused'));
    await page.goto('/employees/new');
    const form = new EmployeeFormPage(page);
    await form.waitUntilShown();
    await waitForToast(page, 'Error loading form data');
    await form.choose('Job', rules.job.name);
    await waitForToast(page, 'Error loading positions');
  });

  it.each(SIZES)('looks right on %s', async (name, viewport) => {
    const employee = await seedEmployee(rules, { name: uniqueName('Portrait'), remote: true });
    const { page } = await openForm(`/employees/edit/${employee.id}`, viewport);
    await screenshot(page, `employee-form-${name}`);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(browser.pageErrors(page)).toEqual([]);
  });

  describe('saved by someone else since the form was opened', () => {
    /** Opens the edit form, then another user renames the employee through the API. */
    async function openThenRenamedElsewhere(viewport?: Viewport) {
      const employee = (await seedEmployee(rules, { name: uniqueName('Opened') })) as EmployeeView & {
        version: number;
      };
      const opened = await openForm(`/employees/edit/${employee.id}`, viewport);
      const other = await createUser({ permissions: ['manageEmployee'] });
      const renamed = uniqueName('Renamed');
      const { id: _id, version, ...fields } = employee;
      const body = {
        name: renamed,
        technologyId: fields.technologyId,
        specializationId: fields.specializationId,
        gradeId: fields.gradeId,
        levelId: fields.levelId,
        yearsExperience: fields.yearsExperience,
        yearsWithCompany: fields.yearsWithCompany,
        version,
      };
      expectOk(await (await signIn(other)).put(`/employees/${employee.id}`, body), 'The other save');
      // My edit, from the form as it was opened.
      await opened.form.field('Years of Experience').fill('7');
      await opened.form.submit.click();
      const dialog = opened.page.getByRole('alertdialog', { name: 'Changed since you opened it' });
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain(`${other.email} changed Name on `);
      return { ...opened, employee, renamed, dialog };
    }

    it('Reload drops my edit and loads the latest into the form', async () => {
      const { form, renamed, dialog } = await openThenRenamedElsewhere();
      await dialog.getByRole('button', { name: 'Reload' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => form.field('Name').inputValue()).toBe(renamed);
      expect(await form.field('Years of Experience').inputValue()).toBe('0');
    });

    it('Apply anyway saves mine over theirs', async () => {
      const { page, employee, dialog } = await openThenRenamedElsewhere();
      await dialog.getByRole('button', { name: 'Apply anyway' }).click();
      await waitForToast(page, 'Employee updated successfully');
      await page.waitForURL('**/dashboard');
      expect(await findEmployee(employee.id)).toMatchObject({ name: employee.name, yearsExperience: 7 });
    });

    it.each([
      ['1440', { width: 1440, height: 900 }],
      ['390', { width: 390, height: 844 }],
    ] as const)('the dialog reads well and is accessible at %s px', async (width, viewport) => {
      const { page } = await openThenRenamedElsewhere(viewport);
      await screenshot(page, `stale-version-dialog-${width}`);
      const findings = await axeFindings(page);
      expect(findings).toEqual([]);
      expect(await horizontalOverflow(page)).toBe(0);
      expect(browser.pageErrors(page)).toEqual([]);
    });
  });
});
