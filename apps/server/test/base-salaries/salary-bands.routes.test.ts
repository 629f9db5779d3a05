import type { BaseSalary } from '@salary/shared/base-salaries/base-salaries.contract';
import { addDays, todayIn } from '@salary/shared/common/calendar-day';
import type { FieldProblem } from '@salary/shared/common/envelope';
import type { ScheduledChange } from '@salary/shared/employees/dated.contract';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import type { Insights } from '@salary/shared/insights/insights.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTimeZone } from '../support/dated-company.ts';
import { buildTestApp, type TestContext } from '../support/helper.ts';

/*
 * Salary bands and compa-ratios on a hand-built company. Grade Mid / L1 is 5,000.00 with the
 * default band (±10%: 4,500.00–5,500.00); grade Top / L1 is 4,000.00 with a band typed into
 * the cell (3,900.00–4,100.00). The compa-ratio is the basic wage (base + job adjustment)
 * over the midpoint (the base salary):
 *
 *   Ann   Mid, Backend +250.00 fixed      5,250.00 / 5,000.00 = 1.05   in band
 *   Bob   Mid, Frontend (no factor)       5,000.00 / 5,000.00 = 1.00   in band
 *   Cat   Top, Backend +250.00 fixed      4,250.00 / 4,000.00 = 1.0625 → 1.06, above 4,100.00
 *   Dan   Top, Support −5%                3,800.00 / 4,000.00 = 0.95   below 3,900.00
 */

let t: TestContext;
let today: string;
const ids: Record<string, number> = {};
let mid: { id: number };
let top: { id: number };

const list = async (query = '', token = t.adminToken) =>
  t.call<EmployeeView[]>({ method: 'GET', url: `/api/employees${query}`, token });
const figures = async (query = '') => {
  const res = await list(query);
  expect(res.statusCode, res.body).toBe(200);
  return Object.fromEntries(
    res.envelope.data.map((e) => [e.name, { compaRatio: e.compaRatio, bandPosition: e.bandPosition }]),
  );
};
const bases = async () => {
  const res = await t.callAsAdmin<BaseSalary[]>({ method: 'GET', url: '/api/base-salary' });
  return new Map(res.envelope.data.map((b) => [b.id, b]));
};

beforeAll(async () => {
  t = await buildTestApp();
  await setTimeZone(t, 'UTC');
  today = todayIn('UTC');
  const job = await t.newJob('Engineering');
  const backend = await t.newPosition(job.id, 'Backend');
  const frontend = await t.newPosition(job.id, 'Frontend');
  const support = await t.newPosition(job.id, 'Support');
  const gMid = await t.newGrade('Mid', 1);
  const gTop = await t.newGrade('Top', 2);
  const level = await t.newLevel('L1');
  mid = await t.newBaseSalary(gMid.id, level.id, 5000);
  top = await t.newBaseSalary(gTop.id, level.id, 4000);
  await t.newFactor(job.id, backend.id, 'FIXED', 250);
  await t.newFactor(job.id, support.id, 'PERCENTAGE', -0.05);
  const typed = await t.callAsAdmin({
    method: 'POST',
    url: '/api/base-salary/bulk',
    payload: { cells: [{ gradeId: gTop.id, levelId: level.id, amount: 4000, bandMin: 3900, bandMax: 4100 }] },
  });
  expect(typed.statusCode, typed.body).toBe(200);
  const person = (name: string, positionId: number, gradeId: number) =>
    t.newEmployee({ name, jobId: job.id, positionId, gradeId, levelId: level.id });
  ids.ann = await person('Ann', backend.id, gMid.id);
  ids.bob = await person('Bob', frontend.id, gMid.id);
  ids.cat = await person('Cat', backend.id, gTop.id);
  ids.dan = await person('Dan', support.id, gTop.id);
  Object.assign(ids, { gMid: gMid.id, gTop: gTop.id, level: level.id });
});
afterAll(async () => t.close());

