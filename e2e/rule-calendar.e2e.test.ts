import { formatDay } from '@salary/shared/common/date-time';
import { formatMoney } from '@salary/shared/common/money';
import { type Company, formatOf } from '@salary/shared/company/company.contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { field, RulesSection } from './pages/rules-section.ts';
import { waitForToast } from './pages/toasts.ts';
import { adminApi, adminCredentials, expectOk } from './support/api.ts';
import { expectAxeClean } from './support/axe.ts';
import {
  horizontalOverflow,
  screenshot,
  settled,
  trackRequests,
  useBrowser,
  WIDTHS,
} from './support/browser.ts';
import { daysAgo } from './support/days.ts';
import { isFocused, tabTo } from './support/keyboard.ts';
import { seedEmployee, seedRules, uniqueName } from './support/seed-employees.ts';

/*
 * The rule calendar on a base salary: an administrator schedules a raise for the 1st of next
 * month (the row keeps today's amount and notes the one to come), finds it under Settings →
 * Scheduled Changes and cancels it there by keyboard, then backdates a raise to about 40 days
 * ago: the preview says what back pay it owes, and the saved change's Audit Log entry keeps it.
 * The base salaries screen with its note and the preview with its back pay are axe-core clean,
 * at 1440 and 390 px.
 */

const browser = useBrowser();
const BASE = 4000;

interface Named {
  id: number;
  name: string;
}
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read);

const todayOf = (company: Company) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: company.timeZone }).format(new Date());

/**
 * What a monthly raise from `from` owes up to (not including) `today`: each day its month's
 * share of the raise.
 */
function owedFor(raise: number, from: string, today: string): number {
  let owed = 0;
  for (let day = Date.parse(`${from}T00:00:00Z`); day < Date.parse(`${today}T00:00:00Z`); day += 86_400_000) {
    const date = new Date(day);
    owed += raise / new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  }
  return owed;
}

const dollars = (text: string) => Number(text.replace(/[^\d.-]/g, ''));

