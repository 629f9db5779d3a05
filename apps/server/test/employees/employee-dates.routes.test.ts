import { completedYears, todayIn } from '@salary/shared/common/calendar-day';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import type { ImportReport } from '@salary/shared/excel/excel.contract';
import { beforeAll, describe, expect, it } from 'vitest';
import * as excel from '../excel/excel-files.ts';
import { setTimeZone } from '../support/dated-company.ts';
import { addFormFor } from '../support/employee-forms.ts';
import { employeeList } from '../support/employee-reads.ts';
import { type TestContext, testAppForFile } from '../support/helper.ts';

/*
 * The employee's days, end to end: hire date, career start and leave date on the API (YYYY-MM-DD,
 * null for none, absent keeps), the years they decide as of the company's today (and the pay that
 * follows), a leave date before the hire date refused, and the Excel columns both ways.
 */

const t = testAppForFile();
let body: Record<string, unknown>;
let c: Awaited<ReturnType<TestContext['newCompany']>>;

beforeAll(async () => {
  c = await t.newCompany(4000);
  // Each year with the company and of experience moves the pay.
  await t.setSettings({ loyaltyMultiplier: 2, experienceMultiplier: 1 });
  body = addFormFor(c, { name: 'Grace Hopper', yearsExperience: 2 });
});

const get = async (id: number) =>
  (await t.call<EmployeeView>({ method: 'GET', url: `/api/employees/${id}`, token: t.adminToken })).envelope
    .data;
const create = (payload: Record<string, unknown>) =>
  t.callAsAdmin<EmployeeView>({ method: 'POST', url: '/api/employees', payload: { ...body, ...payload } });
const update = (id: number, payload: Record<string, unknown>) =>
  t.callAsAdmin<EmployeeView>({
    method: 'PUT',
    url: `/api/employees/${id}`,
    payload: { ...body, ...payload },
  });

/** The company's zone as the server reads it now, and its today. */
async function today(): Promise<string> {
  const company = await t.callAsAdmin<{ timeZone: string }>({ method: 'GET', url: '/api/company' });
  return todayIn(company.envelope.data.timeZone);
}
/** The day `years` whole years before `day`. */
const before = (day: string, years: number) => `${Number(day.slice(0, 4)) - years}${day.slice(4)}`;

