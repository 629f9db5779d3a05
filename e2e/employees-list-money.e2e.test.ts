import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import type { Breakdown } from '@salary/shared/insights/insights.contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { EmployeesPage } from './pages/employees-page.ts';
import { adminApi, adminCredentials, createUser, expectOk } from './support/api.ts';
import { MOBILE, screenshot, useBrowser, type Viewport } from './support/browser.ts';
import { formatMoney } from './support/money.ts';
import { type SeededRules, seedEmployees, seedRules, uniqueName } from './support/seed-employees.ts';

/*
 * Issue 17 (the directory shows the money, "Why this salary?") and issue 23's directory items
 * (filters and sort in the address, name search ignoring accents, Name sortable).
 */

const browser = useBrowser();
const WIDE = { width: 1440, height: 900 };
const NARROW_DESKTOP = { width: 1280, height: 800 };

async function openAs(credentials = adminCredentials(), viewport: Viewport = WIDE, path = '/dashboard') {
  const page = await browser.signedInPage(credentials, viewport);
  const list = new EmployeesPage(page);
  await page.goto(path);
  await list.waitForList();
  return { page, list };
}

/** True when the element's box lies inside the scrolling table's visible box and the window. */
async function inView(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((sel) => {
    const scroller = document.querySelector('[aria-label="Employees"]')!.getBoundingClientRect();
    const box = document.querySelector(sel)?.getBoundingClientRect();
    if (!box) return false;
    return (
      box.left >= scroller.left - 1 &&
      box.right <= scroller.right + 1 &&
      box.right <= window.innerWidth &&
      box.width > 0
    );
  }, selector);
}

const cents = (n: number) => Math.round(n * 100);