describe('salary bands and compa-ratios', () => {
  it('shows each cell its band: the spread around the base salary, or the bounds typed into it', async () => {
    const all = await bases();
    expect(all.get(mid.id)).toMatchObject({
      bandSpread: null,
      bandMin: null,
      bandMax: null,
      band: { min: 4500, max: 5500 },
    });
    expect(all.get(top.id)).toMatchObject({ bandMin: 3900, bandMax: 4100, band: { min: 3900, max: 4100 } });
  });

  it('prices every employee its compa-ratio and where it stands in its band', async () => {
    expect(await figures()).toEqual({
      Ann: { compaRatio: 1.05, bandPosition: 'INSIDE' },
      Bob: { compaRatio: 1, bandPosition: 'INSIDE' },
      Cat: { compaRatio: 1.06, bandPosition: 'ABOVE' },
      Dan: { compaRatio: 0.95, bandPosition: 'BELOW' },
    });
  });

  it('counts them per grade on Pay Overview, grades in their order', async () => {
    const res = await t.callAsAdmin<Insights>({ method: 'GET', url: '/api/insights' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.envelope.data.byBandPosition).toEqual([
      { gradeId: ids.gMid, grade: 'Mid', below: 0, inside: 2, above: 0 },
      { gradeId: ids.gTop, grade: 'Top', below: 1, inside: 0, above: 1 },
    ]);
  });

  it('lists only those outside their band with outsideBand=true', async () => {
    expect(Object.keys(await figures('?outsideBand=true')).sort()).toEqual(['Cat', 'Dan']);
    expect(Object.keys(await figures('?outsideBand=false')).sort()).toEqual(['Ann', 'Bob', 'Cat', 'Dan']);
  });

  it('widens a grade’s band from its spread: Cat is inside a ±20% band once the typed bounds are cleared', async () => {
    const res = await t.callAsAdmin({
      method: 'POST',
      url: '/api/base-salary/bulk',
      payload: {
        cells: [
          {
            gradeId: ids.gTop,
            levelId: ids.level,
            amount: 4000,
            bandSpread: 20,
            bandMin: null,
            bandMax: null,
          },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await bases()).get(top.id)).toMatchObject({ bandSpread: 20, band: { min: 3200, max: 4800 } });
    const audit = await t.callAsAdmin<{ entries: { summary: string }[] }>({
      method: 'GET',
      url: '/api/audit?entityType=baseSalary&limit=1',
    });
    expect(audit.envelope.data.entries[0]!.summary).toBe(
      'Base salaries (grid): Top / L1 band spread: ±10% (default) → ±20%; Top / L1 band minimum: $3,900.00 → from the spread; Top / L1 band maximum: $4,100.00 → from the spread',
    );
    expect((await figures()).Cat).toEqual({ compaRatio: 1.06, bandPosition: 'INSIDE' });
    expect((await figures()).Dan).toEqual({ compaRatio: 0.95, bandPosition: 'INSIDE' });
  });

  it('a band typed from next month is not in force today, and is as of that day', async () => {
    const day = addDays(today, 31);
    const res = await t.callAsAdmin({
      method: 'POST',
      url: `/api/base-salary/bulk?effectiveFrom=${day}`,
      payload: { cells: [{ gradeId: ids.gMid, levelId: ids.level, amount: 5000, bandMax: 5200 }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await bases()).get(mid.id)).toMatchObject({ bandMax: null, band: { min: 4500, max: 5500 } });
    expect((await figures()).Ann).toEqual({ compaRatio: 1.05, bandPosition: 'INSIDE' });
    expect((await figures(`?asOf=${addDays(day, -1)}`)).Ann).toEqual({
      compaRatio: 1.05,
      bandPosition: 'INSIDE',
    });
    expect((await figures(`?asOf=${day}`)).Ann).toEqual({ compaRatio: 1.05, bandPosition: 'ABOVE' });
    expect(Object.keys(await figures(`?asOf=${day}&outsideBand=true`))).toEqual(['Ann']);
    // Listed as the cell's change waiting for its day, in the API's names and units.
    const waiting = await t.callAsAdmin<ScheduledChange[]>({ method: 'GET', url: '/api/scheduled-changes' });
    expect(waiting.envelope.data.filter((c) => c.subjectName === 'Mid / L1')).toEqual([
      expect.objectContaining({
        kind: 'baseSalary',
        effectiveFrom: day,
        changes: [{ field: 'bandMax', before: null, after: 5200 }],
      }),
    ]);
  });
});

describe('bad bands are refused, nothing written', () => {
  it('refuses a minimum above the base salary or a maximum below it, by field', async () => {
    const before = await bases();
    const res = await t.callAsAdmin({
      method: 'PUT',
      url: `/api/base-salary/${mid.id}`,
      payload: { gradeId: ids.gMid, levelId: ids.level, amount: 5000, bandMin: 5100, bandMax: 4900 },
    });
    expect(res.statusCode, res.body).toBe(400);
    const fields = (res.envelope.data as { fields: FieldProblem[] }).fields;
    expect(fields).toEqual(
      expect.arrayContaining([
        { field: 'bandMin', message: 'Band Minimum must be at most the Base Salary Amount' },
        { field: 'bandMax', message: 'Band Maximum must be at least the Base Salary Amount' },
      ]),
    );
    expect(await bases()).toEqual(before);
  });

  it('refuses a spread outside 0–100%, naming the cell', async () => {
    const before = await bases();
    const res = await t.callAsAdmin({
      method: 'POST',
      url: '/api/base-salary/bulk',
      payload: { cells: [{ gradeId: ids.gMid, levelId: ids.level, amount: 5000, bandSpread: 150 }] },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect((res.envelope.data as { fields: FieldProblem[] }).fields).toEqual([
      { field: 'cells.0.bandSpread', message: 'Band Spread must be between 0 and 100 percent' },
    ]);
    expect(await bases()).toEqual(before);
  });

  it('refuses an amount moved past a bound typed before', async () => {
    await t.callAsAdmin({
      method: 'POST',
      url: '/api/base-salary/bulk',
      payload: { cells: [{ gradeId: ids.gMid, levelId: ids.level, amount: 5000, bandMin: 4800 }] },
    });
    const before = await bases();
    const res = await t.callAsAdmin({
      method: 'POST',
      url: '/api/base-salary/bulk',
      payload: { cells: [{ gradeId: ids.gMid, levelId: ids.level, amount: 4700 }] },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect((res.envelope.data as { fields: FieldProblem[] }).fields).toEqual([
      { field: 'cells.0.bandMin', message: 'Band Minimum must be at most the Base Salary Amount' },
    ]);
    expect(await bases()).toEqual(before);
  });
});

describe('compa-ratios need showSalary', () => {
  it('leaves the compa-ratio and band position out of the list without showSalary', async () => {
    const { token } = await t.createUser({ showCost: true, showSettings: true });
    const res = await list('', token);
    expect(res.statusCode, res.body).toBe(200);
    for (const e of res.envelope.data) {
      expect(e).not.toHaveProperty('compaRatio');
      expect(e).not.toHaveProperty('bandPosition');
    }
  });

  it('refuses the Outside band filter without showSalary', async () => {
    const { token } = await t.createUser({ showCost: true });
    const res = await list('?outsideBand=true', token);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.envelope.message).toBe('You do not have permission to filter by salary');
  });

  it('answers them with showSalary', async () => {
    const { token } = await t.createUser({ showSalary: true });
    const res = await list('?outsideBand=true', token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.envelope.data.every((e) => typeof e.compaRatio === 'number')).toBe(true);
  });
});
