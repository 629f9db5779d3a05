import { describe, expect, it } from 'vitest';
import { EmployeesPage } from './pages/employees-page.ts';
import { dismissToasts, waitForToast } from './pages/toasts.ts';
import { adminApi, adminCredentials, type Credentials, createUser } from './support/api.ts';
import { MOBILE, screenshot, useBrowser, type Viewport } from './support/browser.ts';
import { formatMoney } from './support/money.ts';
import {
  findEmployee,
  type SeededRules,
  seedEmployee,
  seedEmployees,
  seedRules,
  uniqueName,
  useSeededRules,
} from './support/seed-employees.ts';

const browser = useBrowser();

const ALL_COLUMNS = [
  'ID',
  'Name',
  'Technology',
  'Specialization',
  'Grade',
  'Level',
  'Experience in years',
  'Company Years',
  'Offshore',
  'Acting As',
  'Pillar',
  'Remote',
  'Calculated Salary',
  'Compa-ratio',
  'Total Cost',
  'Actions',
];

/** The Employees page as `as` (the administrator unless told). */
async function openAs(as?: Credentials, viewport?: Viewport) {
  const list = await browser.open(EmployeesPage, { as, viewport });
  return { page: list.page, list };
}

/** `count` employees named "<tag> 001" on, seeded, and the list searched down to them. */
async function crowdListed(rules: SeededRules, prefix: string, count: number) {
  const tag = uniqueName(prefix);
  await seedEmployees(
    rules,
    Array.from({ length: count }, (_, i) => ({ name: `${tag} ${String(i + 1).padStart(3, '0')}` })),
  );
  const { page, list } = await openAs();
  await list.searchByName(tag);
  await expect.poll(() => list.count.textContent()).toBe(`${count} employees`);
  return { tag, page, list };
}

