import type { User } from '@salary/shared/auth/auth.contract';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import type { RaiseCycle, Worksheet } from '@salary/shared/raise-cycles/raise-cycles.contract';
import { describe, expect, it } from 'vitest';
import { waitForToast } from './pages/toasts.ts';
import { adminApi, adminCredentials, expectOk, uniqueEmail } from './support/api.ts';
import { expectAxeClean } from './support/axe.ts';
import { horizontalOverflow, screenshot, settled, useBrowser, WIDTHS } from './support/browser.ts';
import { tabTo } from './support/keyboard.ts';
import { seedEmployees, seedRules, uniqueName, useSeededRules } from './support/seed-employees.ts';

/*
 * A raise cycle in the browser: a manager limited to their team opens the cycle from the
 * sidebar, gives their team 3 % with the keyboard alone, saves and submits; an administrator
 * approves and applies it, and the directory's pay moves by exactly the raise. An administrator
 * creates a cycle through the form (a grade filter, a guideline row) and its worksheet
 * recommends that row's range. A worksheet of 90 draws only the rows in view, scrolls by
 * keyboard under a header that stays, and a bulk action still raises all 90.
 */

const browser = useBrowser();
const rules = useSeededRules(5000);
const PASSWORD = 'Copper-meadow-lantern-72';
/** The height of a worksheet row drawn in a window (worksheet-view.tsx). */
const WORKSHEET_ROW_HEIGHT = 51;

describe('a raise cycle', () => {
  it.each(WIDTHS)(
    'proposed by a team manager with the keyboard, approved and applied (%s)',
    async (width, viewport) => {
      const admin = await adminApi();
      const [boss, anna, olga] = await seedEmployees(rules, [
        { name: uniqueName('Boss') },
        { name: uniqueName('Anna') },
        { name: uniqueName('Olga') },
      ]);
      expectOk(
        await admin.put(`/employees/${anna!.id}/manager`, { managerId: boss!.id }),
        'Anna reports to Boss',
      );
      const email = uniqueEmail('raise-manager');
      expectOk(
        await admin.post<User>('/auth/users', {
          email,
          password: PASSWORD,
          name: 'Raise Manager',
          employeeId: boss!.id,
          permissions: {
            showSettings: false,
            manageSettings: false,
            showSalary: true,
            showCost: false,
            manageEmployee: true,
            deleteEmployee: false,
            ownTeamOnly: true,
          },
        }),
        'Creating the manager',
      );
      const name = uniqueName('Spring');
      const cycle = expectOk(
        await admin.post<RaiseCycle>('/raise-cycles', {
          name,
          effectiveDate: new Date().toISOString().slice(0, 10),
          eligibility: { jobIds: [rules.job.id] },
          budget: { kind: 'PERCENT', value: 2 },
        }),
        'Creating the cycle',
      );

      // The manager, from the sidebar to the worksheet, keyboard only.
      const page = await browser.signedInPage({ email, password: PASSWORD }, viewport);
      await page.goto('/raise-cycles');
      const link = page.getByRole('link', { name, exact: true });
      await link.waitFor();
      await tabTo(page, link);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name }).waitFor();
      // Only their team: Anna, not Olga (same job) nor Boss.
      const main = page.getByRole('main');
      await main.getByRole('rowheader', { name: anna!.name }).waitFor();
      expect(await main.getByText(olga!.name).count()).toBe(0);
      expect(await main.getByText(boss!.name).count()).toBe(0);
      // Their budget: 2 % of their team's payroll, Anna's gross.
      const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/[^0-9.]/g, '')) * 100);
      const gross = Math.round(anna!.calculatedSalary! * 100);
      expect(cents(await page.getByTestId('total-Budget').textContent())).toBe(Math.round(gross * 0.02));

      const setAll = page.getByRole('button', { name: 'Set for all' });
      await tabTo(page, setAll);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByLabel(`Percent for ${anna!.name}`).inputValue()).toBe('3%');
      // Priced by the server as typed, before any save: the totals say they include it.
      await expect
        .poll(() => page.getByTestId('totals-note').textContent())
        .toContain('the totals and new pay include them');
      const proposedLive = cents(await page.getByTestId('total-Proposed').textContent());
      const save = page.getByRole('button', { name: 'Save proposals' });
      await tabTo(page, save, 80, 'Shift+Tab');
      await page.keyboard.press('Enter');
      // 3 % is more than the 2 % budget: saved, with the warning.
      await waitForToast(page, 'Proposals saved. The proposals are over budget');
      const proposed = cents(await page.getByTestId('total-Proposed').textContent());
      expect(proposed).toBe(proposedLive);
      expect(proposed).toBeGreaterThan(Math.round(gross * 0.02));
      expect(cents(await page.getByTestId('total-Over budget by').textContent())).toBe(
        proposed - Math.round(gross * 0.02),
      );
      expect(await horizontalOverflow(page)).toBe(0);
      await expectAxeClean(page, `raise cycle worksheet at ${width}`);
      await screenshot(page, `raise-cycle-worksheet-${width}`);

      const submit = page.getByRole('button', { name: 'Submit for approval' });
      await tabTo(page, submit, 80, 'Shift+Tab');
      await page.keyboard.press('Enter');
      await waitForToast(page, 'Raise cycle submitted for approval');

      // The administrator approves and applies.
      const adminPage = await browser.signedInPage(adminCredentials(), viewport);
      await adminPage.goto(`/raise-cycles/${cycle.id}`);
      await adminPage.getByRole('button', { name: 'Approve' }).click();
      await waitForToast(adminPage, 'Raise cycle approved');
      await adminPage.getByRole('button', { name: 'Apply raises' }).click();
      // The impact of the application first, as of the effective date; then Confirm applies it.
      const impact = adminPage.getByRole('dialog', { name: 'Impact of this change' });
      await impact.getByText(/the cycle's effective date/).waitFor();
      await expectAxeClean(adminPage, `raise cycle impact preview at ${width}`);
      await screenshot(adminPage, `raise-cycle-impact-${width}`);
      await impact.getByRole('button', { name: 'Confirm' }).click();
      await waitForToast(adminPage, 'Raises applied');
      await screenshot(adminPage, `raise-cycle-applied-${width}`);
      const after = expectOk(await admin.get<EmployeeView>(`/employees/${anna!.id}`), 'Reading Anna');
      // The directory's pay moved by exactly what the worksheet proposed.
      expect(Math.round(after.calculatedSalary! * 100) - gross).toBe(proposed);
    },
  );
});