describe('days on the employee', () => {
  it('are in every answer: null when none, YYYY-MM-DD when set', async () => {
    const created = await create({});
    expect(created.statusCode, created.body).toBe(201);
    expect(created.envelope.data).toMatchObject({ hireDate: null, careerStartDate: null, leaveDate: null });
    const dated = await create({ hireDate: '2020-02-29', careerStartDate: '2015-09-01', leaveDate: null });
    expect(dated.envelope.data).toMatchObject({
      hireDate: '2020-02-29',
      careerStartDate: '2015-09-01',
      leaveDate: null,
    });
    const list = await t.callAsAdmin<EmployeeView[]>({ method: 'GET', url: '/api/employees' });
    expect(list.envelope.data.find((e) => e.id === dated.envelope.data.id)).toMatchObject({
      hireDate: '2020-02-29',
      careerStartDate: '2015-09-01',
    });
  });

  it('decide the years as whole years to the company’s today, and the pay with them', async () => {
    const day = await today();
    const dated = await create({
      hireDate: before(day, 4),
      careerStartDate: before(day, 9),
      yearsWithCompany: 0,
    });
    expect(dated.statusCode, dated.body).toBe(201);
    expect(dated.envelope.data).toMatchObject({ yearsWithCompany: 4, yearsExperience: 9 });
    // One day short of a fifth year is still four.
    const nextDay = new Date(`${before(day, 5)}T00:00:00Z`);
    nextDay.setUTCDate(nextDay.getUTCDate() + 1);
    const almost = await create({ hireDate: nextDay.toISOString().slice(0, 10) });
    expect(almost.envelope.data.yearsWithCompany).toBe(4);

    const typed = await create({ yearsWithCompany: 4, yearsExperience: 9 });
    const none = await create({ yearsWithCompany: 0, yearsExperience: 9 });
    expect(dated.envelope.data.calculatedSalary).toBe(typed.envelope.data.calculatedSalary);
    expect(dated.envelope.data.calculatedSalary).not.toBe(none.envelope.data.calculatedSalary);
  });

  it('count to the day it is in the company’s time zone', async () => {
    // Kiritimati (UTC+14) is always a calendar day ahead of Pago Pago (UTC−11).
    await setTimeZone(t, 'Pacific/Kiritimati');
    const ahead = todayIn('Pacific/Kiritimati');
    const { id } = (await create({ hireDate: before(ahead, 3) })).envelope.data;
    expect((await get(id)).yearsWithCompany).toBe(3);
    await setTimeZone(t, 'Pacific/Pago_Pago');
    expect((await get(id)).yearsWithCompany).toBe(
      completedYears(before(ahead, 3), todayIn('Pacific/Pago_Pago')),
    );
    expect((await get(id)).yearsWithCompany).toBe(2);
    const list = await t.callAsAdmin<EmployeeView[]>({ method: 'GET', url: '/api/employees' });
    expect(list.envelope.data.find((e) => e.id === id)?.yearsWithCompany).toBe(2);
    await setTimeZone(t, 'UTC');
  });

  it('are kept when a write leaves them out and cleared by null', async () => {
    const { id } = (await create({ hireDate: '2019-01-15', leaveDate: '2030-06-30' })).envelope.data;
    const kept = await update(id, { name: 'Grace B. Hopper' });
    expect(kept.envelope.data).toMatchObject({ hireDate: '2019-01-15', leaveDate: '2030-06-30' });
    const cleared = await update(id, { leaveDate: null });
    expect(cleared.envelope.data).toMatchObject({ hireDate: '2019-01-15', leaveDate: null });
  });

  it('refuse a leave date before the hire date, and a day not written YYYY-MM-DD', async () => {
    const res = await create({ hireDate: '2024-03-15', leaveDate: '2024-03-14' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Leave Date cannot be before the Hire Date');
    // Against the stored hire date, when the write leaves it out.
    const { id } = (await create({ hireDate: '2024-03-15' })).envelope.data;
    const late = await update(id, { leaveDate: '2024-01-01' });
    expect(late.statusCode).toBe(400);
    expect(late.body).toContain('Leave Date cannot be before the Hire Date');
    for (const bad of ['15/03/2024', '2024-02-30', '2024-3-5', 20240315]) {
      const wrong = await create({ hireDate: bad });
      expect(wrong.statusCode, String(bad)).toBe(400);
      expect(wrong.body).toContain('Hire Date must be a date written YYYY-MM-DD');
    }
  });
});

describe('leavers and hires still to start', () => {
  it('carry their employment status; the list shows those active today unless asked, the overview counts only them', async () => {
    await setTimeZone(t, 'UTC');
    const day = await today();
    const shift = (days: number) => {
      const d = new Date(`${day}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() + days);
      return d.toISOString().slice(0, 10);
    };
    const c2 = await t.newCompany(3000);
    const of = {
      technologyId: c2.job.id,
      specializationId: c2.position.id,
      gradeId: c2.grade.id,
      levelId: c2.level.id,
    };
    const left = (
      await create({ ...of, name: 'Left Yesterday', hireDate: '2020-01-01', leaveDate: shift(-1) })
    ).envelope.data;
    const leaving = (await create({ ...of, name: 'Leaves Today', leaveDate: day })).envelope.data;
    const starting = (await create({ ...of, name: 'Starts Tomorrow', hireDate: shift(1) })).envelope.data;
    const staying = (await create({ ...of, name: 'Stays' })).envelope.data;
    expect([left, leaving, starting, staying].map((e) => e.employmentStatus)).toEqual([
      'LEAVER',
      'ACTIVE',
      'NOT_STARTED',
      'ACTIVE',
    ]);
    const names = async (query: string) =>
      (
        await t.callAsAdmin<EmployeeView[]>({
          method: 'GET',
          url: `/api/employees?technologyId=${c2.job.id}${query}`,
        })
      ).envelope.data
        .map((e) => e.name)
        .sort();
    expect(await names('')).toEqual(['Leaves Today', 'Stays']);
    expect(await names('&status=active')).toEqual(['Leaves Today', 'Stays']);
    expect(await names('&status=leavers')).toEqual(['Left Yesterday']);
    expect(await names('&status=future')).toEqual(['Starts Tomorrow']);
    expect(await names('&status=all')).toEqual([
      'Leaves Today',
      'Left Yesterday',
      'Starts Tomorrow',
      'Stays',
    ]);
    const wrong = await t.callAsAdmin({ method: 'GET', url: '/api/employees?status=gone' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('Status must be active, leavers, future or all');

    const overview = async (query: string) =>
      (
        await t.callAsAdmin<{ headcount: number }>({
          method: 'GET',
          url: `/api/insights?technologyId=${c2.job.id}${query}`,
        })
      ).envelope.data.headcount;
    expect(await overview('')).toBe(2);
    expect(await overview('&status=all')).toBe(2);
    // The one employee's page still opens for a leaver.
    expect((await get(left.id)).employmentStatus).toBe('LEAVER');
  });
});

describe('days in Excel', () => {
  const HEADER = [...excel.IMPORT_HEADER, ...excel.DAY_HEADERS];
  const row = (days: excel.Cells) => [...excel.importRow(c, { Name: 'Dated Hire' }), ...days];

  it('export as date cells with a date format, and import back unchanged', async () => {
    await create({ name: 'Exported Days', hireDate: '2021-07-04', leaveDate: '2031-01-31' });
    const { res, book } = await excel.downloadBook(t);
    const sheet = book.getWorksheet('Employees')!;
    const header = sheet.getRow(1).values as unknown[];
    const at = header.indexOf('Hire Date');
    let found = false;
    sheet.eachRow((r) => {
      if (r.getCell(header.indexOf('Name')).value !== 'Exported Days') return;
      found = true;
      expect(r.getCell(at).value).toEqual(new Date('2021-07-04T00:00:00Z'));
      expect(r.getCell(at).numFmt).toBe('yyyy-mm-dd');
      expect(r.getCell(header.indexOf('Leave Date')).value).toEqual(new Date('2031-01-31T00:00:00Z'));
      expect(r.getCell(header.indexOf('Career Start Date')).value ?? null).toBeNull();
    });
    expect(found).toBe(true);
    const back = await excel.importFile(t, res.bytes, { query: '?dryRun=true' });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.envelope.data).toMatchObject({ created: 0, updated: 0, conflictCount: 0 });
  });

  it('import a real date cell or the text YYYY-MM-DD; a blank years cell takes the date’s years', async () => {
    const day = await today();
    const res = await excel.importSheet(t, [
      HEADER,
      row([new Date('2022-05-01T00:00:00Z') as unknown as string, '2018-01-01', null]),
      [
        ...excel.importRow(c, { Name: 'Blank Years', 'Years with Company': null }),
        before(day, 6),
        null,
        null,
      ],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const list = await employeeList(t);
    expect(list.find((e) => e.name === 'Dated Hire')).toMatchObject({
      hireDate: '2022-05-01',
      careerStartDate: '2018-01-01',
      leaveDate: null,
    });
    expect(list.find((e) => e.name === 'Blank Years')).toMatchObject({
      hireDate: before(day, 6),
      yearsWithCompany: 6,
    });
  });

  it('refuses anything else in a date column, naming the row and the column', async () => {
    const res = await excel.importSheet(
      t,
      [
        HEADER,
        row([45000, null, null]),
        row(['March 3, 2024', null, null]),
        row(['2024-03-15', null, '2024-03-01']),
      ],
      { query: '?dryRun=true' },
    );
    expect(res.statusCode).toBe(400);
    const report = res.envelope.data as unknown as ImportReport;
    expect(report.problems).toEqual([
      {
        row: 2,
        column: 'Hire Date',
        message: 'Hire Date must be a date cell or a date written YYYY-MM-DD, not "45000"',
      },
      {
        row: 3,
        column: 'Hire Date',
        message: 'Hire Date must be a date cell or a date written YYYY-MM-DD, not "March 3, 2024"',
      },
      { row: 4, column: 'Leave Date', message: 'Leave Date cannot be before the Hire Date' },
    ]);
  });
});
