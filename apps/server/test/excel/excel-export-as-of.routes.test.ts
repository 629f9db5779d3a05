import { addDays, todayIn } from '@salary/shared/common/calendar-day';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeRowKey } from '../../src/modules/excel/row-key.model.ts';
import { datedCompany } from '../support/dated-company.ts';
import { buildTestApp, type TestContext } from '../support/helper.ts';
import { download, loadWorkbook, sheetValues } from './excel-files.ts';

/*
 * GET /api/employees/export?asOf=YYYY-MM-DD: the workbook of the employees as the list shows
 * them that day — a change scheduled for a later day shows from its day, a leaver shows before
 * the day they left — and without asOf the same bytes as before.
 */

let t: TestContext;
let c: Awaited<ReturnType<TestContext['newCompany']>>;
let senior: { id: number; name: string };
let body: Record<string, unknown>;
let today: string;

/** The export's rows as { name → the row's cells by header }, with the Row Keys. */
async function exported(query = '') {
  const res = await download(t, `/api/employees/export${query}`, t.adminToken);
  expect(res.statusCode, res.body).toBe(200);
  const [header, ...rows] = sheetValues((await loadWorkbook(res.bytes)).worksheets[0]!) as string[][];
  const byName = new Map<string, Record<string, unknown>>();
  for (const row of rows) {
    const cells = Object.fromEntries(header!.map((h, i) => [h, row[i]]));
    byName.set(String(cells.Name), cells);
  }
  return { header: header!, byName, bytes: res.bytes };
}

async function newEmployee(payload: Record<string, unknown>): Promise<number> {
  const res = await t.callAsAdmin<EmployeeView>({
    method: 'POST',
    url: '/api/employees',
    payload: { ...body, ...payload },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.envelope.data.id;
}

beforeAll(async () => {
  t = await buildTestApp();
  ({ c, senior, body } = await datedCompany(t, 'Senior Export'));
  today = todayIn('UTC');
});
afterAll(async () => t.close());

describe('the export as of a day', () => {
  it('shows a change dated in the future from its day, and not in today’s file', async () => {
    const name = 'Promoted Later';
    const id = await newEmployee({ name });
    const day = addDays(today, 20);
    const before = await exported();
    const res = await t.callAsAdmin({
      method: 'PUT',
      url: `/api/employees/${id}?effectiveFrom=${day}`,
      payload: { ...body, name, gradeId: senior.id },
    });
    expect(res.statusCode, res.body).toBe(200);

    const now = await exported();
    expect(now.byName.get(name)?.Grade).toBe(c.grade.name);
    const onDay = await exported(`?asOf=${day}`);
    expect(onDay.header).toEqual(now.header);
    expect(onDay.byName.get(name)?.Grade).toBe(senior.name);
    expect(Number(onDay.byName.get(name)?.['Calculated Salary'])).toBeGreaterThan(
      Number(now.byName.get(name)?.['Calculated Salary']),
    );
    // The day before it, still the grade of today.
    expect((await exported(`?asOf=${addDays(day, -1)}`)).byName.get(name)?.Grade).toBe(c.grade.name);
    // Without asOf (or as of today) the file holds what it held before the scheduled write.
    expect(now.byName.get(name)).toEqual(before.byName.get(name));
    expect((await exported(`?asOf=${today}`)).byName.get(name)).toEqual(now.byName.get(name));
    // A file of another day cannot pass for today's at its import: its rows carry no version.
    const key = decodeRowKey(String(onDay.byName.get(name)?.['Row Key']));
    expect(key?.version).toBe(0);
    expect(decodeRowKey(String(now.byName.get(name)?.['Row Key']))?.version).toBeGreaterThan(0);
  });

  it('lists a leaver as of a day before they left, with the same filters as the list', async () => {
    const name = 'Left Last Month';
    await newEmployee({ name, leaveDate: addDays(today, -30) });
    expect((await exported()).byName.has(name)).toBe(false);
    const earlier = addDays(today, -60);
    const then = await exported(`?asOf=${earlier}`);
    expect(then.byName.has(name)).toBe(true);
    // The same people the list shows that day.
    const listed = await t.callAsAdmin<EmployeeView[]>({
      method: 'GET',
      url: `/api/employees?asOf=${earlier}`,
    });
    expect([...then.byName.keys()].sort()).toEqual(listed.envelope.data.map((e) => e.name).sort());
    // The leavers filter as of today finds them; as of the earlier day it does not.
    expect((await exported('?status=leavers')).byName.has(name)).toBe(true);
    expect((await exported(`?status=leavers&asOf=${earlier}`)).byName.has(name)).toBe(false);
  });

  it.each(['2026-02-30', '1 Mar 2026', '2026-3-1', ''])(
    'refuses asOf=%j with a 400 naming asOf',
    async (bad) => {
      const res = await t.callAsAdmin({
        method: 'GET',
        url: `/api/employees/export?asOf=${encodeURIComponent(bad)}`,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain('asOf');
      expect(res.headers['content-type']).toContain('application/json');
    },
  );
});
