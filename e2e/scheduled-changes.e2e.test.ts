import { formatDay } from '@salary/shared/common/date-time';
import { type Company, formatOf } from '@salary/shared/company/company.contract';
import type { PayPeriod, ScheduledChange } from '@salary/shared/employees/dated.contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { waitForToast } from './pages/toasts.ts';
import { adminApi, adminCredentials, expectOk } from './support/api.ts';
import { expectAxeClean } from './support/axe.ts';
import { horizontalOverflow, screenshot, useBrowser, WIDTHS } from './support/browser.ts';
import { focusedText, isFocused, tabTo } from './support/keyboard.ts';
import { seedEmployee, uniqueName, useSeededRules } from './support/seed-employees.ts';

/*
 * Scheduled changes, keyboard only for the main steps: an administrator schedules a grade
 * change for a day to come from Edit Employee, sees it on the employee page (the line and the
 * pay timeline's scheduled period) and on Settings → Scheduled changes, and cancels it there.
 * Each screen and dialog on the way is axe-core clean, at 1440 and 390 px.
 */

const browser = useBrowser();
const rules = useSeededRules(4000);
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read);

/** Picks a Mantine Select's option from the keyboard: its text typed, ↓, Enter. */
async function chooseByTyping(page: Page, select: Locator, text: string) {
  await tabTo(page, select, 40);
  await page.keyboard.type(text);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await poll(() => select.inputValue()).toBe(text);
}

/** Texts that must keep to one line (money): each element's line boxes, counted. */
const lineCount = (cell: Locator) =>
  cell.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size;
  });

describe('Scheduled changes', () => {
  it.each(WIDTHS)(
    'schedules a grade change, sees it on the employee and in Settings, cancels it (%s px)',
    async (width, viewport) => {
      const admin = await adminApi();
      const lead = expectOk(
        await admin.post<{ id: number; name: string }>('/grades', { name: uniqueName('Lead') }),
        'Grade',
      );
      expectOk(
        await admin.post('/base-salary', { gradeId: lead.id, levelId: rules.level.id, amount: 6000 }),
        'Base salary',
      );
      const employee = await seedEmployee(rules, { name: uniqueName(`Sched ${width}`), yearsExperience: 2 });
      const company = expectOk(await admin.get<Company>('/company'), 'Company');
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: company.timeZone }).format(new Date());
      const day = `${Number(today.slice(0, 4)) + 1}-01-01`;
      const dayText = formatDay(day, formatOf(company));

      const page = await browser.signedInPage(adminCredentials(), viewport);
      await page.goto(`/employees/edit/${employee.id}`);
      const form = page.getByRole('form', { name: 'Edit employee' });
      const grade = form.getByRole('combobox', { name: /^Grade/ });
      await grade.waitFor();
      await poll(() => grade.inputValue()).toBe(rules.grade.name);

      // Keyboard only: the new grade, "Effective from … change", the day, Update Employee.
      await form.getByRole('textbox', { name: /^Name/ }).focus();
      await chooseByTyping(page, grade, lead.name);
      await tabTo(page, form.getByRole('button', { name: 'change' }), 60);
      await page.keyboard.press('Enter');
      const effective = form.getByLabel(/Effective from/);
      await poll(() => isFocused(effective)).toBe(true);
      const [y, m, d] = day.split('-');
      await page.keyboard.type(`${m}${d}${y}`);
      await poll(() => effective.inputValue()).toBe(day);
      await tabTo(page, form.getByRole('button', { name: 'Update Employee' }), 10);
      await page.keyboard.press('Enter');
      await waitForToast(page, `Change scheduled from ${dayText}`);

      // The page keeps today's grade and shows the change and its period, marked Scheduled.
      expect(page.url()).toContain(`/employees/edit/${employee.id}`);
      await poll(() => grade.inputValue()).toBe(rules.grade.name);
      const line = page.getByRole('region', { name: 'Scheduled changes' }).getByRole('listitem');
      await poll(() => line.textContent()).toBe(`From ${dayText}: Grade ${rules.grade.name} → ${lead.name}`);
      const timeline = page.getByRole('table', { name: 'Pay timeline' });
      await timeline.scrollIntoViewIfNeeded().catch(() => {});
      const scheduledRow = timeline.locator('tr[data-scheduled]');
      await scheduledRow.waitFor();
      expect(await scheduledRow.textContent()).toContain('Scheduled');
      expect(await scheduledRow.textContent()).toContain(dayText);
      const periods = expectOk(
        await admin.get<PayPeriod[]>(`/employees/${employee.id}/pay-timeline`),
        'Timeline',
      );
      expect(periods.map((p) => [p.from, p.cause.scheduled])).toEqual([
        [null, false],
        [day, true],
      ]);
      for (const cell of await scheduledRow.locator('td').all()) {
        if ((await cell.isVisible()) && /\d,\d{3}/.test((await cell.textContent()) ?? ''))
          expect(await lineCount(cell)).toBe(1);
      }
      // Every column fits, at 390 px too: the table needs no sideways scroll of its own.
      const region = page.getByRole('region', { name: 'Pay timeline table' });
      expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      expect(await horizontalOverflow(page)).toBe(0);
      await expectAxeClean(page, 'the employee page with a scheduled change');
      await screenshot(page, `scheduled-employee-page-${width}`);

      // Settings → Scheduled changes lists it; Cancel it there, keyboard only.
      await page.goto('/settings/scheduled-changes');
      const list = page.getByRole('list', { name: 'Scheduled changes' });
      const item = list.getByRole('listitem', { name: `${employee.name}, from ${dayText}` });
      await item.waitFor();
      // The names come from the rule lists, which may still be loading when the item shows.
      await poll(() => item.textContent()).toContain(`Grade ${rules.grade.name} → ${lead.name}`);
      expect(await item.textContent()).toContain(`Recorded by ${adminCredentials().email}`);
      expect(await horizontalOverflow(page)).toBe(0);
      await expectAxeClean(page, 'Settings → Scheduled changes');
      await screenshot(page, `scheduled-changes-settings-${width}`);

      await page.getByRole('heading', { name: 'Settings', level: 1 }).focus();
      await tabTo(page, item.getByRole('button', { name: /^Cancel the change to/ }), 200);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('alertdialog', { name: 'Cancel scheduled change' });
      await dialog.waitFor();
      await poll(() => focusedText(page)).toBe('button: Cancel');
      await expectAxeClean(page, 'the cancel confirmation');
      await tabTo(page, dialog.getByRole('button', { name: 'Cancel change', exact: true }), 5);
      await page.keyboard.press('Enter');
      await waitForToast(page, 'Scheduled change cancelled');
      await item.waitFor({ state: 'detached' });
      const waiting = expectOk(await admin.get<ScheduledChange[]>('/scheduled-changes'), 'Scheduled');
      expect(waiting.filter((c) => c.employeeId === employee.id)).toEqual([]);
      expect(browser.pageErrors(page)).toEqual([]);
    },
  );
});
