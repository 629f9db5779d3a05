import type { Company } from '@salary/shared/company/company.contract';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportedRowOf, IMPORT_HEADER, importRowOf, importSheet } from '../excel/excel-files.ts';
import { addEmployee, addFormFor } from '../support/employee-forms.ts';
import { employeeList } from '../support/employee-reads.ts';
import { testAppForFile } from '../support/helper.ts';

/*
 * Contracted hours a week on the employee: the hourly pay of the pay report divides by them.
 * A new employee whose hours are not given takes the company's standard weekly hours (40 until
 * Settings → Company says otherwise); a write that leaves them out keeps them; they are dated
 * like the job and the grade; the Excel column "Weekly Hours" goes out and comes back.
 */

const t = testAppForFile();
let body: Record<string, unknown>;

beforeAll(async () => {
  body = addFormFor(await t.newCompany(4000), { name: 'Part Timer', yearsExperience: 2 });
});

const get = async (id: number, query = '') =>
  (await t.callAsAdmin<EmployeeView>({ method: 'GET', url: `/api/employees/${id}${query}` })).envelope.data;

async function setStandardHours(hours: number) {
  const company = (await t.callAsAdmin<Company>({ method: 'GET', url: '/api/company' })).envelope.data;
  const res = await t.callAsAdmin<Company>({
    method: 'PUT',
    url: '/api/company',
    payload: { ...company, companyName: company.companyName ?? 'Acme', standardWeeklyHours: hours },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.envelope.data.standardWeeklyHours).toBe(hours);
}

describe('weekly hours on the employee', () => {
  it('start at the company standard, are set by the form, and kept when a write leaves them out', async () => {
    const created = await addEmployee(t, body);
    const id = created.id;
    expect(created.weeklyHours).toBe(40);

    await setStandardHours(37.5);
    const second = await t.callAsAdmin<EmployeeView>({
      method: 'POST',
      url: '/api/employees',
      payload: { ...body, name: 'Second', weeklyHours: '' },
    });
    expect(second.envelope.data.weeklyHours).toBe(37.5);
    // The standard decides new employees only: the first one keeps its 40.
    expect((await get(id)).weeklyHours).toBe(40);

    const set = await t.callAsAdmin<EmployeeView>({
      method: 'PUT',
      url: `/api/employees/${id}`,
      payload: { ...body, weeklyHours: 20.5 },
    });
    expect(set.envelope.data.weeklyHours).toBe(20.5);
    await t.callAsAdmin({
      method: 'PUT',
      url: `/api/employees/${id}`,
      payload: { ...body, name: 'P. Timer' },
    });
    expect(await get(id)).toMatchObject({ name: 'P. Timer', weeklyHours: 20.5 });
  });

  it.each([
    [0, 'Weekly Hours must be more than 0'],
    [-8, 'Weekly Hours must be more than 0'],
    [168.5, 'Weekly Hours must be at most 168'],
    [20.125, 'Weekly Hours can have at most 2 decimals'],
    ['twenty', 'Weekly Hours must be a number'],
  ])('refuses %s with a message naming the field, writing nothing', async (hours, message) => {
    const res = await t.callAsAdmin({
      method: 'POST',
      url: '/api/employees',
      payload: { ...body, name: 'Refused', weeklyHours: hours },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(message);
    expect((await employeeList(t)).some((e) => e.name === 'Refused')).toBe(false);
  });

  it('refuses a standard outside a week', async () => {
    const company = (await t.callAsAdmin<Company>({ method: 'GET', url: '/api/company' })).envelope.data;
    const res = await t.callAsAdmin({
      method: 'PUT',
      url: '/api/company',
      payload: { ...company, companyName: 'Acme', standardWeeklyHours: 200 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Standard weekly hours must be at most 168');
  });

  it('are dated: a change from a later day leaves the hours as of today, and shows as of that day', async () => {
    const created = await t.callAsAdmin<EmployeeView>({
      method: 'POST',
      url: '/api/employees',
      payload: { ...body, name: 'Going Part Time', weeklyHours: 40 },
    });
    const id = created.envelope.data.id;
    const scheduled = await t.callAsAdmin({
      method: 'PUT',
      url: `/api/employees/${id}?effectiveFrom=2099-01-01`,
      payload: { ...body, name: 'Going Part Time', weeklyHours: 24 },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect((await get(id)).weeklyHours).toBe(40);
    expect((await get(id, '?asOf=2099-01-01')).weeklyHours).toBe(24);
    expect((await get(id, '?asOf=2098-12-31')).weeklyHours).toBe(40);
    // A later write leaving the hours out keeps the scheduled change's own hours.
    await t.callAsAdmin({
      method: 'PUT',
      url: `/api/employees/${id}?effectiveFrom=2099-06-01`,
      payload: { ...body, name: 'Going Part Time', levelId: body.levelId },
    });
    expect((await get(id, '?asOf=2099-06-01')).weeklyHours).toBe(24);
  });
});

describe('the Weekly Hours column', () => {
  it('is exported, and an import sets it, keeps it when blank or absent, and refuses a bad cell', async () => {
    const timer = await exportedRowOf(t, 'P. Timer', 'Weekly Hours');
    expect(timer.at).toBeGreaterThan(0);
    expect(timer.cell).toBe(20.5);

    const refs = await get(timer.id);
    const withHours = [...IMPORT_HEADER, 'Weekly Hours'];
    const row = (name: string, hours: string | number | null) => [
      ...importRowOf(refs, { Name: name }),
      hours,
    ];
    const withColumn = await importSheet(t, [withHours, row('Sheet Thirty', 30), row('Sheet Blank', '')]);
    expect(withColumn.statusCode, withColumn.body).toBe(200);
    const withoutColumn = await importSheet(t, [
      IMPORT_HEADER,
      row('Sheet Old File', null).slice(0, IMPORT_HEADER.length),
    ]);
    expect(withoutColumn.statusCode, withoutColumn.body).toBe(200);
    const list = await employeeList(t);
    const hoursOf = (name: string) => list.find((e) => e.name === name)?.weeklyHours;
    expect(hoursOf('Sheet Thirty')).toBe(30);
    // The standard was set to 37.5 above: blank and absent both take it.
    expect(hoursOf('Sheet Blank')).toBe(37.5);
    expect(hoursOf('Sheet Old File')).toBe(37.5);

    const bad = await importSheet(t, [withHours, row('Sheet Bad', 200)]);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Weekly Hours must be at most 168');
    expect((await employeeList(t)).some((e) => e.name === 'Sheet Bad')).toBe(false);
  });
});