describe('the directory shows the money', () => {
  let rules: SeededRules;
  let tag: string;
  let seeded: EmployeeView[];
  beforeAll(async () => {
    rules = await seedRules(4200);
    tag = uniqueName('Moneyrow');
    seeded = await seedEmployees(rules, [
      { name: `${tag} Jürgen Müller`, yearsExperience: 3 },
      { name: `${tag} Ana`, yearsExperience: 1, remote: true },
      { name: `${tag} Zoë`, gradeId: rules.unpricedGrade.id },
    ]);
  });

  for (const [label, viewport] of [
    ['1440', WIDE],
    ['1280', NARROW_DESKTOP],
  ] as const) {
    it(`keeps Calculated Salary, Total Cost and Delete in view without scrolling at ${label} px`, async () => {
      const { page, list } = await openAs(adminCredentials(), viewport);
      await list.searchByName(tag);
      await expect.poll(() => list.rows.count()).toBe(3);
      await screenshot(page, `employees-money-${label}`);
      for (const header of ['Calculated Salary', 'Total Cost', 'Actions'])
        expect(await list.header(header).isVisible()).toBe(true);
      const salaryIndex = (await list.columnHeaders()).indexOf('Calculated Salary') + 1;
      const costIndex = (await list.columnHeaders()).indexOf('Total Cost') + 1;
      for (const n of [salaryIndex, costIndex, salaryIndex + 2])
        expect(await inView(page, `[aria-label="Employees"] thead th:nth-child(${n})`), `column ${n}`).toBe(
          true,
        );
      expect(
        await inView(
          page,
          '[aria-label="Employees"] tbody tr[data-employee-id] button[aria-label^="Delete"]',
        ),
      ).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      expect(browser.pageErrors(page)).toEqual([]);
    });
  }

  it('totals the listed employees in a footer row, each figure only with its permission', async () => {
    const { list } = await openAs();
    await list.searchByName(tag);
    await expect.poll(() => list.rows.count()).toBe(3);
    const priced = seeded.filter((e) => e.calculatedSalary != null);
    const salary = priced.reduce((n, e) => n + cents(e.calculatedSalary!), 0) / 100;
    const cost = priced.reduce((n, e) => n + cents(e.accumulatedCost!), 0) / 100;
    expect(await list.total('Name')).toBe('3 employees');
    expect(await list.total('Calculated Salary')).toBe(formatMoney(salary));
    expect(await list.total('Total Cost')).toBe(formatMoney(cost));

    const salaryOnly = await openAs(await createUser({ permissions: ['showSalary'] }));
    await salaryOnly.list.searchByName(tag);
    await expect.poll(() => salaryOnly.list.rows.count()).toBe(3);
    expect(await salaryOnly.list.total('Calculated Salary')).toBe(formatMoney(salary));
    expect(await salaryOnly.list.totals.textContent()).not.toContain(formatMoney(cost));

    const none = await openAs(await createUser({ permissions: [] }));
    await none.list.searchByName(tag);
    await expect.poll(() => none.list.rows.count()).toBe(3);
    expect(await none.list.totals.textContent()).toBe('Total3 employees');
    expect(
      await none.list.rows
        .first()
        .getByRole('button', { name: /Why this salary/ })
        .count(),
    ).toBe(0);
  });

  it("explains a salary in a drawer whose figures match the list's", async () => {
    const { page, list } = await openAs();
    const ada = seeded[0]!;
    await list.searchByName(ada.name);
    await list.row(ada.id).waitFor();
    const drawer = await list.explain(ada.id);
    const api = await adminApi();
    const b = expectOk(await api.get<Breakdown>(`/employees/${ada.id}/breakdown`), 'breakdown');
    const text = (await drawer.textContent()) ?? '';
    expect(text).toContain(`Base salary · ${rules.grade.name} / ${rules.level.name}`);
    expect(text).toContain(formatMoney(4200));
    for (const line of [...b.salaryLines, ...b.costLines!]) expect(text).toContain(line.label);
    const gross = drawer.locator('[data-section="Salary"] tr[data-total="grand"] td').last();
    expect(await gross.textContent()).toBe(await list.cell(ada.id, 'Calculated Salary'));
    const total = drawer.locator('[data-section="Cost to the company"] tr[data-total="grand"] td').last();
    expect(await total.textContent()).toBe(await list.cell(ada.id, 'Total Cost'));
    // The lines add up to the gross on the page, to the cent.
    const amounts = await drawer
      .locator('[data-section="Salary"] tbody tr:not([data-total]) td:last-child')
      .allTextContents();
    const sum = amounts.reduce((n, a) => n + cents(Number(a.replace(/[$,]/g, '').replace('−', '-'))), 0);
    expect(sum / 100).toBe(ada.calculatedSalary);
    await screenshot(page, 'employees-why-this-salary-1440');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  });

  it('keeps filters and sort in the address: reload, Back and a shared link', async () => {
    const { page, list } = await openAs();
    await list.searchAndWait(tag);
    await list.chooseAndWait('Grade', rules.grade.name);
    await expect.poll(() => list.rows.count()).toBe(2);
    await list.sortBy('Name');
    await expect.poll(() => list.column('Name')).toEqual([`${tag} Ana`, `${tag} Jürgen Müller`]);
    await list.sortBy('Name');
    await expect.poll(() => list.column('Name')).toEqual([`${tag} Jürgen Müller`, `${tag} Ana`]);
    expect(await list.header('Name').getAttribute('aria-sort')).toBe('descending');
    const url = new URL(page.url());
    expect(url.searchParams.get('gradeId')).toBe(String(rules.grade.id));
    expect(url.searchParams.get('name')).toBe(tag);
    expect(url.searchParams.get('sort')).toBe('name');

    await page.reload();
    await list.waitForList();
    await expect.poll(() => list.column('Name')).toEqual([`${tag} Jürgen Müller`, `${tag} Ana`]);
    expect(await list.filters.getByLabel('Search by Name').inputValue()).toBe(tag);
    expect(await list.select('Grade').inputValue()).toBe(rules.grade.name);

    // Back undoes the last filter.
    await page.goBack();
    await expect.poll(() => list.rows.count()).toBe(3);
    expect(await list.select('Grade').inputValue()).toBe('');

    // Someone else opens the shared link.
    const other = await openAs(adminCredentials(), WIDE, `/dashboard${url.search}`);
    await expect.poll(() => other.list.column('Name')).toEqual([`${tag} Jürgen Müller`, `${tag} Ana`]);
  });

  it('finds "muller" in "Müller" (the server ignores accents and case)', async () => {
    const { list } = await openAs();
    await list.searchAndWait(`${tag} jurgen MULLER`);
    await expect.poll(() => list.column('Name')).toEqual([`${tag} Jürgen Müller`]);
  });

  it('keeps its phone layout: the table scrolls sideways inside its card, nothing pinned', async () => {
    const { page, list } = await openAs(adminCredentials(), MOBILE);
    await list.searchByName(tag);
    await expect.poll(() => list.rows.count()).toBe(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    expect(await list.table.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await screenshot(page, 'employees-money-390');
  });
});
