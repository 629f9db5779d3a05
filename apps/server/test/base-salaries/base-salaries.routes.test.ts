import type { BaseSalary } from '@salary/shared/base-salaries/base-salaries.contract';
import type { FieldProblem } from '@salary/shared/common/envelope';
import type { Grade } from '@salary/shared/grades/grades.contract';
import type { Level } from '@salary/shared/levels/levels.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../support/helper.ts';

let t: TestContext;
let junior: Grade;
let senior: Grade;
let l1: Level;
let l2: Level;

async function create<T>(url: string, payload: object): Promise<T> {
  const res = await t.call<T>({ method: 'POST', url, token: t.adminToken, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.envelope.data;
}

beforeAll(async () => {
  t = await buildTestApp();
  // Senior is created first but ordered after Junior, so grade order (not id) must sort.
  senior = await create<Grade>('/api/grades', { name: 'Senior', order: 5 });
  junior = await create<Grade>('/api/grades', { name: 'Junior', order: 1 });
  l1 = await create<Level>('/api/levels', { name: 'L1' });
  l2 = await create<Level>('/api/levels', { name: 'L2' });
});
afterAll(async () => t.close());

async function listBaseSalaries(token = t.adminToken): Promise<BaseSalary[]> {
  const res = await t.call<BaseSalary[]>({ method: 'GET', url: '/api/base-salary', token });
  expect(res.statusCode).toBe(200);
  return res.envelope.data;
}

const post = (payload: object, token = t.adminToken) =>
  t.call<BaseSalary>({ method: 'POST', url: '/api/base-salary', token, payload });
const fieldsOf = (body: unknown) => (body as { fields: FieldProblem[] }).fields;

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
      grade: { id: senior.id, name: 'Senior', order: 5 },
      level: { id: l2.id, name: 'L2' },
    });
  });

  it('lists base salaries by grade order, then level, to readers of the money rules only', async () => {
    await create('/api/base-salary', { gradeId: senior.id, levelId: l1.id, amount: 5000 });
    await create('/api/base-salary', { gradeId: junior.id, levelId: l2.id, amount: 2100.25 });
    await create('/api/base-salary', { gradeId: junior.id, levelId: l1.id, amount: 0 });
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
    expect(missing.statusCode).toBe(400);
    expect(fieldsOf(missing.envelope.data)).toEqual(
      expect.arrayContaining([
        { field: 'gradeId', message: 'Grade is required' },
        { field: 'levelId', message: 'Level is required' },
        { field: 'amount', message: 'Base Salary Amount is required' },
      ]),
    );
    for (const [amount, message] of [
      [null, 'Base Salary Amount is required'],
      ['100', 'Base Salary Amount must be a number'],
      [-0.01, 'Base Salary Amount must be 0 or more'],
      [12.345, 'Base Salary Amount must have at most 2 decimals'],
      [1_000_000_000, 'Base Salary Amount must be at most 999,999,999.99'],
    ] as const) {
      const res = await post({ gradeId: junior.id, levelId: l1.id, amount });
      expect(res.statusCode, String(amount)).toBe(400);
      expect(fieldsOf(res.envelope.data)).toEqual([{ field: 'amount', message }]);
    }
  });

  it('keeps the largest amount to the cent', async () => {
    const grade = await create<Grade>('/api/grades', { name: 'Executive' });
    const res = await post({ gradeId: grade.id, levelId: l1.id, amount: 999_999_999.99 });
    expect(res.statusCode).toBe(201);
    expect(res.envelope.data.amount).toBe(999_999_999.99);
    expect((await listBaseSalaries()).find((b) => b.id === res.envelope.data.id)?.amount).toBe(
      999_999_999.99,
    );
  });

  it('answers 400 naming the field for an unknown grade or level', async () => {
    const res = await post({ gradeId: 999999, levelId: 999998, amount: 10 });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.envelope.data)).toEqual([
      { field: 'gradeId', message: 'Grade not found' },
      { field: 'levelId', message: 'Level not found' },
    ]);
    const level = await post({ gradeId: junior.id, levelId: 999998, amount: 10 });
    expect(level.envelope.message).toBe('Level not found');
    expect(fieldsOf(level.envelope.data)).toEqual([{ field: 'levelId', message: 'Level not found' }]);
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
    const grade = await create<Grade>('/api/grades', { name: 'Staff' });
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
    const res = await t.call<BaseSalary>({
      method: 'PUT',
      url: `/api/base-salary/${juniorL1.id}`,
      token: t.adminToken,
      payload: { gradeId: junior.id, levelId: l1.id, amount: 1999.99 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.envelope.message).toBe('Base salary updated successfully');
    expect(res.envelope.data).toMatchObject({ id: juniorL1.id, amount: 1999.99, grade: { name: 'Junior' } });

    const taken = await t.call({
      method: 'PUT',
      url: `/api/base-salary/${juniorL1.id}`,
      token: t.adminToken,
      payload: { gradeId: senior.id, levelId: l1.id, amount: 1999.99 },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.envelope.message).toBe('A base salary for grade Senior and level L1 already exists');

    const l3 = await create<Level>('/api/levels', { name: 'L3' });
    const moved = await t.call<BaseSalary>({
      method: 'PUT',
      url: `/api/base-salary/${juniorL1.id}`,
      token: t.adminToken,
      payload: { gradeId: junior.id, levelId: l3.id, amount: 2500 },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.envelope.data).toMatchObject({
      levelId: l3.id,
      level: { id: l3.id, name: 'L3' },
      amount: 2500,
    });
  });

  it('deletes a base salary; an unknown id is a 404', async () => {
    const created = await create<BaseSalary>('/api/base-salary', {
      gradeId: senior.id,
      levelId: (await create<Level>('/api/levels', { name: 'L9' })).id,
      amount: 1,
    });
    const res = await t.call({
      method: 'DELETE',
      url: `/api/base-salary/${created.id}`,
      token: t.adminToken,
    });
    expect(res.statusCode).toBe(200);
    expect(res.envelope).toMatchObject({
      success: true,
      message: 'Base salary deleted successfully',
      data: null,
    });
    expect((await listBaseSalaries()).some((b) => b.id === created.id)).toBe(false);
    const again = await t.call({
      method: 'DELETE',
      url: `/api/base-salary/${created.id}`,
      token: t.adminToken,
    });
    expect(again.statusCode).toBe(404);
    expect(again.envelope.message).toBe('Base salary not found');
    const put = await t.call({
      method: 'PUT',
      url: '/api/base-salary/999999',
      token: t.adminToken,
      payload: { gradeId: junior.id, levelId: l1.id, amount: 1 },
    });
    expect(put.statusCode).toBe(404);
    expect(
      (await t.call({ method: 'DELETE', url: '/api/base-salary/abc', token: t.adminToken })).statusCode,
    ).toBe(400);
  });

  it('refuses writes without manageSettings (403), changes nothing, and needs a token (401)', async () => {
    const before = await listBaseSalaries();
    const target = before[0]!;
    const viewer = await t.createUser({ showSettings: true, showSalary: true });
    const payload = { gradeId: target.gradeId, levelId: target.levelId, amount: 1 };
    for (const req of [
      {
        method: 'POST' as const,
        url: '/api/base-salary',
        payload: { ...payload, gradeId: (await create<Grade>('/api/grades', { name: 'Free' })).id },
      },
      { method: 'PUT' as const, url: `/api/base-salary/${target.id}`, payload },
      { method: 'DELETE' as const, url: `/api/base-salary/${target.id}` },
    ]) {
      const res = await t.call({ ...req, token: viewer.token });
      expect(res.statusCode, `${req.method} ${req.url}`).toBe(403);
    }
    expect(await listBaseSalaries(viewer.token)).toEqual(before);
    const manager = await t.createUser({ manageSettings: true });
    const updated = await t.call({
      method: 'PUT',
      url: `/api/base-salary/${target.id}`,
      token: manager.token,
      payload: { ...payload, amount: 42 },
    });
    expect(updated.statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/base-salary' })).statusCode).toBe(401);
    expect((await t.call({ method: 'DELETE', url: `/api/base-salary/${target.id}` })).statusCode).toBe(401);
  });
  it('describes its calls in the OpenAPI document at /api/docs', async () => {
    const res = await t.call({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = JSON.parse(res.body) as {
      paths: Record<string, Record<string, { tags: string[]; summary: string }>>;
    };
    const documented = Object.entries(doc.paths)
      .filter(([, ops]) => Object.values(ops).some((op) => op.tags?.includes('base-salaries')))
      .map(([p, ops]) => [p, Object.keys(ops).sort()]);
    expect(Object.fromEntries(documented)).toEqual({
      '/api/base-salary': ['get', 'post'],
      '/api/base-salary/{id}': ['delete', 'put'],
    });
    for (const [, ops] of Object.entries(doc.paths).filter(
      ([p]) => p in { '/api/base-salary': true, '/api/base-salary/{id}': true },
    ))
      for (const op of Object.values(ops)) expect(op.summary).toBeTruthy();
  });
});