describe('a long worksheet', () => {
  it.each(WIDTHS)(
    'draws the rows in view, scrolls to the last by keyboard, and raises every row in bulk (%s)',
    async (width, viewport) => {
      const admin = await adminApi();
      const tag = uniqueName('Long');
      // A job of its own: the 90 rows stay out of every other cycle.
      const longRules = await seedRules(4000);
      await seedEmployees(
        longRules,
        Array.from({ length: 90 }, (_, i) => ({ name: `${tag} ${String(i + 1).padStart(3, '0')}` })),
      );
      const cycle = expectOk(
        await admin.post<RaiseCycle>('/raise-cycles', {
          name: tag,
          effectiveDate: new Date().toISOString().slice(0, 10),
          eligibility: { jobIds: [longRules.job.id] },
          budget: { kind: 'PERCENT', value: 3 },
        }),
        'Creating the cycle',
      );
      const read = expectOk(
        await admin.get<Worksheet>(`/raise-cycles/${cycle.id}/worksheet`),
        'Its worksheet',
      );
      expect(read.rows).toHaveLength(90);

      const page = await browser.signedInPage(adminCredentials(), viewport);
      await page.goto(`/raise-cycles/${cycle.id}`);
      await page.getByRole('heading', { level: 1, name: tag }).waitFor();
      const rows = page.locator('[data-testid^="worksheet-row-"]');
      await rows.first().waitFor();
      expect(await rows.count()).toBeLessThan(60);
      // Every row is as high as the window counts it (the scroll bar's length is rows × that).
      const heights = await rows.evaluateAll((drawn) => drawn.map((r) => r.getBoundingClientRect().height));
      expect(new Set(heights.map((h) => Math.round(h)))).toEqual(new Set([WORKSHEET_ROW_HEIGHT]));
      const region = page.getByRole('region', { name: 'Worksheet' });
      expect(await region.getByRole('table').getAttribute('aria-rowcount')).toBe('91');
      await screenshot(page, `raise-cycle-long-worksheet-${width}`);

      // The browser's find cannot reach the rows not drawn: the worksheet's search by name can.
      const search = page.getByRole('searchbox', { name: 'Search by Name' });
      await search.fill(`${tag} 090`);
      await expect.poll(() => rows.count()).toBe(1);
      expect(await page.getByText('1 of 90 employees shown', { exact: false }).isVisible()).toBe(true);
      await expectAxeClean(page, `long raise cycle worksheet searched at ${width}`);
      await screenshot(page, `raise-cycle-long-worksheet-search-${width}`);
      await search.fill('');
      await expect.poll(() => rows.count()).toBeGreaterThan(10);

      // The row holding the focus stays drawn while the wheel scrolls the list away from it, and
      // the keyboard goes on from there.
      const first = read.rows[0]!.name;
      await page.getByLabel(`Raise for ${first}`, { exact: true }).focus();
      await region.hover();
      await page.mouse.wheel(0, 90 * WORKSHEET_ROW_HEIGHT);
      await page.getByTestId(`worksheet-row-${read.rows.at(-1)!.employeeId}`).waitFor();
      const focusedLabel = () => page.evaluate("document.activeElement?.getAttribute('aria-label')");
      expect(await focusedLabel()).toBe(`Raise for ${first}`);
      expect(await rows.count()).toBeLessThan(60);
      await page.keyboard.press('Shift+Tab');
      expect(await focusedLabel()).toBe(`Rating for ${first}`);
      await page.keyboard.press('Shift+Tab');
      expect(await focusedLabel()).toBe(`Select ${first}`);

      // The region takes the keyboard: End scrolls to the last employee, drawn under the header.
      await tabTo(page, region, 10, 'Shift+Tab');
      await page.keyboard.press('End');
      const last = page.getByTestId(`worksheet-row-${read.rows.at(-1)!.employeeId}`);
      await last.waitFor();
      await expect.poll(() => last.isVisible()).toBe(true);
      const header = region.getByRole('columnheader', { name: 'Employee' });
      await expect.poll(() => header.isVisible()).toBe(true);
      expect(await rows.count()).toBeLessThan(60);

      const setAll = page.getByRole('button', { name: 'Set for all' });
      await tabTo(page, setAll, 80, 'Shift+Tab');
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.getByTestId('totals-note').textContent())
        .toContain('the totals and new pay include them');
      expect(await last.getByRole('textbox', { name: /^Percent for/ }).inputValue()).toBe('3%');
      expect(await horizontalOverflow(page)).toBe(0);
      await expectAxeClean(page, `long raise cycle worksheet at ${width}`);
      await screenshot(page, `raise-cycle-long-worksheet-raised-${width}`);

      await page.getByRole('button', { name: 'Save proposals' }).click();
      await waitForToast(page, 'Proposals saved');
      const saved = expectOk(await admin.get<Worksheet>(`/raise-cycles/${cycle.id}/worksheet`), 'Saved');
      expect(saved.rows.filter((r) => r.proposal?.kind === 'PERCENT' && r.proposal.value === 3)).toHaveLength(
        90,
      );
      expect(browser.pageErrors(page)).toEqual([]);
    },
  );
});