describe('employees list', () => {
  const rules = useSeededRules(4000);

  it('filters on the server by technology and position, and by name as you type', async () => {
    const other = await seedRules();
    const tag = uniqueName('Filterfolk');
    const [ann, bea, cid] = await seedEmployees(rules, [
      { name: `${tag} Ann`, specializationId: rules.positions[0].id },
      { name: `${tag} Bea`, specializationId: rules.positions[0].id },
      { name: `${tag} Cid`, specializationId: rules.positions[1].id },
    ]);
    const outsider = await seedEmployee(other, { name: `${tag} Dan` });
    const { list } = await openAs();

    // The name search runs on the server once the typing settles.
    expect(Object.fromEntries(await list.searchAndWait(tag.toUpperCase()))).toEqual({
      name: tag.toUpperCase(),
    });
    await expect.poll(() => list.column('Name')).toEqual([ann, bea, cid, outsider].map((e) => e?.name));

    // Position waits for a technology, then offers that technology's positions only. A choice
    // applies at once: no Apply needed.
    expect(await list.select('Position').isDisabled()).toBe(true);
    const byJob = await list.chooseAndWait('Technology', rules.job.name);
    expect(Object.fromEntries(byJob)).toEqual({
      name: tag.toUpperCase(),
      technologyId: String(rules.job.id),
    });
    await expect.poll(() => list.select('Position').isEnabled()).toBe(true);
    await expect.poll(() => list.column('Name')).toEqual([ann, bea, cid].map((e) => e?.name));

    const byPosition = await list.chooseAndWait('Position', rules.positions[1].name);
    expect(byPosition.get('positionId')).toBe(String(rules.positions[1].id));
    await expect.poll(() => list.column('Name')).toEqual([cid?.name]);
    expect(await list.column('Specialization')).toEqual([rules.positions[1].name]);

    // A new technology clears the chosen position.
    await list.choose('Technology', other.job.name);
    await expect.poll(() => list.select('Position').inputValue()).toBe('');

    await list.filters.getByRole('button', { name: 'Reset' }).click();
    expect(await list.filters.getByLabel('Search by Name').inputValue()).toBe('');
    // The selects show the address, which Reset has just cleared.
    await expect.poll(() => list.select('Technology').inputValue()).toBe('');
    await list.searchByName(`${tag} b`);
    await expect.poll(() => list.column('Name')).toEqual([bea?.name]);
    await list.searchByName(`${tag} nobody`);
    await list.page.getByText('No employees found').waitFor();
  });

  it('sorts by ID ascending first, and a header click toggles between ascending and descending', async () => {
    const tag = uniqueName('Sorty');
    const seeded = await seedEmployees(rules, [
      { name: `${tag} A`, yearsExperience: 7, yearsWithCompany: 1 },
      { name: `${tag} B`, yearsExperience: 2, yearsWithCompany: 3 },
      { name: `${tag} C`, yearsExperience: 12.5, yearsWithCompany: 2 },
    ]);
    const ids = seeded.map((e) => String(e.id));
    const { list } = await openAs();
    await list.searchByName(tag);
    await expect.poll(() => list.column('ID')).toEqual(ids);
    expect(await list.header('ID').getAttribute('aria-sort')).toBe('ascending');

    await list.sortBy('ID');
    await expect.poll(() => list.column('ID')).toEqual([...ids].reverse());
    expect(await list.header('ID').getAttribute('aria-sort')).toBe('descending');

    await list.sortBy('Experience in years');
    await expect.poll(() => list.column('Experience in years')).toEqual(['2', '7', '12.5']);
    expect(await list.header('Experience in years').getAttribute('aria-sort')).toBe('ascending');
    expect(await list.header('ID').getAttribute('aria-sort')).toBe('none');
    await list.sortBy('Experience in years');
    await expect.poll(() => list.column('Experience in years')).toEqual(['12.5', '7', '2']);

    await list.sortBy('Company Years');
    await expect.poll(() => list.column('Company Years')).toEqual(['1', '2', '3']);
  });

  it('shows money as $1,234.56, booleans as Yes/No, and — where no salary can be computed', async () => {
    const tag = uniqueName('Money');
    const priced = await seedEmployee(rules, { name: `${tag} Priced`, remote: true, pillar: true });
    const unpriced = await seedEmployee(rules, { name: `${tag} Unpriced`, gradeId: rules.unpricedGrade.id });
    const { list } = await openAs();
    await list.searchAndWait(tag);
    await list.row(unpriced.id).waitFor();

    expect(priced.calculatedSalary).toEqual(expect.any(Number));
    expect(await list.cell(priced.id, 'Calculated Salary')).toBe(formatMoney(priced.calculatedSalary));
    expect(await list.cell(priced.id, 'Total Cost')).toBe(formatMoney(priced.accumulatedCost));
    expect(await list.cell(priced.id, 'Calculated Salary')).toMatch(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
    expect(await list.cell(unpriced.id, 'Calculated Salary')).toBe('—');
    expect(await list.cell(unpriced.id, 'Total Cost')).toBe('—');
    expect(await list.cell(priced.id, 'Remote')).toBe('Yes');
    expect(await list.cell(priced.id, 'Pillar')).toBe('Yes');
    expect(await list.cell(priced.id, 'Offshore')).toBe('No');

    // Unpriced employees stay last whichever way the salary is sorted.
    await list.sortBy('Calculated Salary');
    await expect.poll(() => list.column('Name')).toEqual([priced.name, unpriced.name]);
    await list.sortBy('Calculated Salary');
    await expect.poll(() => list.column('Name')).toEqual([priced.name, unpriced.name]);
  });

  it('deletes an employee only after the confirmation, with the toasts', async () => {
    const employee = await seedEmployee(rules, { name: uniqueName('Leaver') });
    const gone = await seedEmployee(rules, { name: uniqueName('Ghost') });
    const { page, list } = await openAs();
    await list.searchByName(employee.name);
    await list.row(employee.id).waitFor();

    await list.askDelete(employee.id);
    await list.confirmDialog.getByText('Are you sure you want to delete this employee?').waitFor();
    await list.confirmDialog.getByRole('button', { name: 'Cancel' }).click();
    await list.confirmDialog.waitFor({ state: 'hidden' });
    expect(await findEmployee(employee.id)).not.toBeNull();

    await list.askDelete(employee.id);
    await list.confirmDialog.getByRole('button', { name: 'Delete' }).click();
    await waitForToast(page, 'Employee deleted successfully');
    await list.row(employee.id).waitFor({ state: 'detached' });
    expect(await findEmployee(employee.id)).toBeNull();
    await dismissToasts(page);

    // Someone else removed it meanwhile: the server's reason is shown.
    await list.searchByName(gone.name);
    await list.row(gone.id).waitFor();
    const admin = await adminApi();
    await admin.delete(`/employees/${gone.id}`);
    await list.askDelete(gone.id);
    await list.confirmDialog.getByRole('button', { name: 'Delete' }).click();
    await waitForToast(page, 'Employee not found');
  });

  it('shows every column and button to an admin', async () => {
    const { list } = await openAs();
    expect(await list.columnHeaders()).toEqual(ALL_COLUMNS);
    for (const label of [
      'Change Password',
      'Export Excel',
      'Download Template',
      'Import Excel',
      'Add Employee',
    ]) {
      expect(await list.headerButton(label).isVisible(), label).toBe(true);
    }
    expect(await list.filters.getByLabel('Salary From').isVisible()).toBe(true);
    expect(await list.rows.first().getByRole('link').count()).toBe(2);
  });

  it('shows Calculated Salary to a showSalary user, but not Total Cost, Delete, Add or Import', async () => {
    const employee = await seedEmployee(rules, { name: uniqueName('Visible') });
    const { list } = await openAs(await createUser({ permissions: ['showSalary'] }));
    await list.searchByName(employee.name);
    await list.row(employee.id).waitFor();

    expect(await list.columnHeaders()).toEqual(
      ALL_COLUMNS.filter((c) => !['Total Cost', 'Actions'].includes(c)),
    );
    expect(await list.cell(employee.id, 'Calculated Salary')).toBe(formatMoney(employee.calculatedSalary));
    expect(await list.headerButton('Export Excel').isVisible()).toBe(true);
    expect(await list.headerButton('Download Template').isVisible()).toBe(true);
    expect(await list.headerButton('Import Excel').count()).toBe(0);
    expect(await list.headerButton('Add Employee').count()).toBe(0);
    // No Delete; the salary opens "Why this salary?".
    expect(await list.rowButtons(employee.id, /^Delete/).count()).toBe(0);
    expect(await list.row(employee.id).getByRole('button').count()).toBe(1);
    expect(await list.rowButtons(employee.id, /^Why this salary\?/).count()).toBe(1);
    // No edit links without manageEmployee.
    expect(await list.row(employee.id).getByRole('link').count()).toBe(0);
    expect(await list.filters.getByLabel('Salary From').isVisible()).toBe(true);
  });

  it('hides the salary column and salary filters from a user without showSalary', async () => {
    const employee = await seedEmployee(rules, { name: uniqueName('Hidden') });
    const { list } = await openAs(await createUser({ permissions: ['showCost', 'deleteEmployee'] }));
    await list.searchByName(employee.name);
    await list.row(employee.id).waitFor();

    const headers = await list.columnHeaders();
    expect(headers).not.toContain('Calculated Salary');
    // The compa-ratio is the salary's: hidden with it.
    expect(headers).not.toContain('Compa-ratio');
    expect(headers).toContain('Total Cost');
    expect(headers).toContain('Actions');
    expect(await list.filters.getByLabel('Salary From').count()).toBe(0);
    expect(await list.filters.getByLabel('Salary To').count()).toBe(0);
  });

  it('links ID and Name to the edit page only for users with manageEmployee', async () => {
    const employee = await seedEmployee(rules, { name: uniqueName('Linked') });
    const { page, list } = await openAs(await createUser({ permissions: ['manageEmployee', 'showSalary'] }));
    await list.searchAndWait(employee.name);
    await list.row(employee.id).waitFor();

    const links = list.row(employee.id).getByRole('link');
    expect(await links.count()).toBe(2);
    expect(await links.nth(0).getAttribute('href')).toBe(`/employees/edit/${employee.id}`);
    expect(await links.nth(1).getAttribute('href')).toBe(`/employees/edit/${employee.id}`);
    expect(await list.headerButton('Import Excel').isVisible()).toBe(true);
    expect(await list.headerButton('Add Employee').isVisible()).toBe(true);
    // Actions holds Mark as leaver (an edit) for them, and no Delete without deleteEmployee.
    expect(await list.columnHeaders()).toContain('Actions');
    expect(await list.rowButtons(employee.id, /^Delete/).count()).toBe(0);

    await links.nth(1).click();
    await page.waitForURL(`**/employees/edit/${employee.id}`);
  });

  it('renders only the rows in view and reaches the last one by scrolling', async () => {
    const { tag, page, list } = await crowdListed(rules, 'Crowd', 120);
    const rendered = await list.rows.count();
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(60);

    await list.table.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await list.rows.filter({ hasText: `${tag} 120` }).waitFor();
    expect(browser.pageErrors(page)).toEqual([]);
  });

  it('prints every row, not only the ones in view, with the salaries behind their buttons', async () => {
    const { tag, page, list } = await crowdListed(rules, 'Printed', 90);
    expect(await list.rows.count()).toBeLessThan(60);

    await page.emulateMedia({ media: 'print' });
    await expect.poll(() => list.rows.count()).toBe(90);
    // The screen reader's numbering stays the list's: two header rows, then the employees.
    expect(await list.rows.last().getAttribute('aria-rowindex')).toBe('92');
    // The whole table is on the paper: the scrolling box no longer clips it.
    expect(await list.table.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(1);
    const last = list.rows.filter({ hasText: `${tag} 090` });
    expect(await last.isVisible()).toBe(true);
    expect(await last.getByRole('button', { name: /^Why this salary\?/ }).isVisible()).toBe(true);
    expect(await last.getByRole('button', { name: /^Delete/ }).isVisible()).toBe(false);
    // The column names are printed as the header cells' own content (on every page).
    expect(await list.header('Grade').evaluate((th) => getComputedStyle(th, '::before').content)).toBe(
      '"Grade"',
    );

    // Back on screen, the table windows its rows again.
    await page.emulateMedia({ media: 'screen' });
    await expect.poll(() => list.rows.count()).toBeLessThan(60);
    expect(browser.pageErrors(page)).toEqual([]);
  });

  it('asks for the list once when the app opens on it, and anew on every later visit', async () => {
    const tag = uniqueName('Opening');
    const [first] = await seedEmployees(rules, [{ name: `${tag} first` }]);
    const page = await browser.signedInPage(adminCredentials());
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/employees') asked.push(url.searchParams.get('name') ?? '');
    });
    await page.goto(`/dashboard?name=${encodeURIComponent(tag)}`);
    const list = new EmployeesPage(page);
    await list.row(first!.id).waitFor();
    // Asked for beside the page's code at start; that answer serves the first visit.
    expect(asked).toEqual([tag]);

    // Someone adds an employee meanwhile; away and back in the app, the list shows them.
    const later = await seedEmployee(rules, { name: `${tag} later` });
    await page.getByRole('navigation').getByRole('link', { name: 'Salary Calculator' }).click();
    await page.getByRole('heading', { level: 1, name: 'Salary Calculator' }).waitFor();
    await page.goBack();
    await list.row(later.id).waitFor();
    expect(asked).toEqual([tag, tag]);
  });

  it("says when the list cannot be loaded, and loads it on 'Try again'", async () => {
    const employee = await seedEmployee(rules, { name: uniqueName('Retry') });
    const page = await browser.signedInPage(adminCredentials());
    // The network drops the list call (the outside world failing, not our code mocked).
    await page.route('**/api/employees', (route) => route.abort('connectionrefused'));
    await page.goto('/dashboard');
    await waitForToast(page, 'Failed to fetch employees');
    await page.getByText('The employees could not be loaded.').waitFor();

    await page.unroute('**/api/employees');
    await page.getByRole('button', { name: 'Try again' }).click();
    const list = new EmployeesPage(page);
    await list.searchByName(employee.name);
    await list.row(employee.id).waitFor();
  });

  it('fits a phone: the table scrolls sideways inside its card', async () => {
    const { page, list } = await openAs(undefined, MOBILE);
    await list.rows.first().waitFor();
    await screenshot(page, 'employees-list-mobile');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    expect(await list.table.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  });

  it('looks right on a desktop', async () => {
    const { page, list } = await openAs();
    await list.rows.first().waitFor();
    await screenshot(page, 'employees-list-desktop');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    expect(browser.pageErrors(page)).toEqual([]);
  });
});
