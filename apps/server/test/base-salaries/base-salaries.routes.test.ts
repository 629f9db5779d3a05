import type { BaseSalary } from '@salary/shared/base-salaries/base-salaries.contract';
import type { Grade } from '@salary/shared/grades/grades.contract';
import type { Level } from '@salary/shared/levels/levels.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../support/helper.ts';
import { expectDocumented, expectFieldProblems, expectRefused, rulesApi } from '../support/rules-api.ts';

let t: TestContext;
let junior: Grade;
let senior: Grade;
let l1: Level;
let l2: Level;

const baseSalaries = rulesApi<BaseSalary>(() => t, '/api/base-salary');
const createGrade = (payload: { name: string; order?: number }) =>
  rulesApi<Grade>(() => t, '/api/grades').create(payload);
const createLevel = (name: string) => rulesApi<Level>(() => t, '/api/levels').create({ name });

beforeAll(async () => {
  t = await buildTestApp();
  // Senior is created first but ordered after Junior, so grade order (not id) must sort.
  senior = await createGrade({ name: 'Senior', order: 5 });
  junior = await createGrade({ name: 'Junior', order: 1 });
  l1 = await createLevel('L1');
  l2 = await createLevel('L2');
});
afterAll(async () => t.close());

const listBaseSalaries = (token?: string) => baseSalaries.list(token);
const post = (payload: object, token?: string) => baseSalaries.post(payload, token);

