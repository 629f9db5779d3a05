import { todayIn } from '@salary/shared/common/calendar-day';
import { toCents } from '@salary/shared/common/money';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import type { Insights } from '@salary/shared/insights/insights.contract';
import type { PayReport, PayStatement } from '@salary/shared/pay-transparency/pay-transparency.contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plusDays } from '../support/days.ts';
import { placeIn } from '../support/factories.ts';
import { buildTestApp, type TestContext } from '../support/helper.ts';

/*
 * Pay as of a day on the readers of figures: `?asOf=` on GET /api/insights (and its .xlsx),
 * GET /api/pay-transparency (and its .xlsx), the pay statement, and `asOf` in the body of
 * POST /api/calculate. Only those employed on the day count; a dated change counts from its day.
 * The figures themselves against the list as of the day: pay-as-of-figures.test.ts.
 */

let t: TestContext;
let c: Awaited<ReturnType<TestContext['newCompany']>>;
let higher: { id: number };
let body: Record<string, unknown>;
const who = { stayer: 0, leaver: 0, newcomer: 0, promoted: 0 };

/** `day` moved by `days` (calendar days, as text). */
const today = () => todayIn('UTC');
/** The leaver's last day: ten days ago. A scheduled promotion: in twenty days. A new hire: in thirty. */
const leaveDay = () => plusDays(today(), -10);
const promotionDay = () => plusDays(today(), 20);
const hireDay = () => plusDays(today(), 30);

async function create(name: string, extra: Record<string, unknown>): Promise<number> {
  const res = await t.callAsAdmin<EmployeeView>({
    method: 'POST',
    url: '/api/employees',
    payload: { ...body, name, ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.envelope.data.id;
}

const insights = (query = '') =>
  t.callAsAdmin<Insights>({ method: 'GET', url: `/api/insights?technologyId=${c.job.id}${query}` });
const report = (query = '') =>
  t.callAsAdmin<PayReport>({ method: 'GET', url: `/api/pay-transparency${query}` });
const statement = (id: number, query = '') =>
  t.callAsAdmin<PayStatement>({ method: 'GET', url: `/api/employees/${id}/pay-statement${query}` });
const salaryOn = async (id: number, day: string) =>
  (await t.callAsAdmin<EmployeeView>({ method: 'GET', url: `/api/employees/${id}?asOf=${day}` })).envelope
    .data.calculatedSalary!;

beforeAll(async () => {
  t = await buildTestApp();
  c = await t.newCompany(4000);
  higher = await t.newGrade('Senior', 50);
  await t.newBaseSalary(higher.id, c.level.id, 6000);
  body = {
    technologyId: c.job.id,
    specializationId: c.position.id,
    gradeId: c.grade.id,
    levelId: c.level.id,
    yearsExperience: 2,
    yearsWithCompany: 1,
    hireDate: '2020-01-15',
    gender: 'FEMALE',
  };
  who.stayer = await create('Stella Stayer', {});
  who.leaver = await create('Leo Leaver', { gender: 'MALE', leaveDate: leaveDay() });
  who.newcomer = await create('Nina Newcomer', { hireDate: hireDay() });
  who.promoted = await create('Paul Promoted', { gender: 'MALE' });
  const promoted = await t.callAsAdmin({
    method: 'PUT',
    url: `/api/employees/${who.promoted}?effectiveFrom=${promotionDay()}`,
    payload: { ...body, name: 'Paul Promoted', gender: 'MALE', gradeId: higher.id },
  });
  expect(promoted.statusCode, promoted.body).toBe(200);
});
afterAll(async () => t.close());

describe('GET /api/insights?asOf=', () => {
  it('counts a leaver up to the leave date and not after, a new hire from the hire date', async () => {
    const now = (await insights()).envelope.data;
    expect((await insights(`&asOf=${today()}`)).body).toBe((await insights()).body);
    // Today: the stayer and the promoted (the leaver has left, the newcomer not started).
    expect(now.headcount).toBe(2);
    const onLeaveDay = (await insights(`&asOf=${leaveDay()}`)).envelope.data;
    expect(onLeaveDay.headcount).toBe(3);
    expect(toCents(onLeaveDay.payroll) - toCents(now.payroll)).toBe(
      toCents(await salaryOn(who.leaver, leaveDay())),
    );
    expect((await insights(`&asOf=${plusDays(leaveDay(), 1)}`)).envelope.data.headcount).toBe(2);
    expect((await insights(`&asOf=${plusDays(hireDay(), -1)}`)).envelope.data.headcount).toBe(2);
    expect((await insights(`&asOf=${hireDay()}`)).envelope.data.headcount).toBe(3);
  });

  it('prices a scheduled change only from its day', async () => {
    const before = (await insights(`&asOf=${plusDays(promotionDay(), -1)}`)).envelope.data;
    const from = (await insights(`&asOf=${promotionDay()}`)).envelope.data;
    expect(before.headcount).toBe(from.headcount);
    expect(toCents(before.payroll)).toBe(toCents((await insights()).envelope.data.payroll));
    const raise =
      toCents(await salaryOn(who.promoted, promotionDay())) -
      toCents(await salaryOn(who.promoted, plusDays(promotionDay(), -1)));
    expect(raise).toBeGreaterThan(0);
    expect(toCents(from.payroll) - toCents(before.payroll)).toBe(raise);
    // The heat map places the promoted employee in the higher grade from that day.
    const inHigher = (d: Insights) => d.byGradeLevel.find((x) => x.gradeId === higher.id)?.count ?? 0;
    expect([inHigher(before), inHigher(from)]).toEqual([0, 1]);
  });

  it("downloads a chart's .xlsx as of the day", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/insights/export/headline?technologyId=${c.job.id}&asOf=${leaveDay()}`,
      headers: { authorization: `Bearer ${t.adminToken}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0]!.getSheetValues() as unknown[][];
    expect(rows.some((r) => r?.[1] === 'Headcount' && r[2] === 3)).toBe(true);
  });
});

describe('GET /api/pay-transparency?asOf= and the pay statement', () => {
  it('reports those employed on the day: the leaver before the leave date, not after', async () => {
    const now = (await report()).envelope.data;
    expect(now.counts).toMatchObject({ total: 2, female: 1, male: 1 });
    const past = (await report(`?asOf=${leaveDay()}`)).envelope.data;
    expect(past.counts).toMatchObject({ total: 3, female: 1, male: 2 });
    const later = (await report(`?asOf=${hireDay()}`)).envelope.data;
    expect(later.counts).toMatchObject({ total: 3, female: 2, male: 1 });
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/pay-transparency/export?asOf=${leaveDay()}`,
      headers: { authorization: `Bearer ${t.adminToken}` },
    });
    expect(file.statusCode, file.body).toBe(200);
  });

  it("states a worker's pay as of the day, dated that day", async () => {
    const before = (await statement(who.promoted, `?asOf=${plusDays(promotionDay(), -1)}`)).envelope.data;
    const from = (await statement(who.promoted, `?asOf=${promotionDay()}`)).envelope.data;
    expect(before.date).toBe(plusDays(promotionDay(), -1));
    expect(from.date).toBe(promotionDay());
    expect(before.employee.grade).not.toBe(from.employee.grade);
    expect(from.pay!).toBeGreaterThan(before.pay!);
    expect((await statement(who.promoted)).body).toBe(
      (await statement(who.promoted, `?asOf=${today()}`)).body,
    );
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/employees/${who.promoted}/pay-statement.pdf?asOf=${promotionDay()}`,
      headers: { authorization: `Bearer ${t.adminToken}` },
    });
    expect(pdf.statusCode).toBe(200);
  });
});