describe('the raise cycle form', () => {
  it.each(WIDTHS)(
    'creates a cycle for one grade with a guideline row, and its worksheet recommends it (%s)',
    async (width, viewport) => {
      const [anna] = await seedEmployees(rules, [{ name: uniqueName('Anna') }]);
      // A level a move can take her to, 10 % above her base.
      const admin = await adminApi();
      const senior = expectOk(
        await admin.post<{ id: number; name: string }>('/levels', { name: uniqueName('Senior') }),
        'A level',
      );
      expectOk(
        await admin.post('/base-salary', {
          gradeId: rules.grade.id,
          levelId: senior.id,
          amount: rules.baseSalary * 1.1,
        }),
        'Its base salary',
      );
      const page = await browser.signedInPage(adminCredentials(), viewport);
      await page.goto('/raise-cycles');
      await page.getByRole('button', { name: 'New raise cycle' }).click();
      const dialog = page.getByRole('dialog', { name: 'New raise cycle' });
      await settled(dialog);
      const name = uniqueName('Autumn');
      await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
      const grades = dialog.getByRole('combobox', { name: 'Grades' });
      await grades.click();
      await page.keyboard.type(rules.grade.name);
      await page.getByRole('option', { name: rules.grade.name, exact: true }).click();
      await page.keyboard.press('Escape');

      await dialog.getByRole('button', { name: 'Add guideline row' }).click();
      const row = dialog.getByRole('group', { name: 'Guideline row 1' });
      // The new row's first input has the focus: the keyboard goes on from there.
      await expect
        .poll(() => row.getByLabel('Compa-ratio from').evaluate((e) => e === document.activeElement))
        .toBe(true);
      await page.keyboard.press('Tab');
      await page.keyboard.type('1.5');
      await row.getByLabel('Min raise %').fill('2');
      await row.getByLabel('Max raise %').fill('4');
      // Nothing in the dialog runs wider than the screen.
      expect(await dialog.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(0);
      expect(await horizontalOverflow(page)).toBe(0);
      await expectAxeClean(page, `raise cycle form at ${width}`);
      await screenshot(page, `raise-cycle-form-${width}`);

      await dialog.getByRole('button', { name: 'Create cycle' }).click();
      await waitForToast(page, 'Raise cycle created');
      await page.getByRole('heading', { level: 1, name }).waitFor();
      const annaRow = page.getByTestId(`worksheet-row-${anna!.id}`);
      await annaRow.waitFor();
      // Her compa-ratio is 1.00, in [open, 1.5): the row's 2–4 %.
      expect(await annaRow.textContent()).toContain('2–4%');

      await page.getByRole('checkbox', { name: `Select ${anna!.name}` }).check();
      await page.getByRole('button', { name: 'Guideline midpoint for selected (1)' }).click();
      await expect.poll(() => page.getByLabel(`Percent for ${anna!.name}`).inputValue()).toBe('3%');
      expect(await horizontalOverflow(page)).toBe(0);
      await expectAxeClean(page, `raise cycle worksheet with a selection at ${width}`);
      await screenshot(page, `raise-cycle-worksheet-selected-${width}`);

      // Rated and moved with the keyboard alone: Anna to a level whose base is 10 % above hers,
      // outside the row's 2–4 %, so the move asks for its reason.
      const rating = page.getByLabel(`Rating for ${anna!.name}`, { exact: true });
      await tabTo(page, rating);
      await page.keyboard.type('4');
      await page.keyboard.press('Tab');
      await page.keyboard.type('Move');
      const level = page.getByLabel(`Level for ${anna!.name}`, { exact: true });
      await level.waitFor();
      expect(await page.getByLabel(`Grade for ${anna!.name}`, { exact: true }).inputValue()).toBe(
        String(rules.grade.id),
      );
      await tabTo(page, level, 3);
      await page.keyboard.type(senior.name);
      await expect.poll(() => level.inputValue()).toBe(String(senior.id));
      const reason = page.getByLabel(`Reason for ${anna!.name}`, { exact: true });
      await expect.poll(() => reason.getAttribute('aria-invalid')).toBe('true');
      await tabTo(page, reason, 3);
      await page.keyboard.type('Promotion');
      await expect
        .poll(() => page.getByTestId('totals-note').textContent())
        .toContain('Save proposals to keep them');
      expect(await horizontalOverflow(page)).toBe(0);
      await expectAxeClean(page, `raise cycle worksheet with a move at ${width}`);
      await screenshot(page, `raise-cycle-worksheet-move-${width}`);
      await page.getByRole('button', { name: 'Save proposals' }).click();
      await waitForToast(page, 'Proposals saved');
      const cycleId = new URL(page.url()).pathname.split('/').pop();
      const read = expectOk(await admin.get<Worksheet>(`/raise-cycles/${cycleId}/worksheet`), 'Saved');
      const saved = read.rows.find((r) => r.employeeId === anna!.id)!;
      expect(saved.rating).toBe(4);
      expect(saved.proposal).toEqual({
        kind: 'MOVE',
        value: null,
        gradeId: rules.grade.id,
        levelId: senior.id,
        reason: 'Promotion',
      });
      expect(saved.outsideGuideline).toBe(true);
      expect(Math.round((saved.newGross - saved.currentGross) * 100)).toBeGreaterThan(0);

      // The draft's form again, as saved.
      await page.getByRole('button', { name: 'Edit cycle' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit raise cycle' });
      await settled(edit);
      expect(
        await edit.getByRole('group', { name: 'Guideline row 1' }).getByLabel('Max raise %').inputValue(),
      ).toBe('4');
      expect(await edit.getByText(rules.grade.name, { exact: true }).count()).toBe(1);
      await screenshot(page, `raise-cycle-edit-${width}`);
      expect(browser.pageErrors(page)).toEqual([]);
    },
  );
});