describe('base salaries API', () => {
  it('creates a base salary and answers it with its grade and level, the amount as a number', async () => {
    const res = await post({ gradeId: senior.id, levelId: l2.id, amount: 5250.5 });
    expect(res.statusCode).toBe(201);
    expect(res.envelope.message).toBe('Base salary created successfully');
    expect(res.envelope.data).toEqual({
      id: expect.any(Number),
      gradeId: senior.id,
      levelId: l2.id,
      amount: 5250.5,
      // The default band: ±10% of the amount, no spread or bound of its own.
      bandSpread: null,
      bandMin: null,
      bandMax: null,
      band: { min: 4725.45, max: 5775.55 },
      grade: { id: senior.id, name: 'Senior', order: 5 },
      level: { id: l2.id, name: 'L2', order: l2.order },
      version: expect.any(Number),
    });
  });

  it('lists base salaries by grade order, then level, to readers of the money rules only', async () => {
    await baseSalaries.create({ gradeId: senior.id, levelId: l1.id, amount: 5000 });
    await baseSalaries.create({ gradeId: junior.id, levelId: l2.id, amount: 2100.25 });
    await baseSalaries.create({ gradeId: junior.id, levelId: l1.id, amount: 0 });
    const plain = await t.createUser({ manageEmployee: true, deleteEmployee: true, showCost: true });
    const refused = await t.call({ method: 'GET', url: '/api/base-salary', token: plain.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('5250.5');
    const { token } = await t.createUser({ showSettings: true });
    const list = await listBaseSalaries(token);
    expect(list.map((b) => [b.grade.name, b.level.name, b.amount])).toEqual([
      ['Junior', 'L1', 0],
      ['Junior', 'L2', 2100.25],
      ['Senior', 'L1', 5000],
      ['Senior', 'L2', 5250.5],
    ]);
    for (const b of list) expect(typeof b.amount).toBe('number');
  });

  it('validates grade, level and amount, naming the fields as the form does', async () => {
    const missing = await post({});
    expectFieldProblems(
      missing,
      [
        { field: 'gradeId', message: 'Grade is required' },
        { field: 'levelId', message: 'Level is required' },
        { field: 'amount', message: 'Base Salary Amount is required' },
      ],
      { including: true },
    );
    for (const [amount, message] of [
      [null, 'Base Salary Amount is required'],
      ['100', 'Base Salary Amount must be a number'],
      [-0.01, 'Base Salary Amount must be 0 or more'],
      [12.345, 'Base Salary Amount must have at most 2 decimals'],
      [1_000_000_000, 'Base Salary Amount must be at most 999,999,999.99'],
    ] as const) {
      const res = await post({ gradeId: junior.id, levelId: l1.id, amount });
      expectFieldProblems(res, [{ field: 'amount', message }], { context: String(amount) });
    }
  });

  it('keeps the largest amount to the cent', async () => {
    const grade = await createGrade({ name: 'Executive' });
    const res = await post({ gradeId: grade.id, levelId: l1.id, amount: 999_999_999.99 });
    expect(res.statusCode).toBe(201);
    expect(res.envelope.data.amount).toBe(999_999_999.99);
    expect((await listBaseSalaries()).find((b) => b.id === res.envelope.data.id)?.amount).toBe(
      999_999_999.99,
    );
  });

  it('answers 400 naming the field for an unknown grade or level', async () => {
    const res = await post({ gradeId: 999999, levelId: 999998, amount: 10 });
    expectFieldProblems(res, [
      { field: 'gradeId', message: 'Grade not found' },
      { field: 'levelId', message: 'Level not found' },
    ]);
    const level = await post({ gradeId: junior.id, levelId: 999998, amount: 10 });
    expectFieldProblems(level, [{ field: 'levelId', message: 'Level not found' }]);
    expect(level.envelope.message).toBe('Level not found');
  });

  it('refuses a second base salary for the same grade and level, naming them', async () => {
    const before = await listBaseSalaries();
    const res = await post({ gradeId: junior.id, levelId: l2.id, amount: 9999 });
    expect(res.statusCode).toBe(409);
    expect(res.envelope).toMatchObject({
      error: 'CONFLICT',
      message: 'A base salary for grade Junior and level L2 already exists',
    });
    expect(await listBaseSalaries()).toEqual(before);
  });

  it('lets only one of two saves of the same grade and level at the same moment win', async () => {
    const grade = await createGrade({ name: 'Staff' });
    const results = await Promise.all(
      [100, 200, 300].map((amount) => post({ gradeId: grade.id, levelId: l1.id, amount })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    for (const r of results.filter((r) => r.statusCode === 409))
      expect(r.envelope.message).toBe('A base salary for grade Staff and level L1 already exists');
    expect((await listBaseSalaries()).filter((b) => b.gradeId === grade.id)).toHaveLength(1);
  });

  it('updates the amount, or moves to a free grade and level, but not onto a taken pair', async () => {
    const list = await listBaseSalaries();
    const juniorL1 = list.find((b) => b.gradeId === junior.id && b.levelId === l1.id)!;
    const res = await baseSalaries.put(juniorL1.id, { gradeId: junior.id, levelId: l1.id, amount: 1999.99 });
    expect(res.statusCode).toBe(200);
    expect(res.envelope.message).toBe('Base salary updated successfully');
    expect(res.envelope.data).toMatchObject({ id: juniorL1.id, amount: 1999.99, grade: { name: 'Junior' } });

    const taken = await baseSalaries.put(juniorL1.id, {
      gradeId: senior.id,
      levelId: l1.id,
      amount: 1999.99,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.envelope.message).toBe('A base salary for grade Senior and level L1 already exists');

    const l3 = await createLevel('L3');
    const moved = await baseSalaries.put(juniorL1.id, { gradeId: junior.id, levelId: l3.id, amount: 2500 });
    expect(moved.statusCode).toBe(200);
    expect(moved.envelope.data).toMatchObject({
      levelId: l3.id,
      level: { id: l3.id, name: 'L3', order: l3.order },
      amount: 2500,
    });
  });

  it('deletes a base salary; an unknown id is a 404', async () => {
    const created = await baseSalaries.create({
      gradeId: senior.id,
      levelId: (await createLevel('L9')).id,
      amount: 1,
    });
    await baseSalaries.remove(created.id, 'Base salary deleted successfully');
    expect((await listBaseSalaries()).some((b) => b.id === created.id)).toBe(false);
    const again = await baseSalaries.delete(created.id);
    expect(again.statusCode).toBe(404);
    expect(again.envelope.message).toBe('Base salary not found');
    const put = await baseSalaries.put(999999, { gradeId: junior.id, levelId: l1.id, amount: 1 });
    expect(put.statusCode).toBe(404);
    expect((await baseSalaries.delete('abc')).statusCode).toBe(400);
  });

  it('refuses writes without manageSettings (403), changes nothing, and needs a token (401)', async () => {
    const before = await listBaseSalaries();
    const target = before[0]!;
    const viewer = await t.createUser({ showSettings: true, showSalary: true });
    const payload = { gradeId: target.gradeId, levelId: target.levelId, amount: 1 };
    const free = await createGrade({ name: 'Free' });
    await expectRefused(t, viewer.token, [
      { method: 'POST', url: '/api/base-salary', payload: { ...payload, gradeId: free.id } },
      { method: 'PUT', url: `/api/base-salary/${target.id}`, payload },
      { method: 'DELETE', url: `/api/base-salary/${target.id}` },
    ]);
    expect(await listBaseSalaries(viewer.token)).toEqual(before);
    const manager = await t.createUser({ manageSettings: true });
    const updated = await baseSalaries.put(target.id, { ...payload, amount: 42 }, manager.token);
    expect(updated.statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/base-salary' })).statusCode).toBe(401);
    expect((await t.call({ method: 'DELETE', url: `/api/base-salary/${target.id}` })).statusCode).toBe(401);
  });
  it('describes its calls in the OpenAPI document at /api/docs', async () => {
    await expectDocumented(t, 'base-salaries', {
      '/api/base-salary': ['get', 'post'],
      '/api/base-salary/bulk': ['post'],
      '/api/base-salary/{id}': ['delete', 'put'],
    });
  });
});