describe('POST /api/calculate with asOf', () => {
  const profile = () => ({
    ...placeIn(c),
    yearsExperience: 2,
    yearsWithCompany: 1,
  });
  it("prices with the rules in force that day (today's, until a rule changes)", async () => {
    const now = await t.callAsAdmin<{ calculatedSalary: number }>({
      method: 'POST',
      url: '/api/calculate',
      payload: profile(),
    });
    const past = await t.callAsAdmin<{ calculatedSalary: number }>({
      method: 'POST',
      url: '/api/calculate',
      payload: { ...profile(), asOf: leaveDay() },
    });
    expect(past.statusCode, past.body).toBe(200);
    expect(past.envelope.data.calculatedSalary).toBe(now.envelope.data.calculatedSalary);
  });
});

describe('a malformed day', () => {
  it('is refused with a 400 naming asOf on every reader', async () => {
    for (const bad of ['2026-02-30', '27.11.2026', 'yesterday']) {
      const q = `asOf=${encodeURIComponent(bad)}`;
      const answers = [
        await insights(`&${q}`),
        await t.callAsAdmin({ method: 'GET', url: `/api/insights/export/headline?${q}` }),
        await report(`?${q}`),
        await t.callAsAdmin({ method: 'GET', url: `/api/pay-transparency/export?${q}` }),
        await statement(who.stayer, `?${q}`),
        await t.callAsAdmin({ method: 'GET', url: `/api/employees/${who.stayer}/pay-statement.pdf?${q}` }),
        await t.callAsAdmin({
          method: 'POST',
          url: '/api/calculate',
          payload: {
            ...placeIn(c),
            asOf: bad,
          },
        }),
      ];
      for (const res of answers) {
        expect(res.statusCode, res.body).toBe(400);
        expect(res.body).toContain('As Of must be a date written YYYY-MM-DD');
        expect(res.body).toContain('asOf');
      }
    }
  });
});