/** The 1st of the month after the company's today, as YYYY-MM-DD. */
function firstOfNextMonth(company: Company): string {
  const today = todayOf(company);
  const [year, month] = today.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

/** Opens the base salary's edit, opens Effective from, types the day and the new amount. */
async function editDated(page: Page, subject: string, day: string, amount: number): Promise<Locator> {
  await page.getByRole('button', { name: `Edit ${subject}`, exact: true }).click();
  const form = page.getByRole('form', { name: 'Edit base salary' });
  await form.getByRole('button', { name: 'Update Base Salary' }).waitFor();
  // Collapsed, the day is today; "change" opens the field.
  await form.getByText('Effective from: today').waitFor();
  await form.getByRole('button', { name: 'change' }).click();
  const effective = form.getByLabel(/^Effective from/);
  await poll(() => isFocused(effective)).toBe(true);
  await effective.fill(day);
  await field(form, 'Base Salary Amount').fill(String(amount));
  return form;
}

describe('the rule calendar on a base salary', () => {
  it.each(WIDTHS)(
    'schedules a raise, cancels it in Scheduled Changes, backdates one that owes back pay (%s px)',
    async (width, viewport) => {
      // A grade and level whose base salary has been in force for 60 days (the seeded job's
      // grade is not used), and someone on it since 2020.
      const rules = await seedRules(BASE);
      const admin = await adminApi();
      const grade = expectOk(await admin.post<Named>('/grades', { name: uniqueName('Grade') }), 'A grade');
      const level = expectOk(await admin.post<Named>('/levels', { name: uniqueName('Level') }), 'A level');
      expectOk(
        await admin.post(`/base-salary?effectiveFrom=${daysAgo(60)}`, {
          gradeId: grade.id,
          levelId: level.id,
          amount: BASE,
        }),
        'Its base salary, from 60 days ago',
      );
      const employee = await seedEmployee(rules, {
        name: uniqueName(`Calendar ${width}`),
        gradeId: grade.id,
        levelId: level.id,
        hireDate: '2020-01-06',
      });
      const company = expectOk(await admin.get<Company>('/company'), 'Company');
      const format = formatOf(company);
      const money = (value: number) => formatMoney(value, format);
      const subject = `${grade.name} / ${level.name}`;
      const next = firstOfNextMonth(company);
      const nextText = formatDay(next, format);

      const page = await browser.signedInPage(adminCredentials(), viewport);
      const section = new RulesSection(page, 'base-salary');
      await section.goto();
      await section.waitForList();
      // Its table row from 1440 px, its card on a phone: whichever shows holds the Edit button.
      const entry = section.list
        .locator('tr, .mantine-Card-root')
        .filter({ has: page.getByRole('button', { name: `Edit ${subject}`, exact: true }) })
        .filter({ visible: true });
      const note = entry.getByTestId('scheduled-note');

      // 1. A raise from the 1st of next month: scheduled; today's amount stays, the note tells.
      const raised = BASE + 400;
      const form = await editDated(page, subject, next, raised);
      await form.getByRole('button', { name: 'Update Base Salary' }).click();
      await waitForToast(page, `Scheduled from ${nextText}`);
      // Saved, the form is back to adding.
      await page.getByRole('form', { name: 'Add base salary' }).waitFor();
      await poll(() => note.textContent()).toBe(`from ${nextText}: ${money(raised)}`);
      expect(await entry.textContent()).toContain(`${money(BASE)}from ${nextText}`);
      expect(await horizontalOverflow(page)).toBe(0);
      await expectAxeClean(page, 'Base Salaries with a scheduled raise');
      await screenshot(page, `rule-calendar-base-salaries-${width}`);

      // 2. Settings → Scheduled Changes lists it; Cancel it there, keyboard only.
      await page.goto('/settings/scheduled-changes');
      const item = page
        .getByRole('list', { name: 'Scheduled changes' })
        .getByRole('listitem', { name: `${subject}, from ${nextText}` });
      await item.waitFor();
      expect(await item.textContent()).toContain(`Amount ${money(BASE)} → ${money(raised)}`);
      expect(await item.textContent()).toContain(`from ${nextText}`);
      await expectAxeClean(page, 'Settings → Scheduled Changes with a base salary raise');

      await page.getByRole('heading', { name: 'Settings', level: 1 }).focus();
      await tabTo(page, item.getByRole('button', { name: /^Cancel the change to/ }), 200);
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('alertdialog', { name: 'Cancel scheduled change' });
      await confirm.waitFor();
      expect(await confirm.textContent()).toContain(
        `${subject} from ${nextText}: Amount ${money(BASE)} → ${money(raised)}`,
      );
      await tabTo(page, confirm.getByRole('button', { name: 'Cancel change', exact: true }), 5);
      await page.keyboard.press(' ');
      await waitForToast(page, 'Scheduled change cancelled');
      await item.waitFor({ state: 'detached' });

      // Back on Base Salaries (every request answered), the note is gone and the amount unchanged.
      const idle = trackRequests(page);
      await section.goto();
      await section.waitForList();
      await idle();
      await entry.waitFor();
      expect(await note.count()).toBe(0);
      expect(await entry.textContent()).toContain(money(BASE));

      // 3. A raise from about 40 days ago: the preview says what back pay it owes.
      const backdated = BASE + 600;
      const past = daysAgo(40);
      const pastForm = await editDated(page, subject, past, backdated);
      await pastForm.getByRole('button', { name: 'Preview impact' }).click();
      const preview = page.getByRole('dialog', { name: 'Impact preview' });
      await preview.waitFor();
      await settled(preview);
      const backPay = preview.getByRole('region', { name: 'Back pay owed' });
      await backPay.waitFor();
      expect(await backPay.textContent()).toMatch(
        new RegExp(`For ${formatDay(past, format)} to .+: 1 employee is owed back pay\\.`),
      );
      const gross = (await backPay.getByRole('region', { name: 'Gross back pay' }).textContent()) ?? '';
      const grossTotal = gross.replace(/^Gross back pay/, '');
      expect(grossTotal).toMatch(/^\$[\d,]+\.\d\d$/);
      // Only our employee's pay moves, by the raise (times the multipliers); the back pay is
      // that monthly rise for each day since the day typed, a day being its month's share.
      expect(await preview.getByTestId('impact-summary').textContent()).toMatch(/^1 employee affected/);
      const payroll = await preview.getByRole('region', { name: 'Monthly payroll' }).textContent();
      const monthlyRise = dollars(/\+\$[\d,]+\.\d\d/.exec(payroll ?? '')?.[0] ?? '');
      expect(monthlyRise).toBeGreaterThanOrEqual(backdated - BASE);
      expect(
        Math.abs(dollars(grossTotal) - owedFor(monthlyRise, past, todayOf(company))),
      ).toBeLessThanOrEqual(0.01);
      await backPay.getByRole('table', { name: 'Back pay by employee' }).getByText(employee.name).waitFor();
      await expectAxeClean(page, 'the impact preview with back pay');
      await screenshot(page, `rule-calendar-back-pay-preview-${width}`);
      await preview.getByRole('button', { name: 'Close' }).last().click();
      await preview.waitFor({ state: 'hidden' });

      // Saving asks with the same preview; Confirm saves it.
      await pastForm.getByRole('button', { name: 'Update Base Salary' }).click();
      const asking = page.getByRole('dialog', { name: 'Impact of this change' });
      await asking.waitFor();
      expect(await asking.getByRole('region', { name: 'Gross back pay' }).textContent()).toBe(gross);
      await asking.getByRole('button', { name: 'Confirm' }).click();
      await waitForToast(page, 'Base salary updated successfully');
      await poll(() => entry.textContent()).toContain(money(backdated));

      // The Audit Log's entry for it keeps the back pay.
      await page.goto('/settings/audit');
      const table = page.getByRole('table', { name: 'Audit entries' });
      await table.waitFor();
      const row = table
        .locator('tbody tr')
        .filter({ hasText: `Base salary ${subject}` })
        .first();
      const line = row.getByText(/^Back pay owed/);
      await line.waitFor();
      expect(await line.textContent()).toContain(`${grossTotal} gross`);
      await row.getByRole('button', { name: /Download back pay/ }).waitFor();
      expect(browser.pageErrors(page)).toEqual([]);
    },
  );
});
